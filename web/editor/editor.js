// The position editor: pieces put on and taken off the board (by click, tap or keyboard),
// the side to move and the rule set chosen; the position checked as the package checks
// it, then played, analysed, or shared by a link (#edit=FEN) that opens it here.
import { t } from '../lib/i18n.js';
import { $ } from '../lib/dom.js';
import { announce } from '../lib/announce.js';
import { makeFen, parseFen } from '../board/board.js';

const START = 'W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7';
const TOOLS = { wm: { color: 'white', king: false }, wk: { color: 'white', king: true }, bm: { color: 'black', king: false }, bk: { color: 'black', king: true }, erase: null };

export class Editor {
  #ctx;
  pieces = parseFen(START).pieces;
  turn = 'white';
  rules = 'default';
  tool = 'wm';

  constructor(ctx) {
    this.#ctx = ctx;
    const form = $('editor-form');
    form.addEventListener('change', () => {
      this.tool = form.elements.tool.value;
      this.turn = form.elements.turn.value;
      this.rules = form.elements.editorRules.value;
      ctx.render();
    });
    $('editor-start').addEventListener('click', () => this.#set(START));
    $('editor-clear').addEventListener('click', () => this.#set('W:W:B'));
    $('editor-play').addEventListener('click', () => this.play());
    $('editor-analyse').addEventListener('click', () => {
      const fen = this.fen();
      if (!this.check().ok) return;
      ctx.screens.analysis.openFen(fen, this.rules);
      ctx.setMode('analysis');
    });
    $('editor-link').addEventListener('click', () => this.share());
  }

  #set(fen) {
    const { turn, pieces } = parseFen(fen);
    this.pieces = pieces;
    this.turn = turn;
    this.#syncForm();
    this.#ctx.render();
  }

  #syncForm() {
    const form = $('editor-form');
    form.elements.tool.value = this.tool;
    form.elements.turn.value = this.turn;
    form.elements.editorRules.value = this.rules;
  }

  /** Opens a position from a link; whether the package reads it as a legal position. */
  load(fen, rules) {
    this.rules = rules;
    try {
      const game = new this.#ctx.Dama(fen, { rules });
      this.#set(game.fen());
      return true;
    } catch {
      try {
        this.#set(fen);
      } catch {
        this.#set(START);
      }
      return false;
    }
  }

  fen() {
    return makeFen(this.turn, this.pieces);
  }

  /** `{ ok, text }`: whether the position is legal, and if not, why (the package's words). */
  check() {
    try {
      new this.#ctx.Dama(this.fen(), { rules: this.rules });
      return { ok: true, text: t('editor.legal') };
    } catch (e) {
      return { ok: false, text: t('editor.illegal', { reason: e.message }) };
    }
  }

  enter() {
    this.#syncForm();
  }

  view() {
    return { fen: this.fen() };
  }

  flipped() {
    return this.#ctx.flipped;
  }

  status() {
    return `${t('editor.title')} · ${t('status.toMove', { side: t(`side.${this.turn}`) })} · ${t(`rules.${this.rules}`)}`;
  }

  player(color) {
    return { name: t(`side.${color}`) };
  }

  /** A square clicked: the tool's piece put there (or taken off when it is already there). */
  square(sq) {
    const piece = TOOLS[this.tool];
    const here = this.pieces.get(sq);
    if (piece === null || (here && here.color === piece.color && here.king === piece.king)) {
      this.pieces.delete(sq);
      announce(t('editor.removed', { square: sq }));
    } else {
      const rank = Number(sq[1]);
      if (!piece.king && (rank === 1 || rank === 8)) {
        this.#ctx.message(t('editor.manOnEdge', { square: sq }), 'error');
        return;
      }
      this.pieces.set(sq, { ...piece });
      announce(t('editor.placed', { square: sq, piece: t(`piece.${piece.color}.${piece.king ? 'king' : 'man'}`) }));
    }
    this.#ctx.message('');
    this.#ctx.render();
  }

  move() {}

  play() {
    if (!this.check().ok) return;
    this.#ctx.screens.play.askNewGame({ fen: this.fen(), rules: this.rules });
  }

  async share() {
    const url = new URL(location.href);
    url.search = '';
    url.hash = `edit=${encodeURIComponent(this.fen())}&rules=${this.rules}`;
    // Shown at once, whether or not the clipboard takes it.
    $('editor-link-text').value = url.href;
    try {
      await navigator.clipboard.writeText(url.href);
      this.#ctx.message(t('link.copied'), 'info');
    } catch {
      this.#ctx.message(t('link.show', { url: url.href }), 'info');
    }
  }

  render() {
    const c = this.check();
    const el = $('editor-check');
    el.textContent = c.text;
    el.dataset.ok = String(c.ok);
    $('editor-play').disabled = !c.ok;
    $('editor-analyse').disabled = !c.ok;
    const moves = $('moves');
    moves.replaceChildren();
    moves.dataset.html = '';
    for (const id of ['first', 'prev', 'next', 'last']) $(id).disabled = true;
  }
}
