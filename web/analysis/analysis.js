// The analysis board: moves for both sides from any position (a move played from an
// earlier position cuts the moves after it), the engine's evaluation as a bar and in
// words with its depth, and the line it expects; the exact result under few pieces.
import { t, number } from '../lib/i18n.js';
import { $, colorToMove, replay, stepTarget } from '../lib/dom.js';
import { announce, announceStep } from '../lib/announce.js';
import { renderMoveList } from '../lib/movelist.js';
import { expectedScore } from '../../wasm/npm/dama.js';
import { ExactInfo } from '../play/exact.js';

const WIN = 1_000_000;
/** How long the engine looks at one position before it stops on its own. */
const ANALYSIS_MS = 30_000;

/** A score for the side to move of `game`, seen from White: a number of men, or a win in N plies. */
export function whiteScore(game, score) {
  return colorToMove(game) === 'white' ? score : -score;
}

/** A White-side score in words: `+1.35`, or `White wins in 13 plies`. */
export function scoreWords(white) {
  if (Math.abs(white) > WIN - 1000) {
    return t('exact.wins', { side: t(`side.${white > 0 ? 'white' : 'black'}`), count: WIN - Math.abs(white) });
  }
  return `${white > 0 ? '+' : white < 0 ? '−' : '±'}${number(Math.abs(white) / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** A line of move texts from `game`'s position, numbered: `12. c3-c4 f6-f5 13. …`. */
export function lineText(game, moves) {
  const ply = game.history().length + (game.startFen()[0] === 'B' ? 1 : 0);
  return moves
    .map((m, i) => {
      const p = ply + i;
      const n = Math.floor(p / 2) + 1;
      if (p % 2 === 0) return `${n}. ${m}`;
      return i === 0 ? `${n}… ${m}` : m;
    })
    .join(' ');
}

export class Analysis {
  #ctx;
  line;
  viewPly = null;
  info = null;
  #key = null;
  #exact;
  #cache = null;

  constructor(ctx) {
    this.#ctx = ctx;
    this.line = new ctx.Dama();
    this.#exact = new ExactInfo(ctx, $('analysis-exact'));
    $('analysis-back').addEventListener('click', () => ctx.setMode('play'));
    $('analysis-undo').addEventListener('click', () => this.undo());
  }

  /** Analyses `game` from its current position (its moves kept, to step back through). */
  openFrom(game) {
    this.line = game.clone();
    this.viewPly = null;
  }

  /** Analyses a position given as FEN. */
  openFen(fen, rules) {
    this.line = new this.#ctx.Dama(fen, { rules });
    this.viewPly = null;
  }

  /** The position shown (the same object while it does not change: a move being entered lives on it). */
  shown() {
    const key = `${this.viewPly}:${this.line.history().length}`;
    if (this.#cache?.line !== this.line || this.#cache.key !== key) {
      this.#cache = { line: this.line, key, game: replay(this.#ctx.Dama, this.line, this.viewPly) };
    }
    return this.#cache.game;
  }

  currentGame() {
    return this.shown();
  }

  view() {
    return { game: this.shown(), interactive: this.#ctx.animating === 0 };
  }

  enter() {
    this.#key = null;
  }

  leave() {
    this.#ctx.analyst.cancel();
    this.#key = null;
  }

  status() {
    const game = this.shown();
    const o = game.outcome();
    const state = o ? t('analysis.over', { text: o.winner ? t('end.wins', { side: t(`side.${o.winner}`) }) : t('end.draw') }) : t('status.toMove', { side: t(`side.${colorToMove(game)}`) });
    return `${t('analysis.title')} · ${state} · ${t(`rules.${game.rules()}`)}`;
  }

  player(color) {
    return { name: t(`side.${color}`) };
  }

  async move(path) {
    const ctx = this.#ctx;
    if (this.viewPly !== null) {
      // A move from an earlier position: the moves after it are cut.
      this.line = replay(ctx.Dama, this.line, this.viewPly).clone();
      this.viewPly = null;
    }
    const side = t(`side.${colorToMove(this.line)}`);
    await ctx.playMove(this.line, path, side);
  }

  typed(text) {
    try {
      const probe = this.shown().clone();
      const m = probe.move(text);
      this.move(m.path);
      return true;
    } catch (e) {
      this.#ctx.message(t('entry.illegal', { move: text, reason: e.reason ?? e.message }), 'error');
      return false;
    }
  }

  step(to) {
    const total = this.line.history().length;
    const ply = stepTarget(to, this.viewPly ?? total, total);
    this.viewPly = ply === total ? null : ply;
    announceStep(this.shown(), ply);
    this.#ctx.render();
  }

  undo() {
    if (this.viewPly !== null) this.line = replay(this.#ctx.Dama, this.line, this.viewPly).clone();
    this.viewPly = null;
    const m = this.line.undo();
    if (m) announce(t('undo.done', { move: m.text }));
    this.#ctx.render();
  }

  /** Starts the engine on the position shown, unless it already looks at it. */
  #analyse(game) {
    const key = `${game.rules()} ${game.fen()} ${game.history().length}`;
    if (key === this.#key) return;
    this.#key = key;
    this.info = null;
    const ctx = this.#ctx;
    ctx.analyst.cancel();
    if (game.isGameOver()) return;
    ctx.analyst
      .stream(
        { type: 'analyse', startFen: game.startFen(), rules: game.rules(), moves: game.history(), timeMs: ANALYSIS_MS },
        (data) => {
          if (this.#key !== key) return true;
          if (data.result) this.info = { ...data.result, done: data.done };
          else if (data.done && this.info) this.info = { ...this.info, done: true };
          if (ctx.mode === 'analysis') this.#renderInfo(game);
          return data.done;
        },
      )
      .catch(() => {});
  }

  render() {
    const game = this.shown();
    this.#analyse(game);
    this.#renderInfo(game);
    this.#exact.show(game, true);
    const total = this.line.history().length;
    const at = this.viewPly ?? total;
    $('first').disabled = $('prev').disabled = at === 0;
    $('next').disabled = $('last').disabled = this.viewPly === null;
    renderMoveList($('moves'), this.line, at, this.line.history().map((text) => ({ text })), null);
  }

  #renderInfo(game) {
    const bar = $('eval-bar');
    const info = this.info;
    const over = game.outcome();
    let white = 0;
    if (over) white = over.winner === 'white' ? WIN : over.winner === 'black' ? -WIN : 0;
    else if (info) white = whiteScore(game, info.score);
    const share = expectedScore(Math.max(-WIN, Math.min(WIN, white)));
    bar.style.setProperty('--white', `${(share * 100).toFixed(1)}%`);
    const words = over ? t('analysis.gameOver') : info ? scoreWords(white) : t('analysis.starting');
    const depth = info ? t('analysis.depth', { depth: info.depth }) : '';
    bar.setAttribute('aria-label', `${t('analysis.evaluation')}: ${words}${depth ? `, ${depth}` : ''}`);
    $('eval-score').textContent = words;
    $('eval-depth').textContent = info && !over ? `${depth} · ${t('analysis.nodes', { nodes: number(info.nodes) })}${info.done ? '' : ' …'}` : '';
    $('eval-line').textContent = info && !over ? lineText(game, info.pv.map((m) => m.text)) : '';
  }

  translate() {
    this.#exact.reset();
  }
}
