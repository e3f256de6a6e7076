// Small DOM helpers shared by the page's modules.

/** The element with this id. */
export const $ = (id) => document.getElementById(id);

/** Text made safe to put in HTML. */
export function escape(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Shows `el` when `visible`, hides it otherwise. */
export function show(el, visible) {
  if (el) el.hidden = !visible;
}

/** A game with the first `ply` moves of `game` (the whole game when `ply` is null). */
export function replay(Dama, game, ply) {
  if (ply === null || ply === undefined) return game;
  const g = new Dama(game.startFen(), { rules: game.rules() });
  for (const m of game.history().slice(0, ply)) g.move(m);
  return g;
}

/** 'white' or 'black' for a game's side to move. */
export function colorToMove(game) {
  return game.turn() === 'w' ? 'white' : 'black';
}

export const other = (color) => (color === 'white' ? 'black' : 'white');

/**
 * The ply a step asks for: `'first'`, `'prev'`, `'next'`, `'last'` or a ply number, from
 * ply `at` of `total`, kept within the game.
 */
export function stepTarget(to, at, total) {
  const target = to === 'first' ? 0 : to === 'prev' ? at - 1 : to === 'next' ? at + 1 : to === 'last' ? total : to;
  return Math.max(0, Math.min(total, target));
}
