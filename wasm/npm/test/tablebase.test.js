// The endgame tables from the files' bytes: probes, the file a probe misses, bad files, and
// the engine playing perfectly with them. The files are the Rust `tablebase` example's: CI's
// in target/tablebase-ci when they are there, else the 3-piece tables built here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Dama, Engine, MissingTableError, Tablebase, TablebaseError, ArgumentError } from '../dama.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const WIN = 1_000_000;

function tableDir() {
  const ci = join(root, 'target/tablebase-ci');
  if (existsSync(join(ci, 'KKvK.default.wdl')) && existsSync(join(ci, 'KKvK.tudaf.wdl'))) return { dir: ci, done() {} };
  const dir = mkdtempSync(join(tmpdir(), 'dama-tables-'));
  for (const rules of ['default', 'tudaf']) {
    const r = spawnSync('cargo', ['run', '--release', '--quiet', '--example', 'tablebase', '--', 'build', '--rules', rules, '--pieces', '3', '--dir', dir], { cwd: root, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stdout + r.stderr);
  }
  return { dir, done: () => rmSync(dir, { recursive: true, force: true }) };
}

const tables = tableDir();
const read = (name) => new Uint8Array(readFileSync(join(tables.dir, name)));

/** Probes `game`, adding each file the probe asks for; the answer and the files added. */
function probeAll(tb, game) {
  const added = [];
  for (;;) {
    try {
      return { answer: tb.probe(game), added };
    } catch (e) {
      if (!(e instanceof MissingTableError)) throw e;
      assert.ok(!added.includes(e.file), `${e.file} asked for twice`);
      tb.add(e.file, read(e.file));
      added.push(e.file);
    }
  }
}

test('two kings against one: a win in 9 plies, its best move one ply nearer', () => {
  // The crate's tablebase documentation gives this position and its distance.
  const tb = new Tablebase({ rules: 'default' });
  const game = new Dama('W:WKa1,Kb2:BKh8');
  assert.throws(() => tb.probe(game), (e) => e instanceof MissingTableError && e.file === 'KKvK.default.wdl');
  const { answer, added } = probeAll(tb, game);
  assert.deepEqual({ result: answer.result, plies: answer.plies }, { result: 'win', plies: 9 });
  assert.ok(added.includes('KKvK.default.wdl') && added.includes('KKvK.default.dtw'));
  assert.ok(game.moves().includes(answer.best));
  game.move(answer.best);
  const after = probeAll(tb, game).answer;
  assert.deepEqual({ result: after.result, plies: after.plies }, { result: 'loss', plies: 8 });
  assert.equal(tb.maxPieces() >= 3, true);
  tb.free();
});

test('positions the tables do not hold: null; bad files and names: typed errors', () => {
  const tb = new Tablebase({ rules: 'tudaf' });
  tb.add('KKvK.tudaf.wdl', read('KKvK.tudaf.wdl'));
  assert.equal(tb.probe(new Dama()), null, 'the start position');
  assert.equal(tb.probe(new Dama('W:WKa1,Kb2:BKh8', { rules: 'default' })), null, 'another rule set');
  assert.throws(() => tb.add('KKvK.tudaf.dtw', new Uint8Array([1, 2, 3])), TablebaseError);
  const header = read('KKvK.tudaf.wdl');
  header[8] ^= 0xff; // the format version
  assert.throws(() => tb.add('KKvK.tudaf.wdl', header), TablebaseError);
  // Damaged blocks are found when a probe reads their group: a TablebaseError, never a value.
  const damaged = new Tablebase({ rules: 'tudaf' });
  const wdl = read('KKvK.tudaf.wdl');
  for (let i = wdl.length >> 1; i < wdl.length; i++) wdl[i] ^= 0x5a;
  damaged.add('KKvK.tudaf.wdl', wdl);
  let refused = 0;
  for (const a of ['a1', 'c3', 'e5', 'g7', 'h2']) {
    for (const b of ['b8', 'd6', 'f4', 'h1', 'a5']) {
      try {
        damaged.probe(new Dama(`W:WK${a},K${b}:BKd2`, { rules: 'tudaf' }));
      } catch (e) {
        if (e instanceof TablebaseError) refused++;
        else assert.ok(e instanceof MissingTableError, String(e));
      }
    }
  }
  assert.ok(refused > 0, 'no probe read a damaged group');
  damaged.free();
  assert.throws(() => tb.add('KKvK.default.wdl', read('KKvK.default.wdl')), TablebaseError);
  assert.throws(() => tb.add('nonsense', new Uint8Array(8)), TablebaseError);
  assert.throws(() => tb.add('KKvK.tudaf.wdl', [1, 2]), ArgumentError);
  assert.throws(() => tb.probe('W:WKa1:Bh8'), ArgumentError);
  assert.throws(() => new Tablebase({ rules: 'fide' }), ArgumentError);
  // Still usable.
  const { answer } = probeAll(tb, new Dama('W:WKa1,Kb2:BKh8', { rules: 'tudaf' }));
  assert.ok(['win', 'draw', 'loss'].includes(answer.result));
});

test('with the tables, the engine keeps every won 3-piece position won, one ply nearer', () => {
  let checked = 0;
  for (const rules of ['default', 'tudaf']) {
    const tb = new Tablebase({ rules });
    const engine = new Engine({ tableBits: 14 });
    engine.useTablebase(tb);
    for (const fen of ['W:WKa1,Kb2:BKh8', 'W:WKd4,f3:Ba7', 'B:WKc3:Bf6,Kh8', 'W:Wc6,Kh1:Ba5']) {
      const game = new Dama(fen, { rules });
      const known = probeAll(tb, game).answer;
      if (known === null || known.result === 'draw') continue;
      const found = engine.search(game, { depth: 3 });
      checked++;
      assert.equal(found.score, known.result === 'win' ? WIN - known.plies : -(WIN - known.plies), `${rules} ${fen}`);
      game.move(found.move.text);
      if (game.isGameOver()) continue;
      const after = probeAll(tb, game).answer;
      assert.equal(after.plies, known.plies - 1, `${rules} ${fen} after ${found.move.text}`);
      assert.equal(after.result, known.result === 'win' ? 'loss' : 'win');
    }
    engine.useTablebase(null);
    engine.free();
    tb.free();
  }
  assert.ok(checked >= 4, `${checked} decided positions`);
  tables.done();
});
