// Shared by the tests: a seeded random number generator and random games.
import { Dama } from '../dama.js';

/** xorshift64*: the same games on every run. */
export function rng(seed) {
  let s = BigInt.asUintN(64, BigInt(seed) || 1n);
  return (n) => {
    s ^= s >> 12n;
    s ^= BigInt.asUintN(64, s << 25n);
    s ^= s >> 27n;
    const r = BigInt.asUintN(64, s * 0x2545f4914f6cdd1dn);
    return Number((r >> 33n) % BigInt(n));
  };
}

/** A game of random legal moves, at most `plies` long. */
export function randomGame(rules, seed, plies) {
  const next = rng(seed);
  const game = new Dama(undefined, { rules });
  for (let i = 0; i < plies && !game.isGameOver(); i++) {
    const moves = game.moves();
    game.move(moves[next(moves.length)]);
  }
  return game;
}
