// The computer player, off the page's main thread: one engine kept across the game's moves.
// Message in: { id, start, rules, moves, timeMs }; out: { id, report } or { id, error }.
import { Dama, Engine } from '../wasm/npm/dama.js';

const engine = new Engine({ tableBits: 18 });

self.onmessage = ({ data }) => {
  try {
    const game = new Dama(data.start, { rules: data.rules });
    for (const m of data.moves) game.move(m);
    const report = engine.bestMove(game, { timeMs: data.timeMs });
    self.postMessage({ id: data.id, report });
  } catch (e) {
    self.postMessage({ id: data.id, error: String(e?.message ?? e) });
  }
};
