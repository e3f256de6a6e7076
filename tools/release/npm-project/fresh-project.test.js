// The npm tarball as a user meets it: installed from the file into a new, empty project
// (no workspace, no repository around it), then
// - the files it brings: the README, both licences, the declarations, the module;
// - the README standing alone (no link into the repository), and its examples run in Node,
//   each printing what its comments say; the module loading in a Node without
//   process.getBuiltinModule (before 20.16), as in one with it;
// - the declarations, type-checked through the package's `exports` as `tsc` resolves them;
// - a page whose script imports the package by name, bundled by esbuild as the README says,
//   served on 127.0.0.1 and opened in Debian's Chromium (playwright-core, never a
//   downloaded browser).
//
// Run by tools/release/npm.sh, from wasm/npm (whose node_modules has esbuild, TypeScript
// and playwright-core): TARBALL=/path/to/turkish-draughts-X.Y.Z.tgz node --test ../../tools/release/npm-project/
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { extname, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumOptions } from '../../../web/e2e/chromium.js';

const TARBALL = process.env.TARBALL;
const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '../../..');
const devModules = join(root, 'wasm/npm/node_modules');
const require = createRequire(join(root, 'wasm/npm/package.json'));

let project;
let installed;

before(() => {
  assert.ok(TARBALL, 'TARBALL must name the tarball to install');
  project = mkdtempSync(join(tmpdir(), 'td-npm-project-'));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'fresh', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', TARBALL], { cwd: project, stdio: 'inherit' });
  installed = join(project, 'node_modules/turkish-draughts');
});

after(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

/** Every file under `dir`, as paths relative to it with `/`. */
function files(dir) {
  return readdirSync(dir, { recursive: true })
    .filter((p) => statSync(join(dir, p)).isFile())
    .map((p) => p.split(sep).join('/'))
    .sort();
}

test('the package holds the README, the licences, the declarations and the module, nothing else', () => {
  assert.deepEqual(files(installed), [
    'LICENSE-APACHE',
    'LICENSE-MIT',
    'README.md',
    'dama.d.ts',
    'dama.js',
    'package.json',
    'pkg/turkish_draughts_wasm.js',
    'pkg/turkish_draughts_wasm_bg.wasm',
  ]);
  for (const name of ['LICENSE-MIT', 'LICENSE-APACHE']) {
    assert.equal(readFileSync(join(installed, name), 'utf8'), readFileSync(join(root, name), 'utf8'), name);
  }
  assert.equal(readFileSync(join(installed, 'README.md'), 'utf8'), readFileSync(join(root, 'wasm/npm/README.md'), 'utf8'));
  const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
  assert.equal(manifest.license, 'MIT OR Apache-2.0');
  assert.equal(manifest.types, './dama.d.ts');
});

test('the README stands alone: every link is an address or an anchor', () => {
  const text = readFileSync(join(installed, 'README.md'), 'utf8');
  const targets = [...text.matchAll(/\]\(([^)\s]*)\)/g)].map((m) => m[1]);
  const local = targets.filter((t) => !/^(https?:|#)/.test(t));
  assert.deepEqual(local, []);
});

/**
 * The README's ```js blocks, each with the lines it must print: the comment after every
 * `console.log(...)` call, in order.
 */
function readmeExamples() {
  const text = readFileSync(join(installed, 'README.md'), 'utf8');
  return [...text.matchAll(/```js\n([\s\S]*?)```/g)].map(([, code]) => {
    const expected = code
      .split('\n')
      .filter((line) => line.includes('console.log('))
      .map((line) => {
        const at = line.lastIndexOf('// ');
        assert.ok(at > line.indexOf('console.log('), `no printed value in the comment of: ${line}`);
        return line.slice(at + 3).trim();
      });
    return { code, expected };
  });
}

test("the README's examples print what their comments say, in Node", () => {
  const examples = readmeExamples();
  assert.ok(examples.length >= 5, `${examples.length} examples`);
  examples.forEach(({ code, expected }, i) => {
    assert.ok(expected.length > 0, `example ${i + 1} prints nothing to check`);
    const file = join(project, `readme-${i + 1}.mjs`);
    writeFileSync(file, code);
    const r = spawnSync(process.execPath, [file], { cwd: project, encoding: 'utf8' });
    assert.equal(r.status, 0, `example ${i + 1}:\n${code}\n${r.stderr}`);
    const printed = r.stdout.trimEnd().split('\n').map((l) => l.trim());
    assert.deepEqual(printed, expected, `example ${i + 1}:\n${code}`);
  });
});

test('before Node 20.16 (no process.getBuiltinModule) the module reads its WebAssembly all the same', () => {
  const file = join(project, 'old-node.mjs');
  writeFileSync(
    file,
    "import { Dama } from 'turkish-draughts';\nconsole.log(typeof process.getBuiltinModule, new Dama().perft(4));\n",
  );
  const older = 'data:text/javascript,delete process.getBuiltinModule';
  const r = spawnSync(process.execPath, ['--import', older, file], { cwd: project, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.trim(), 'undefined 7538');
});

test("the declarations type-check through the package's exports (tsc --noEmit)", () => {
  const dir = join(project, 'ts');
  mkdirSync(dir);
  copyFileSync(join(root, 'wasm/npm/test/ts/example.ts'), join(dir, 'example.ts'));
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'es2022',
        module: 'nodenext',
        moduleResolution: 'nodenext',
        strict: true,
        noEmit: true,
        types: [],
        lib: ['es2022', 'dom'],
      },
      files: ['example.ts'],
    }),
  );
  const tsc = join(devModules, 'typescript/bin/tsc');
  const r = spawnSync(process.execPath, [tsc, '--noEmit', '-p', join(dir, 'tsconfig.json')], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  // The declarations came from the installed package, not from the repository.
  const listed = spawnSync(process.execPath, [tsc, '--noEmit', '--listFiles', '-p', join(dir, 'tsconfig.json')], {
    encoding: 'utf8',
  });
  assert.ok(listed.stdout.includes(join(installed, 'dama.d.ts')), listed.stdout);
});

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };

/** Serves `dir` on 127.0.0.1; resolves to `{ url, close }`. */
function serve(dir) {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = normalize(join(dir, path.endsWith('/') ? `${path}index.html` : path));
    if (relative(dir, file).startsWith('..')) {
      res.writeHead(404).end();
      return;
    }
    try {
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({ url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((r) => server.close(r)) });
    });
  });
}

test('a page bundled by esbuild plays in Chromium', async () => {
  const src = join(project, 'src');
  const site = join(project, 'public');
  mkdirSync(src);
  mkdirSync(join(site, 'pkg'), { recursive: true });
  copyFileSync(join(here, 'page/app.js'), join(src, 'app.js'));
  copyFileSync(join(here, 'page/index.html'), join(site, 'index.html'));
  // The README's commands: bundle, then the module's WebAssembly next to the bundle.
  const esbuild = join(devModules, '.bin/esbuild');
  execFileSync(esbuild, ['src/app.js', '--bundle', '--format=esm', '--platform=browser', '--outfile=public/app.js'], {
    cwd: project,
    stdio: 'inherit',
  });
  copyFileSync(
    join(installed, 'pkg/turkish_draughts_wasm_bg.wasm'),
    join(site, 'pkg/turkish_draughts_wasm_bg.wasm'),
  );
  const bundle = readFileSync(join(site, 'app.js'), 'utf8');
  assert.ok(!bundle.includes('from "turkish-draughts"'), 'the bundle still imports the package');

  const { chromium } = require('playwright-core');
  const server = await serve(site);
  const profile = mkdtempSync(join(tmpdir(), 'td-npm-chromium-'));
  const context = await chromium.launchPersistentContext(profile, chromiumOptions());
  try {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('response', (r) => r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`));
    await page.goto(server.url);
    await page.waitForFunction(() => window.result || window.failure, null, { timeout: 60_000 }).catch(() => {});
    const failure = await page.evaluate(() => window.failure ?? null);
    assert.equal(failure, null);
    assert.deepEqual(errors, []);
    const result = await page.evaluate(() => window.result);
    assert.deepEqual(result, {
      moves: 8,
      perft5: 85090,
      fen: 'B:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,d3,e3,f3,g3,h3,c4:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7',
      illegal: 'IllegalMoveError',
      history: ['c3-c4'],
      zobrist: 'bigint',
      boardWidth: 240,
      engineMoveIsLegal: true,
    });
    assert.equal(await page.textContent('#status'), 'done');
  } finally {
    await context.close();
    await server.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
