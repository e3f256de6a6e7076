// The package's API: FEN and PDN round trips in both notations, typed errors, hostile input,
// Zobrist keys equal to the Rust crate's, the TypeScript declarations and the size budget.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import {
  ArgumentError,
  Dama,
  DamaError,
  Engine,
  FenError,
  IllegalMoveError,
  PdnError,
  readPdn,
} from '../dama.js';
import { randomGame, rng } from './helpers.js';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));

test('FEN round trips along random games, both rule sets', () => {
  for (const rules of ['default', 'tudaf']) {
    for (let seed = 1; seed <= 10; seed++) {
      const game = randomGame(rules, seed, 300);
      const replay = new Dama(undefined, { rules });
      for (const m of game.history()) {
        const fen = replay.fen();
        const again = new Dama(fen, { rules });
        assert.equal(again.fen(), fen);
        assert.equal(again.zobrist(), replay.zobrist());
        assert.deepEqual(again.moves(), replay.moves());
        replay.move(m);
      }
    }
  }
});

test('PDN round trips in both notations, with tags, both rule sets', () => {
  for (const rules of ['default', 'tudaf']) {
    for (let seed = 1; seed <= 10; seed++) {
      const game = randomGame(rules, 100 + seed, 400);
      for (const notation of ['landing', 'captured']) {
        const text = game.pdn({ notation, tags: { White: 'Ayşe "the quick"', Black: 'Mehmet' } });
        const back = new Dama();
        back.loadPdn(text);
        assert.deepEqual(back.history(), game.history(), `${notation} under ${rules}`);
        assert.equal(back.fen(), game.fen());
        assert.equal(back.rules(), rules);
        assert.equal(back.tags().White, 'Ayşe "the quick"');
        assert.equal(back.tags().Black, 'Mehmet');
        // Written again, the same text.
        assert.equal(back.pdn({ notation }), text);
      }
    }
  }
  // From a FEN.
  const game = new Dama('W:Wc4,d4:Bc5,Kd6,e4,b4');
  game.move('c4xc5xd6');
  const back = new Dama();
  back.loadPdn(game.pdn({ notation: 'captured' }));
  assert.equal(back.startFen(), 'W:Wc4,d4:Bb4,e4,c5,Kd6');
  assert.deepEqual(back.history(), ['c4xc6xe6']);
});

test('readPdn yields each game or its error with line and column', () => {
  const one = randomGame('default', 5, 30).pdn();
  const two = randomGame('tudaf', 6, 30).pdn();
  const broken = '[Event "broken"]\n\n1. c3-c4 c3-c4 *\n';
  const items = [...readPdn(`${one}\n${broken}\n${two}`)];
  assert.equal(items.length, 3);
  assert.ok(items[0].game instanceof Dama);
  assert.equal(items[0].game.history().length, 30);
  assert.ok(items[1].error instanceof PdnError);
  const lines = one.split('\n').length;
  assert.equal(items[1].error.line, lines + 3);
  assert.equal(items[1].error.column, 10);
  assert.equal(items[2].game.rules(), 'tudaf');
  assert.deepEqual([...readPdn('')], []);
});

test('errors are typed, say what and where, and leave the game as it was', () => {
  const game = new Dama();
  game.move('c3-c4');
  const fen = game.fen();
  const illegal = (() => {
    try {
      game.move('c4-c6');
    } catch (e) {
      return e;
    }
  })();
  assert.ok(illegal instanceof IllegalMoveError);
  assert.ok(illegal instanceof DamaError);
  assert.ok(illegal instanceof Error);
  assert.equal(illegal.name, 'IllegalMoveError');
  assert.equal(illegal.move, 'c4-c6');
  assert.match(illegal.message, /c4-c6/);
  assert.throws(() => game.move({ from: 'a1', to: 'a2' }), IllegalMoveError);
  assert.throws(() => game.move({ path: ['c4', 'c6', 'e6'] }), IllegalMoveError);
  assert.throws(() => game.move({ from: 'z9', to: 'a2' }), ArgumentError);
  assert.throws(() => game.move(42), ArgumentError);
  assert.equal(game.fen(), fen);

  assert.throws(() => new Dama('W:Wz9:B'), (e) => e instanceof FenError && e.fen === 'W:Wz9:B');
  assert.throws(() => game.load('nonsense'), FenError);
  assert.equal(game.fen(), fen);
  assert.throws(() => new Dama(undefined, { rules: 'fide' }), ArgumentError);
  assert.throws(() => game.perft(-1), ArgumentError);
  assert.throws(() => game.perft(65), ArgumentError);

  const pdn = '[Event "x"]\n1. c3-c4 f6-f5\n2. c4-c6 *\n';
  const err = (() => {
    try {
      game.loadPdn(pdn);
    } catch (e) {
      return e;
    }
  })();
  assert.ok(err instanceof PdnError);
  assert.equal(err.line, 3);
  assert.equal(err.column, 4);
  assert.match(err.message, /^line 3, column 4: /);
  assert.throws(() => game.loadPdn('hello, this is not PDN'), PdnError);
  assert.throws(() => game.loadPdn(''), PdnError);
  assert.equal(game.fen(), fen);
  assert.deepEqual(game.history(), ['c3-c4']);

  const over = new Dama('B:WKd4:Bd6');
  assert.throws(() => over.move('d6-d5'), (e) => e instanceof IllegalMoveError && /over/.test(e.message));
});

