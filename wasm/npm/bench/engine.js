// The engine's speed in Node: `node bench/engine.js [depth] [runs]`, a new engine each run,
// from the start and from a middle-game position.
import { Dama, Engine } from '../dama.js';

const depth = Number(process.argv[2] ?? 7);
const runs = Number(process.argv[3] ?? 3);
const middle = new Dama();
// Twelve plies, each the (7 * ply)-th legal move modulo their number: the same on every run.
for (let ply = 0; ply < 12; ply++) {
  const moves = middle.moves();
  middle.move(moves[(7 * ply) % moves.length]);
}
for (const [name, game] of [['start', new Dama()], ['middle', middle]]) {
  for (let i = 0; i < runs; i++) {
    const engine = new Engine({ tableBits: 18 });
    const t = performance.now();
    const r = engine.bestMove(game, { depth });
    const ms = performance.now() - t;
    console.log(`${name} depth ${r.depth}: ${r.move.text} score ${r.score}, ${r.nodes} nodes, ${ms.toFixed(0)} ms, ${Math.round(r.nodes / ms)} nodes/ms`);
    engine.free();
  }
}
