// The exact endgame tables in the worker: every position of up to MAX_PIECES pieces, under
// either rule set. A material's two files (web/tables/NAME.RULES.wdl and .dtw, built by
// web/tools/build-tables.sh) are fetched the first time a position needs them and kept
// (the service worker keeps them for offline play too).
//
// `exact(game)` answers `{ result: 'win' | 'loss' | 'draw', plies, best }` for the side to
// move (`plies` to the end of the game with best play, `best` a move text that keeps the
// result soonest), or null when the tables do not cover the position or cannot be had.
// `tablesOf(rules)` gives the worker's tables of a rule set, for its engine to read too.

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

const tables = {};

/** The tables of a rule set in this worker (one Tablebase each, files added as fetched). */
export async function tablesOf(rules) {
  const dama = await import('../../wasm/npm/dama.js');
  tables[rules] ??= { tb: new dama.Tablebase({ rules }), tried: new Set() };
  return tables[rules];
}

/** The cache the table files are kept in for offline play (the service worker's too). */
export const TABLE_CACHE = 'dama-tables-v1';

/**
 * Fetches a table file (from the cache when it is there, else from the network, then kept)
 * and adds it; false when it cannot be had.
 */
async function fetchInto(entry, name) {
  if (entry.tried.has(name)) return false;
  entry.tried.add(name);
  const url = new URL(name, TABLES);
  try {
    const cache = await globalThis.caches?.open(TABLE_CACHE).catch(() => null);
    let response = await cache?.match(url);
    if (!response) {
      response = await fetch(url);
      if (response.ok) await cache?.put(url, response.clone()).catch(() => {});
    }
    if (!response.ok) return false;
    entry.tb.add(name, new Uint8Array(await response.arrayBuffer()));
    return true;
  } catch {
    return false;
  }
}

/** The tables' answer for `game`'s position, or null (see the top of this file). */
export async function exact(game) {
  const n = count(game.fen());
  const pieces = n.reduce((a, b) => a + b, 0);
  if (pieces > MAX_PIECES || n[0] + n[1] === 0 || n[2] + n[3] === 0 || game.isGameOver()) return null;
  const rules = game.rules();
  const entry = await tablesOf(rules);
  // Every file the position's probes may read, fetched at once (in parallel), then the
  // probe; a file it still misses is fetched and the probe tried again.
  const names = materialsBelow(n).flatMap((m) => [`${m}.${rules}.wdl`, `${m}.${rules}.dtw`]);
  await Promise.all(names.map((name) => fetchInto(entry, name)));
  for (let tries = 0; tries < 64; tries++) {
    try {
      return entry.tb.probe(game);
    } catch (e) {
      if (e.name !== 'MissingTableError' || !(await fetchInto(entry, e.file))) return null;
    }
  }
  return null;
}
