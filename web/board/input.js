// Entering a move on the board, by clicks (landing by landing for a capture of several
// pieces), by keyboard (the same, on the focused square) or by dragging a piece; every
// refused click says why, and when a capture is compulsory the pieces that must capture
// are marked.
import { t } from '../lib/i18n.js';
import { parseFen } from './board.js';

export class MoveInput {
  /** The squares entered: the origin, then the landings so far. */
  path = [];
  /** The pieces marked as the ones that must capture (after a refused click). */
  capturers = [];
  /** A square just refused. */
  refused = null;
  #game = null;
  #enabled = false;
  #onMove;
  #onMessage;

  /** @param handlers `{ onMove(path), onMessage(text, kind) }` */
  constructor({ onMove, onMessage }) {
    this.#onMove = onMove;
    this.#onMessage = onMessage;
  }

  /** The game moves are entered in, and whether the player may move now. */
  set(game, enabled) {
    if (game !== this.#game || !enabled) this.clear();
    this.#game = game;
    this.#enabled = enabled;
  }

  clear() {
    this.path = [];
    this.capturers = [];
    this.refused = null;
  }

  get enabled() {
    return this.#enabled && this.#game !== null && !this.#game.isGameOver();
  }

  /** The squares to mark: `{ selected, stepped, dests, capturers, refused, movable }`. */
  marks() {
    if (!this.enabled) return { capturers: this.capturers, refused: this.refused };
    const next = this.#game.nextSteps(this.path);
    return {
      selected: this.path[0] ?? null,
      stepped: this.path.slice(1),
      dests: this.path.length > 0 ? next : [],
      movable: this.path.length === 0 ? next : [],
      capturers: this.capturers,
      refused: this.refused,
    };
  }

  /** The pieces a capture in progress has taken so far (shown faded). */
  taken() {
    if (this.path.length < 2) return [];
    const m = this.#game
      .moves({ verbose: true })
      .find((mv) => this.path.every((s, i) => mv.path[i] === s));
    return m ? m.captured.slice(0, this.path.length - 1) : [];
  }

  #mustCapture() {
    const moves = this.#game.moves({ verbose: true });
    return moves.length > 0 && moves[0].captured.length > 0;
  }

  #refuse(sq, key, params = {}, showCapturers = false) {
    this.refused = sq;
    this.capturers = showCapturers ? this.#game.nextSteps([]) : [];
    this.#onMessage(t(key, params), 'refused');
  }

  /** Whether the piece on `sq` may be picked up (to drag it). */
  canDrag(sq) {
    return this.enabled && this.#game.nextSteps([]).includes(sq);
  }

  /** A click (or Enter) on `sq`. */
  click(sq) {
    if (!this.enabled) return;
    const game = this.#game;
    this.refused = null;
    const origins = game.nextSteps([]);
    const { pieces, turn } = parseFen(game.fen());
    const own = pieces.get(sq)?.color === turn;
    if (this.path.length === 0) {
      if (origins.includes(sq)) {
        this.path = [sq];
        this.capturers = [];
        this.#onMessage('', 'clear');
      } else if (this.#mustCapture()) {
        this.#refuse(sq, 'refuse.mustCapture', { count: origins.length }, true);
      } else if (own) {
        this.#refuse(sq, 'refuse.cannotMove', { square: sq });
      } else {
        this.#refuse(sq, 'refuse.pickPiece');
      }
      return;
    }
    const next = game.nextSteps(this.path);
    if (next.includes(sq)) {
      const path = [...this.path, sq];
      if (game.moveWithPath(path) && game.nextSteps(path).length === 0) {
        this.clear();
        this.#onMessage('', 'clear');
        this.#onMove(path);
        return;
      }
      this.path = path;
      this.#onMessage(t('refuse.goOn', { count: game.nextSteps(path).length }), 'info');
      return;
    }
    if (this.path.length === 1 && sq === this.path[0]) {
      this.clear();
      this.#onMessage('', 'clear');
      return;
    }
    if (this.path.length === 1 && origins.includes(sq)) {
      this.path = [sq];
      this.capturers = [];
      this.#onMessage('', 'clear');
      return;
    }
    if (this.path.length > 1) {
      this.#refuse(sq, 'refuse.continueCapture', { square: this.path.at(-1) });
    } else if (this.#mustCapture()) {
      this.#refuse(sq, 'refuse.thisMustCapture', { square: this.path[0] }, false);
    } else {
      this.#refuse(sq, 'refuse.notLegal', { from: this.path[0], to: sq });
    }
  }

  /** A piece dragged from `from` and dropped on `to` (null: off the board). */
  drop(from, to) {
    if (!this.enabled || to === null || to === from) {
      return;
    }
    const game = this.#game;
    if (game.nextSteps([from]).includes(to)) {
      this.path = [from];
      this.click(to);
      return;
    }
    const moves = game.moves({ verbose: true }).filter((m) => m.from === from && m.to === to);
    if (moves.length === 1) {
      this.clear();
      this.#onMessage('', 'clear');
      this.#onMove(moves[0].path);
    } else if (moves.length > 1) {
      this.path = [from];
      this.#onMessage(t('refuse.ambiguous', { count: moves.length }), 'info');
    } else {
      this.path = [from];
      this.click(to);
    }
  }
}
