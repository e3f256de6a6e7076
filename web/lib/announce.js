// Screen-reader announcements: every move, capture and crowning, "dama altı" when a man
// stands one step from crowning, the end of the game, the clock. Two polite live regions
// take turns, so that the same sentence twice in a row is read twice.
import { t } from './i18n.js';

let flip = false;

/** Says `text` to screen readers (and keeps it in the region for the tests to read). */
export function announce(text) {
  const a = document.getElementById('announce');
  const b = document.getElementById('announce-2');
  if (!a || !b) return;
  flip = !flip;
  (flip ? a : b).textContent = text;
  (flip ? b : a).textContent = '';
}

/** The text last announced. */
export function lastAnnouncement() {
  return document.getElementById('announce')?.textContent || document.getElementById('announce-2')?.textContent || '';
}

/** Whether the man that `move` leaves on `move.to` stands one step from crowning. */
export function isDamaAlti(move, color, fenAfter) {
  if (move.crowning) return false;
  const rank = Number(move.to[1]);
  if (color === 'white' ? rank !== 7 : rank !== 2) return false;
  // Still a man after the move (a king's square is listed with a K in the FEN).
  return !fenAfter.split(/[:,]/).some((item) => item === `K${move.to}` || item === `WK${move.to}` || item === `BK${move.to}`);
}

/**
 * A move in words: who moved, what it took, a crowning, dama altı. `who` is the mover's
 * name ('White', 'You', 'The computer'...), `color` its colour.
 */
export function describeMove(move, who, color, fenAfter) {
  const parts = [];
  if (move.captured.length > 0) {
    parts.push(t('say.capture', { who, move: move.text, count: move.captured.length, squares: move.captured.join(', ') }));
  } else {
    parts.push(t('say.move', { who, move: move.text }));
  }
  if (move.crowning) parts.push(t('say.crowned'));
  else if (isDamaAlti(move, color, fenAfter)) parts.push(t('say.damaAlti'));
  return parts.join(' ');
}

/** Says which position a step through the moves shows: "Move 12: c3-c4." or the first. */
export function announceStep(game, ply, extra = '') {
  const last = game.history().at(-1);
  announce(`${last ? t('say.moveNumber', { ply, move: last }) : t('say.firstPosition')}${extra}`);
}
