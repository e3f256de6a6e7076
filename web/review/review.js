// The review of a finished game: the engine looks at every position (in a worker, a short
// time each), each move is judged (best, good, inaccuracy ?!, mistake ?, blunder ??, only
// move !, forced), a graph shows the evaluation through the game, and each side gets an
// accuracy. The mistakes can be practised again (review/practice.js).
import { t, number } from '../lib/i18n.js';
import { $, replay, stepTarget } from '../lib/dom.js';
import { announce, announceStep } from '../lib/announce.js';
import { renderMoveList } from '../lib/movelist.js';
import { accuracy, expectedScore, judgeMove, moveLoss } from '../../wasm/npm/dama.js';
import { drawGraph } from './graph.js';
import { lineText, scoreWords } from '../analysis/analysis.js';

const WIN = 1_000_000;
const SYMBOL = { only: '!', inaccuracy: '?!', mistake: '?', blunder: '??' };

export class Review {
  #ctx;
  game = null;
  /** The colours whose mistakes are practised. */
  sides = ['white', 'black'];
  positions = [];
  done = false;
  viewPly = 0;
  #run = 0;

  constructor(ctx) {
    this.#ctx = ctx;
    $('review-back').addEventListener('click', () => ctx.setMode('play'));
    $('practice-button').addEventListener('click', () => {
      ctx.screens.practice.start(this);
      ctx.setMode('practice');
    });
    $('review-graph').addEventListener('click', (e) => {
      const svg = e.currentTarget;
      const r = svg.getBoundingClientRect();
      const n = this.game?.history().length ?? 0;
      if (n === 0) return;
      const x = (e.clientX - r.left) / r.width;
      this.step(Math.round(x * n));
    });
  }

  /** Reviews the game of the play screen. */
  start(play) {
    this.game = play.game.clone();
    this.sides = play.setup.opponent === 'computer' ? [play.setup.human] : ['white', 'black'];
    this.positions = [];
    this.done = false;
    this.viewPly = 0;
    this.#begin();
  }

  /** The time the engine gives each position: about half a minute in all, 0.15 s to 0.6 s each. */
  timePerPosition() {
    const n = this.game.history().length + 1;
    return Math.max(150, Math.min(600, Math.floor(30_000 / n)));
  }

