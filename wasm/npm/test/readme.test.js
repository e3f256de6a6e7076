// The repository README's JavaScript runs as written, in a project where the package is
// installed as the README says (`npm install <clone>/wasm/npm` links the folder into
// node_modules), and each `// => VALUE` comment is what its line gives.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));

/** The README's ```js blocks, in order. */
function snippets() {
  const text = readFileSync(here('../../../README.md'), 'utf8');
  return [...text.matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
}

/** A line `EXPRESSION; // => VALUE`: the expression and the value as util.inspect writes it. */
const CHECKED = /^(.*?);\s*\/\/ => (.*)$/;

/** The snippet with every `// =>` line checked: its expression, inspected, must read VALUE. */
function withChecks(code) {
  const lines = code.split('\n').map((line, i) => {
    const m = line.match(CHECKED);
    return m ? `__check((${m[1]}), ${JSON.stringify(m[2].trim())}, ${i + 1});` : line;
  });
  return [
    "import { inspect as __inspect } from 'node:util';",
    'function __check(value, want, line) {',
    '  const got = __inspect(value);',
    '  if (got !== want) throw new Error(`snippet line ${line} gives ${got}; its comment says ${want}`);',
    '}',
    ...lines,
  ].join('\n');
}

/** Runs `code` as `example.mjs` of a fresh project with this package installed. */
function runInAProject(code) {
  const project = mkdtempSync(join(tmpdir(), 'td-readme-'));
  try {
    mkdirSync(join(project, 'node_modules'));
    symlinkSync(here('..'), join(project, 'node_modules', 'turkish-draughts'), 'dir');
    writeFileSync(join(project, 'example.mjs'), code);
    return spawnSync(process.execPath, ['example.mjs'], { cwd: project, encoding: 'utf8' });
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}

test("the README's JavaScript runs as written and gives the values its comments say", () => {
  const blocks = snippets();
  assert.ok(blocks.length >= 1, 'the README has a ```js block');
  for (const code of blocks) {
    const plain = runInAProject(code);
    assert.equal(plain.status, 0, plain.stderr);
    assert.equal(plain.stderr, '');
    const checks = code.split('\n').filter((line) => CHECKED.test(line)).length;
    assert.ok(checks >= 5, `only ${checks} lines with // => in:\n${code}`);
    const checked = runInAProject(withChecks(code));
    assert.equal(checked.status, 0, checked.stderr);
  }
});
