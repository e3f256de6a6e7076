// The exact result of the position shown, from the endgame tables, when it has few enough
// pieces: "White wins in 13 plies", "Draw". Asked of a worker of its own (the tables live
// there), remembered by position.
import { t } from '../lib/i18n.js';
import { colorToMove, other } from '../lib/dom.js';
import { EngineClient } from '../engine/client.js';
import { count, MAX_PIECES } from '../engine/tablebase.js';

const tables = new EngineClient();
const known = new Map();

/** The tables' answer for `game` (cached): `{ result, plies, best }`, or null. */
export async function exactOf(game) {
  const key = `${game.rules()} ${game.fen()}`;
  if (!known.has(key)) {
    known.set(
      key,
      tables
        .request({ type: 'exact', startFen: game.fen(), rules: game.rules(), moves: [] })
        .catch(() => null),
    );
  }
  return known.get(key);
}

/** Whether the tables may know `game`'s position: both sides on the board, few enough pieces. */
export function coveredByTables(game) {
  const n = count(game.fen());
  return !game.isGameOver() && n[0] + n[1] > 0 && n[2] + n[3] > 0 && n.reduce((a, b) => a + b, 0) <= MAX_PIECES;
}

/** The sentence for an answer of the tables, for the side to move of `game`. */
export function exactText(game, answer, withBest) {
  const mover = colorToMove(game);
  let text;
  if (answer.result === 'draw') text = t('exact.draw');
  else {
    const winner = answer.result === 'win' ? mover : other(mover);
    text = t('exact.wins', { side: t(`side.${winner}`), count: answer.plies });
  }
  if (withBest && answer.best) text += ` ${t('exact.best', { move: answer.best })}`;
  return text;
}

export class ExactInfo {
  #ctx;
  #el;
  #shownKey = null;

  constructor(ctx, el) {
    this.#ctx = ctx;
    this.#el = el;
  }

  /** Forgets what is shown (the language changed). */
  reset() {
    this.#shownKey = null;
  }

  /** Shows the tables' answer for `game` (with its best move when `withBest`), or hides. */
  show(game, withBest = false) {
    const key = `${game.rules()} ${game.fen()} ${withBest}`;
    if (key === this.#shownKey) return;
    this.#shownKey = key;
    if (!coveredByTables(game)) {
      this.#el.hidden = true;
      return;
    }
    this.#el.hidden = false;
    this.#el.dataset.state = 'loading';
    this.#el.textContent = t('exact.loading');
    exactOf(game).then((answer) => {
      if (this.#shownKey !== key) return;
      if (answer === null) {
        this.#el.dataset.state = 'none';
        this.#el.textContent = t('exact.unavailable');
        return;
      }
      this.#el.dataset.state = 'known';
      this.#el.textContent = `${t('exact.label')} ${exactText(game, answer, withBest)}`;
    });
  }
}