  #begin() {
    const ctx = this.#ctx;
    const run = ++this.#run;
    const game = this.game;
    ctx.analyst.cancel();
    ctx.analyst
      .stream(
        { type: 'review', startFen: game.startFen(), rules: game.rules(), moves: game.history(), timeMs: this.#ctx.reviewMs ?? this.timePerPosition() },
        (data) => {
          if (run !== this.#run) return true;
          if (data.type === 'review-position') {
            this.positions[data.index] = data;
          } else if (data.type === 'review-done') {
            this.done = true;
            announce(this.summary());
          }
          if (ctx.mode === 'review') ctx.render();
          return data.type === 'review-done';
        },
      )
      .catch((e) => ctx.message(t('engine.failed', { reason: e.message }), 'error'));
  }

  leave() {
    if (!this.done) {
      this.#ctx.analyst.cancel();
      this.#run++;
    }
  }

  enter() {
    if (this.game && !this.done && !this.#ctx.analyst.busy) this.#begin();
  }

  /** The judgement of move `i` (from position i to i + 1), or null while not known. */
  judgement(i) {
    const pos = this.positions[i];
    const next = this.positions[i + 1];
    if (!pos || !next || pos.legalMoves === 0) return null;
    const mover = pos.turn === 'w' ? 'white' : 'black';
    const moveText = this.game.history()[i];
    let played;
    if (next.outcome) {
      const w = next.outcome.winner;
      played = w === null ? 0 : w === mover ? WIN - 1 : -(WIN - 1);
    } else {
      played = -next.score;
    }
    const best = pos.score;
    const playedIsBest = pos.best === moveText;
    const name = judgeMove({ best, played: Math.max(-WIN, Math.min(WIN, played)), legalMoves: pos.legalMoves, playedIsBest, secondBest: pos.second });
    return { name, mover, loss: playedIsBest ? 0 : moveLoss(best, Math.max(-WIN, Math.min(WIN, played))), best: pos.best, bestScore: pos.score, played, pv: pos.pv, forced: name === 'forced' };
  }

  /** Every move's judgement known so far. */
  judgements() {
    return this.game.history().map((_, i) => this.judgement(i));
  }

  /** A side's accuracy (forced moves left out), or null. */
  accuracyOf(color) {
    const losses = this.judgements()
      .filter((j) => j && j.mover === color && !j.forced)
      .map((j) => Math.max(0, Math.min(1, j.loss)));
    return accuracy(losses);
  }

  /** The moves to practise: index, judgement, for the sides practised. */
  mistakes() {
    return this.judgements()
      .map((j, i) => ({ i, j }))
      .filter(({ j }) => j && ['inaccuracy', 'mistake', 'blunder'].includes(j.name) && this.sides.includes(j.mover));
  }

  summary() {
    const parts = ['white', 'black'].map((c) => {
      const a = this.accuracyOf(c);
      return t('review.accuracyOf', { side: t(`side.${c}`), accuracy: a === null ? '–' : number(a, { maximumFractionDigits: 0 }) });
    });
    return `${t('review.done')} ${parts.join(', ')}.`;
  }

  shown() {
    return replay(this.#ctx.Dama, this.game, this.viewPly);
  }

  currentGame() {
    return this.shown();
  }

  view() {
    return { game: this.shown(), interactive: false };
  }

  flipped() {
    return this.#ctx.screens.play.flipped();
  }

  status() {
    const total = this.game.history().length;
    const known = this.positions.filter(Boolean).length;
    const progress = this.done ? t('review.finished') : t('review.progress', { done: known, total: total + 1 });
    return `${t('review.title')} · ${t('status.viewing', { ply: this.viewPly, total })} · ${progress}`;
  }

  player(color) {
    return this.#ctx.screens.play.player(color);
  }

  move() {}

  step(to) {
    this.viewPly = stepTarget(to, this.viewPly, this.game.history().length);
    const j = this.viewPly > 0 ? this.judgement(this.viewPly - 1) : null;
    announceStep(this.shown(), this.viewPly, j ? ` ${t(`judgement.${j.name}`)}.` : '');
    this.#ctx.render();
  }

  render() {
    const ctx = this.#ctx;
    const history = this.game.history();
    const judgements = this.judgements();
    const plies = history.map((text, i) => {
      const j = judgements[i];
      return { text, note: j ? SYMBOL[j.name] ?? '' : '', said: j ? t(`judgement.${j.name}`) : '', cls: j ? `j-${j.name}` : '' };
    });
    renderMoveList($('moves'), this.game, this.viewPly, plies, ctx.screens.play.resultText());
    $('first').disabled = $('prev').disabled = this.viewPly === 0;
    $('next').disabled = $('last').disabled = this.viewPly === history.length;
    // The graph: White's expected score after each ply.
    const points = [];
    for (let i = 0; i <= history.length; i++) {
      const p = this.positions[i];
      if (!p) break;
      let white;
      if (p.outcome) white = p.outcome.winner === 'white' ? 1 : p.outcome.winner === 'black' ? 0 : 0.5;
      else white = expectedScore(p.turn === 'w' ? p.score : -p.score);
      points.push(white);
    }
    drawGraph($('review-graph'), points, history.length, this.viewPly, judgements);
    for (const color of ['white', 'black']) {
      const a = this.accuracyOf(color);
      $(`accuracy-${color}`).textContent = a === null ? '–' : `${number(a, { maximumFractionDigits: 1 })} %`;
      const counts = {};
      for (const j of judgements) if (j && j.mover === color) counts[j.name] = (counts[j.name] ?? 0) + 1;
      $(`counts-${color}`).textContent = ['blunder', 'mistake', 'inaccuracy']
        .map((n) => t(`review.count.${n}`, { count: counts[n] ?? 0 }))
        .join(' · ');
    }
    const j = this.viewPly > 0 ? judgements[this.viewPly - 1] : null;
    const detail = $('review-detail');
    if (!j) detail.textContent = this.viewPly === 0 ? t('review.pickMove') : t('review.waiting');
    else {
      const before = replay(ctx.Dama, this.game, this.viewPly - 1);
      let text = `${history[this.viewPly - 1]}: ${t(`judgement.${j.name}`)}.`;
      if (!['best', 'only', 'forced'].includes(j.name) && j.best) {
        text += ` ${t('review.bestWas', { move: j.best, score: scoreWords(before.turn() === 'w' ? j.bestScore : -j.bestScore) })}`;
        if (j.pv?.length > 1) text += ` ${t('review.line', { line: lineText(before, j.pv.slice(0, 6)) })}`;
      }
      detail.textContent = text;
      detail.dataset.judgement = j.name;
    }
    const mistakes = this.mistakes();
    $('practice-button').disabled = !this.done || mistakes.length === 0;
    $('practice-button').textContent = t('review.practice', { count: mistakes.length });
  }
}
