// wasm/build.sh's own output: when it installs wasm-bindgen-cli it says so in one line,
// without cargo install's chatter, and an error of the install still shows and stops it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));

// What `cargo install wasm-bindgen-cli --version =0.2.129 --locked` printed besides its
// result: progress, a yanked crate in the tool's lock file, and where the binary went.
const CHATTER = [
  '    Updating crates.io index',
  '  Installing wasm-bindgen-cli v0.2.129',
  'warning: package `yoke-derive v0.8.3` in Cargo.lock is yanked in registry `crates-io`, consider running without --locked',
  '   Compiling proc-macro2 v1.0.107',
  'warning: be sure to add `/x/target/wasm-tools/bin` to your PATH to be able to run the installed binaries',
];
const ERROR = 'error: failed to compile `wasm-bindgen-cli v0.2.129`';

/** A shell command that prints `line` on stderr. */
const say = (line) => `printf '%s\\n' '${line.replaceAll("'", "'\\''")}' >&2`;

test("build.sh installs wasm-bindgen-cli without cargo install's chatter, its errors shown", () => {
  // A copy of the script in a directory laid out as the repository, with no tool installed,
  // and stand-ins for rustup and cargo first on the PATH. The stand-in cargo prints the
  // chatter unless told --quiet or -q, as cargo does (by hand: `cargo install --quiet --path
  // <crate> --root <dir>` prints neither progress nor the PATH warning, and still prints a
  // compile error), then the error, and fails.
  const root = mkdtempSync(join(tmpdir(), 'td-build-sh-'));
  try {
    mkdirSync(join(root, 'wasm'));
    copyFileSync(here('../../build.sh'), join(root, 'wasm/build.sh'));
    copyFileSync(here('../../Cargo.toml'), join(root, 'wasm/Cargo.toml'));
    const bin = join(root, 'bin');
    mkdirSync(bin);
    const rustup = '#!/bin/sh\necho wasm32-unknown-unknown\n';
    const cargo = [
      '#!/bin/sh',
      'case " $* " in',
      '  *" --quiet "* | *" -q "*) ;;',
      `  *) ${CHATTER.map(say).join('; ')} ;;`,
      'esac',
      say(ERROR),
      'exit 101',
      '',
    ].join('\n');
    for (const [name, text] of [['rustup', rustup], ['cargo', cargo]]) {
      writeFileSync(join(bin, name), text);
      chmodSync(join(bin, name), 0o755);
    }
    const r = spawnSync('bash', [join(root, 'wasm/build.sh')], {
      encoding: 'utf8',
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
    });
    assert.equal(r.status, 101, r.stderr);
    assert.equal(r.stdout, '');
    const lines = r.stderr.trimEnd().split('\n');
    assert.match(lines[0], /^installing wasm-bindgen-cli \d+\.\d+\.\d+ into target\/wasm-tools /);
    assert.deepEqual(lines.slice(1), [ERROR]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
