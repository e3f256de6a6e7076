// The engine's levels, search results, lines and review helpers, through the package.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  accuracy,
  ArgumentError,
  Dama,
  Engine,
  expectedScore,
  judgeMove,
  LEVELS,
  moveLoss,
} from '../dama.js';

const WIN = 1_000_000;

test('five levels, weakest first, each with a depth cap, a time and a margin', () => {
  assert.deepEqual(
    LEVELS.map((l) => l.name),
    ['beginner', 'easy', 'medium', 'hard', 'expert'],
  );
  for (let i = 1; i < LEVELS.length; i++) {
    const [low, high] = [LEVELS[i - 1], LEVELS[i]];
    assert.ok(low.margin >= high.margin);
    assert.ok(low.timeMs <= high.timeMs);
    assert.ok(high.maxDepth === 0 || (low.maxDepth !== 0 && low.maxDepth <= high.maxDepth));
  }
  assert.equal(LEVELS.at(-1).margin, 0);
  assert.throws(() => {
    LEVELS[0].margin = 0;
  }, TypeError);
});

test('a level plays a legal move and its line is legal move after move', () => {
  const engine = new Engine({ tableBits: 14 });
  const game = new Dama();
  for (const level of ['beginner', 'easy', 'medium']) {
    const r = engine.search(game, { level, seed: 3 });
    assert.ok(game.moves().includes(r.move.text), level);
    assert.equal(r.pv[0].text, r.move.text);
    assert.equal(r.legalMoves, 8);
    const replay = game.clone();
    for (const m of r.pv) replay.move(m.text);
  }
  const deep = engine.search(game, { depth: 5 });
  assert.equal(deep.depth, 5);
  assert.equal(deep.pv.length, 5);
  assert.equal(deep.score, deep.bestScore);
});

test('the same seed gives the same move; seeds vary a beginner', () => {
  const game = new Dama();
  const a = new Engine({ tableBits: 12 }).search(game, { level: 'beginner', seed: 42 });
  const b = new Engine({ tableBits: 12 }).search(game, { level: 'beginner', seed: 42 });
  assert.equal(a.move.text, b.move.text);
  const seen = new Set();
  for (let seed = 0; seed < 30; seed++) seen.add(new Engine({ tableBits: 12 }).search(game, { level: 'beginner', seed }).move.text);
  assert.ok(seen.size >= 3, [...seen].join(' '));
});

test('excluded moves are left out; all of them, no result', () => {
  const engine = new Engine({ tableBits: 12 });
  const game = new Dama();
  const best = engine.search(game, { depth: 3 }).move.text;
  assert.notEqual(engine.search(game, { depth: 3, exclude: [best] }).move.text, best);
  assert.equal(engine.search(game, { depth: 3, exclude: game.moves() }), null);
  assert.throws(() => engine.search(game, { depth: 3, exclude: ['c3-c7'] }), ArgumentError);
  assert.throws(() => engine.search(game, { depth: 3, exclude: 'c3-c4' }), ArgumentError);
});

test("a forced win's line is played to the end of the game", () => {
  // A king and three men against a lone man in the corner: White wins (tests/engine has it too).
  const game = new Dama('W:WKa1,a3,b3,d3:Ba2', { rules: 'tudaf' });
  const r = new Engine({ tableBits: 18 }).search(game, { depth: 16 });
  assert.ok(r.score > WIN - 1000);
  assert.equal(r.pv.length, WIN - r.score);
  const replay = game.clone();
  for (const m of r.pv) replay.move(m.text);
  assert.equal(replay.outcome().winner, 'white');
});

test('bad search options are ArgumentErrors', () => {
  const engine = new Engine({ tableBits: 12 });
  const game = new Dama();
  for (const options of [
    {},
    { level: 'grandmaster' },
    { depth: -1 },
    { depth: 2.5 },
    { depth: 3, margin: -5 },
    { depth: 3, seed: -1 },
    { depth: 3, seed: 1.5 },
    { timeMs: -3 },
    { timeMs: 'fast' },
  ]) {
    assert.throws(() => engine.search(game, options), ArgumentError, JSON.stringify(options));
  }
  assert.throws(() => engine.search('W:Wa2:Bh7', { depth: 2 }), ArgumentError);
  assert.equal(engine.search(new Dama('B:WKd4:Bd6'), { depth: 2 }), null);
});

test('review helpers: expected scores, losses, judgements and accuracy', () => {
  assert.equal(expectedScore(0), 0.5);
  assert.equal(expectedScore(100), 0.75);
  assert.equal(expectedScore(WIN - 3), 1);
  assert.equal(moveLoss(100, -100), 0.5);
  assert.equal(moveLoss(0, 50), 0);
  // From a level game (0): a move scoring -x loses 0.5 · x / (x + 100).
  assert.equal(judgeMove({ best: 0, played: -4, legalMoves: 9 }), 'best');
  assert.equal(judgeMove({ best: 0, played: -20, legalMoves: 9 }), 'good');
  assert.equal(judgeMove({ best: 0, played: -40, legalMoves: 9 }), 'inaccuracy');
  assert.equal(judgeMove({ best: 0, played: -100, legalMoves: 9 }), 'mistake');
  assert.equal(judgeMove({ best: 0, played: -200, legalMoves: 9 }), 'blunder');
  assert.equal(judgeMove({ best: 0, played: -200, legalMoves: 1 }), 'forced');
  assert.equal(judgeMove({ best: 0, played: 0, legalMoves: 3, playedIsBest: true, secondBest: -(WIN - 9) }), 'only');
  assert.equal(accuracy([0, 0]), 100);
  assert.equal(accuracy([0, 1]), 50);
  assert.equal(accuracy([]), null);
  assert.throws(() => accuracy([2]), ArgumentError);
  assert.throws(() => judgeMove({ best: 0.5, played: 0, legalMoves: 2 }), ArgumentError);
  assert.throws(() => expectedScore('1'), ArgumentError);
});
