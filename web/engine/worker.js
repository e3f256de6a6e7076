// The engine off the page's main thread: one Engine kept across a game's moves, and the
// exact endgame tables when they cover the position.
//
// Messages in (each with an `id`; the position as `startFen`, `rules` and `moves`, the
// game's move texts):
//   { type: 'play', level, timeMs, seed }        the level's move, its search result
//   { type: 'search', timeMs, depth, exclude }    a search (hint, draw offer, practice)
//   { type: 'exact' }                             the endgame tables' answer, or null
//   { type: 'analyse', timeMs }                   streams 'info' after each depth, to timeMs
//   { type: 'review', timeMs }                    streams 'review-position' for each position
//   { type: 'stop' }                              ends the streaming in progress
//   { type: 'new-game' }                          the table forgets
// Out: { id, type: 'result', result } | { id, type: 'info', result, done }
//      | { id, type: 'review-position', ... } | { id, type: 'review-done' } | { id, type: 'error', message }.
import { exact, tablesOf } from './tablebase.js';

// The engine (a table of 2^19 entries, 8 MB) is made on first use: a worker that only
// looks positions up in the tables never needs it.
let made = null;
const ready = import('../../wasm/npm/dama.js').then((dama) => ({
  dama,
  get engine() {
    made ??= new dama.Engine({ tableBits: 19 });
    return made;
  },
}));

let streaming = 0;
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function gameOf(dama, data) {
  const game = new dama.Dama(data.startFen, { rules: data.rules });
  for (const m of data.moves) game.move(m);
  return game;
}

/** The engine's answer, or the tables' perfect move when they know the position. */
async function bestOf(dama, engine, game, options) {
  const known = await exact(game);
  // The search scores exactly every position the tables added so far hold.
  engine.useTablebase((await tablesOf(game.rules())).tb);
  if (known !== null && known.best !== null) {
    const result = engine.search(game, { depth: 1, exclude: game.moves().filter((m) => m !== known.best) });
    if (result) return { ...result, exact: known };
  }
  const result = engine.search(game, options);
  return result && known ? { ...result, exact: known } : result;
}

async function analyse(dama, engine, data) {
  const game = gameOf(dama, data);
  if (game.isGameOver()) {
    self.postMessage({ id: data.id, type: 'info', result: null, done: true });
    return;
  }
  const known = await exact(game);
  engine.useTablebase((await tablesOf(game.rules())).tb);
  const deadline = performance.now() + data.timeMs;
  let last = null;
  for (let depth = 1; depth <= 64; depth++) {
    await tick();
    if (streaming !== data.id) return;
    const left = deadline - performance.now();
    if (left <= 0) break;
    const result = engine.search(game, { depth, timeMs: left });
    if (streaming !== data.id) return;
    if (result === null || (last !== null && result.depth <= last.depth)) break;
    last = known ? { ...result, exact: known } : result;
    self.postMessage({ id: data.id, type: 'info', result: last, done: false });
    if (Math.abs(result.score) > 999_000) break;
  }
  if (streaming === data.id) self.postMessage({ id: data.id, type: 'info', result: last, done: true });
}

async function review(dama, engine, data) {
  const game = new dama.Dama(data.startFen, { rules: data.rules });
  engine.clear();
  for (let index = 0; index <= data.moves.length; index++) {
    await tick();
    if (streaming !== data.id) return;
    const outcome = game.outcome();
    const played = data.moves[index] ?? null;
    if (outcome) {
      self.postMessage({ id: data.id, type: 'review-position', index, outcome, turn: game.turn(), legalMoves: 0 });
      break;
    }
    const known = await exact(game);
    const result = await bestOf(dama, engine, game, { timeMs: data.timeMs });
    let second = null;
    if (played !== null && result.move.text === played && result.legalMoves > 1) {
      const other = engine.search(game, { timeMs: data.timeMs / 2, exclude: [played] });
      second = other?.score ?? null;
    }
    self.postMessage({
      id: data.id,
      type: 'review-position',
      index,
      turn: game.turn(),
      best: result.move.text,
      score: known ? exactScore(known) : result.score,
      depth: result.depth,
      pv: result.pv.map((m) => m.text),
      legalMoves: result.legalMoves,
      second,
    });
    if (played === null) break;
    game.move(played);
  }
  if (streaming === data.id) self.postMessage({ id: data.id, type: 'review-done' });
}

/** The engine's score of a table's exact answer. */
function exactScore(known) {
  if (known.result === 'draw') return 0;
  const score = 1_000_000 - known.plies;
  return known.result === 'win' ? score : -score;
}

self.onmessage = async ({ data }) => {
  try {
    const loaded = await ready;
    const { dama } = loaded;
    switch (data.type) {
      case 'play': {
        const game = gameOf(dama, data);
        const result = await bestOf(dama, loaded.engine, game, { level: data.level, timeMs: data.timeMs, seed: data.seed });
        self.postMessage({ id: data.id, type: 'result', result });
        break;
      }
      case 'search': {
        const game = gameOf(dama, data);
        const result = await bestOf(dama, loaded.engine, game, { timeMs: data.timeMs, depth: data.depth ?? 0, exclude: data.exclude ?? [] });
        self.postMessage({ id: data.id, type: 'result', result });
        break;
      }
      case 'exact': {
        const game = gameOf(dama, data);
        self.postMessage({ id: data.id, type: 'result', result: await exact(game) });
        break;
      }
      case 'analyse':
        streaming = data.id;
        await analyse(dama, loaded.engine, data);
        break;
      case 'review':
        streaming = data.id;
        await review(dama, loaded.engine, data);
        break;
      case 'stop':
        streaming = 0;
        break;
      case 'new-game':
        made?.clear();
        break;
      default:
        throw new Error(`unknown message ${data.type}`);
    }
  } catch (e) {
    self.postMessage({ id: data.id, type: 'error', message: String(e?.message ?? e) });
  }
};
