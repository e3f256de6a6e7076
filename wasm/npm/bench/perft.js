// perft(depth) from the start in Node, timed: `node bench/perft.js [depth] [rules] [runs]`.
// Each run is timed on its own; the first includes V8's tier-up of the module.
import { Dama } from '../dama.js';

const depth = Number(process.argv[2] ?? 7);
const rules = process.argv[3] ?? 'default';
const runs = Number(process.argv[4] ?? 5);
const game = new Dama(undefined, { rules });
for (let i = 0; i < runs; i++) {
  const start = performance.now();
  const nodes = game.perft(depth);
  const ms = performance.now() - start;
  console.log(`perft(${depth}) ${rules}: ${nodes} nodes in ${(ms / 1000).toFixed(3)} s`);
}