test('hostile FEN, move and PDN text never traps the module and leaves it usable', () => {
  const next = rng(99);
  const alphabet = 'WBKwbk:,.-x0123456789abcdefghijklmnopqrstuvwxyz[]"{}();%$ \n\t\r\u0000\u00e9\u{1F600}\\';
  const noise = (n) => Array.from({ length: n }, () => alphabet[next(alphabet.length)]).join('');
  const hostile = [
    '', ' ', ':', '::', 'W:', 'W::', 'W:W:B', 'W:Wa1', 'W:WKKa1:B', 'W:Wa1,a1:Ba1', 'W:W' + 'a1,'.repeat(10000) + ':B',
    'x'.repeat(1 << 20), '\u0000', '\uD800', 'd3-d4'.repeat(1000), 'a1xa3xa5xa7xa1xa3xa5xa7xa1xa3xa5xa7xa1xa3xa5xa7xa1xa3xa5xa7x',
    '[FEN "W:Wz9:B"]\n*', '[GameType "20"]\n*', '{' + 'x'.repeat(100000), '('.repeat(100000), '[Rules "fide"]\n*',
    '1.'.repeat(50000), '[FEN "' + 'W'.repeat(100000) + '"]', '%\n'.repeat(1000),
  ];
  for (let i = 0; i < 300; i++) hostile.push(noise(1 + next(200)));
  const game = new Dama();
  for (const text of hostile) {
    for (const attempt of [
      () => new Dama(text),
      () => new Dama(text, { rules: 'tudaf' }),
      () => game.clone().load(text),
      () => game.clone().move(text),
      () => game.clone().move({ path: [text] }),
      () => game.clone().loadPdn(text),
      () => [...readPdn(text)],
    ]) {
      try {
        attempt();
      } catch (e) {
        assert.ok(e instanceof DamaError, `${e} for ${JSON.stringify(text.slice(0, 60))}`);
      }
    }
  }
  for (const value of [null, 42, {}, [], Symbol('s'), () => 1, 12n]) {
    for (const attempt of [() => new Dama(value), () => game.clone().move(value), () => game.clone().loadPdn(value)]) {
      try {
        attempt();
      } catch (e) {
        assert.ok(e instanceof DamaError, String(e));
      }
    }
  }
  // Still usable.
  assert.equal(new Dama().perft(4), 7538);
  assert.equal(game.fen(), new Dama().fen());
});

test("zobrist() equals the Rust crate's keys (wasm/tests/zobrist.rs checks the file)", () => {
  const text = readFileSync(here('./data/zobrist.tsv'), 'utf8');
  let rows = 0;
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const [fen, rules, key] = line.split('\t');
    const key64 = new Dama(fen, { rules }).zobrist();
    assert.equal(typeof key64, 'bigint');
    assert.equal(key64.toString(16).padStart(16, '0'), key, fen);
    rows++;
  }
  assert.ok(rows > 90);
});

test('the engine plays legal moves, to a depth or a time', () => {
  const engine = new Engine({ tableBits: 14 });
  const game = new Dama();
  for (let i = 0; i < 6; i++) {
    const report = engine.bestMove(game, i % 2 ? { depth: 3 } : { timeMs: 20 });
    assert.ok(game.moves().includes(report.move.text));
    assert.ok(report.depth >= 1 && report.nodes > 0);
    game.move(report.move.text);
  }
  // d2-c2 leaves the black man on a2 without a move: worked out by hand.
  const win = engine.bestMove(new Dama('W:WKa1,a3,b2,d2:Ba2'), { depth: 3 });
  assert.equal(win.move.text, 'd2-c2');
  assert.equal(win.score, 1_000_000 - 1);
  assert.equal(engine.bestMove(new Dama('B:WKd4:Bd6'), { depth: 2 }), null);
  assert.throws(() => engine.bestMove(game, {}), ArgumentError);
  const start = performance.now();
  engine.bestMove(new Dama(), { timeMs: 100 });
  assert.ok(performance.now() - start < 1000, 'a time limit of 100 ms is kept');
});

test('the TypeScript declarations type-check an example (tsc --noEmit)', () => {
  const tsc = here('../node_modules/typescript/bin/tsc');
  const r = spawnSync(process.execPath, [tsc, '--noEmit', '-p', here('./ts/tsconfig.json')], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stdout + r.stderr);
});

// The budget in bytes, as README.md and PERFORMANCE.md state it: 120 KB for the rules, PDN
// and the engine, and 30 KB more for the endgame tables' prober.
const GZIPPED_BYTES_AT_MOST = 153_600;

test(`the WebAssembly module is at most ${GZIPPED_BYTES_AT_MOST} bytes gzipped`, () => {
  const bytes = readFileSync(here('../pkg/turkish_draughts_wasm_bg.wasm'));
  const gz = gzipSync(bytes, { level: 9 }).length;
  assert.ok(gz <= GZIPPED_BYTES_AT_MOST, `${gz} bytes gzipped, more than ${GZIPPED_BYTES_AT_MOST}`);
  // The README states the size and this budget, in bytes: the size within 2 % of today's,
  // so that a change of the module that moves it brings the README along.
  const readme = readFileSync(here('../../../README.md'), 'utf8').replace(/\s+/g, ' ');
  const bytesOf = (text) => Number(text.replaceAll(' ', ''));
  const stated = readme.match(/compiled to WebAssembly \((\d{1,3}(?: \d{3})*) bytes gzipped/);
  assert.ok(stated, 'the README states the gzipped size in bytes');
  assert.ok(Math.abs(bytesOf(stated[1]) - gz) <= gz * 0.02, `README: ${stated[1]} bytes, now ${gz}`);
  const budget = readme.match(/holds it to at most (\d{1,3}(?: \d{3})*) bytes/);
  assert.ok(budget, 'the README states the budget in bytes');
  assert.equal(bytesOf(budget[1]), GZIPPED_BYTES_AT_MOST);
});
