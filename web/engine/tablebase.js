// The exact endgame tables in the worker: every position of up to MAX_PIECES pieces, under
// either rule set. A material's two files (web/tables/NAME.RULES.wdl and .dtw, built by
// web/tools/build-tables.sh) are fetched the first time a position needs them and kept
// (the service worker keeps them for offline play too).
//
// `exact(game)` answers `{ result: 'win' | 'loss' | 'draw', plies, best }` for the side to
// move (`plies` to the end of the game with best play, `best` a move text that keeps the
// result soonest), or null when the tables do not cover the position or cannot be had.

/** The most pieces the tables the page carries cover. */
export const MAX_PIECES = 4;

const TABLES = new URL('../tables/', import.meta.url);

/** A material's file name: White's kings and men, `v`, Black's (`KMvK`). */
export function materialName(wk, wm, bk, bm) {
  return `${'K'.repeat(wk)}${'M'.repeat(wm)}v${'K'.repeat(bk)}${'M'.repeat(bm)}`;
}

/** The pieces of a FEN, counted: `[whiteKings, whiteMen, blackKings, blackMen]`. */
export function count(fen) {
  const n = [0, 0, 0, 0];
  for (const side of fen.split(':').slice(1)) {
    const black = side[0] === 'B';
    for (const item of side.slice(1).split(',')) {
      if (item === '') continue;
      n[(black ? 2 : 0) + (item[0] === 'K' ? 0 : 1)]++;
    }
  }
  return n;
}

/**
 * Every material a probe of this material may read: itself and what captures and crownings
 * lead to (fewer pieces, men become kings), each side keeping a piece, each under both
 * colours (a table holds White to move; Black to move is read in the swapped material).
 */
export function materialsBelow([wk, wm, bk, bm]) {
  const names = new Set();
  const sides = (k, m) => {
    const out = [];
    for (let men = 0; men <= m; men++) {
      for (let kings = 0; kings <= k + (m - men); kings++) {
        if (kings + men >= 1) out.push([kings, men]);
      }
    }
    return out;
  };
  for (const [k1, m1] of sides(wk, wm)) {
    for (const [k2, m2] of sides(bk, bm)) {
      names.add(materialName(k1, m1, k2, m2));
      names.add(materialName(k2, m2, k1, m1));
    }
  }
  return [...names];
}

let loaded = null;

/**
 * The binding's tables of a rule set, with the files of `names` added, or null when the
 * package has no table prober or a file cannot be had.
 */
async function tablesWith(dama, rules, names) {
  if (typeof dama.Tablebase !== 'function') return null;
  loaded ??= {};
  loaded[rules] ??= { tb: new dama.Tablebase({ rules }), have: new Set(), missing: new Set() };
  const entry = loaded[rules];
  for (const name of names) {
    if (entry.have.has(name) || entry.missing.has(name)) continue;
    const files = [];
    for (const metric of ['wdl', 'dtw']) {
      try {
        const response = await fetch(new URL(`${name}.${rules}.${metric}`, TABLES));
        files.push(response.ok ? new Uint8Array(await response.arrayBuffer()) : null);
      } catch {
        files.push(null);
      }
    }
    if (files.includes(null)) {
      entry.missing.add(name);
      continue;
    }
    entry.tb.add(name, files[0], files[1]);
    entry.have.add(name);
  }
  return names.some((n) => entry.missing.has(n)) ? null : entry.tb;
}

/** The tables' answer for `game`'s position, or null (see the top of this file). */
export async function exact(game) {
  const n = count(game.fen());
  const pieces = n.reduce((a, b) => a + b, 0);
  if (pieces > MAX_PIECES || n[0] + n[1] === 0 || n[2] + n[3] === 0 || game.isGameOver()) return null;
  const dama = await import('../../wasm/npm/dama.js');
  const tb = await tablesWith(dama, game.rules(), materialsBelow(n));
  if (tb === null) return null;
  return tb.probe(game);
}
