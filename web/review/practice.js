// Practice on one's own mistakes: each position where the player gave away too much comes
// back; a move that keeps what the best move kept (judged best or good) solves it.
import { t } from '../lib/i18n.js';
import { $, colorToMove, replay } from '../lib/dom.js';
import { announce } from '../lib/announce.js';
import * as sound from '../lib/sound.js';
import { judgeMove, moveLoss } from '../../wasm/npm/dama.js';

const WIN = 1_000_000;

export class Practice {
  #ctx;
  review = null;
  items = [];
  index = 0;
  game = null;
  solved = new Set();
  checking = false;
  /** The last try: `{ move, name }`. */
  tried = null;

  constructor(ctx) {
    this.#ctx = ctx;
    $('practice-next').addEventListener('click', () => this.next());
    $('practice-show').addEventListener('click', () => this.showAnswer());
    $('practice-back').addEventListener('click', () => ctx.setMode('review'));
  }

  /** Practises the mistakes of `review`. */
  start(review) {
    this.review = review;
    this.items = review.mistakes();
    this.index = 0;
    this.solved = new Set();
    this.#load();
  }

  #load() {
    const item = this.items[this.index];
    this.tried = null;
    this.#ctx.overlay = {};
    if (!item) {
      this.game = null;
      return;
    }
    this.game = replay(this.#ctx.Dama, this.review.game, item.i).clone();
    announce(this.prompt());
  }

  prompt() {
    const item = this.items[this.index];
    if (!item) return t('practice.none');
    return t('practice.prompt', { side: t(`side.${item.j.mover}`), move: this.review.game.history()[item.i], judgement: t(`judgement.${item.j.name}`) });
  }

  next() {
    if (this.items.length === 0) return;
    this.index = (this.index + 1) % this.items.length;
    this.#load();
    this.#ctx.message('');
    this.#ctx.render();
  }

  showAnswer() {
    const item = this.items[this.index];
    if (!item) return;
    this.#ctx.overlay = { hint: this.#bestPath(item) };
    this.#ctx.message(t('practice.answer', { move: item.j.best }), 'info');
    announce(t('practice.answer', { move: item.j.best }));
    this.#ctx.render();
  }

  #bestPath(item) {
    return this.game.moves({ verbose: true }).find((m) => m.text === item.j.best)?.path ?? null;
  }

  view() {
    const game = this.game ?? replay(this.#ctx.Dama, this.review.game, this.review.game.history().length);
    return { game, interactive: this.game !== null && !this.checking && this.#ctx.animating === 0 };
  }

  flipped() {
    const item = this.items[this.index];
    return (item?.j.mover === 'black') !== this.#ctx.flipped;
  }

  status() {
    const progress = this.items.length ? t('practice.progress', { n: this.index + 1, total: this.items.length, solved: this.solved.size }) : '';
    return `${t('practice.title')} · ${progress}`;
  }

  player(color) {
    return { name: t(`side.${color}`) };
  }

  /** A move tried: judged against the position's best with a search of the position after it. */
  async move(path) {
    const ctx = this.#ctx;
    const item = this.items[this.index];
    if (!item || this.checking) return;
    const before = this.game.clone();
    const m = before.clone().move({ path });
    this.checking = true;
    ctx.message(t('practice.checking'), 'info');
    ctx.render();
    const after = before.clone();
    after.move({ path });
    let played;
    const o = after.outcome();
    if (o) played = o.winner === null ? 0 : o.winner === colorToMove(before) ? WIN - 1 : -(WIN - 1);
    else {
      const result = await ctx.analyst
        .request({ type: 'search', startFen: after.startFen(), rules: after.rules(), moves: after.history(), timeMs: 600 })
        .catch(() => null);
      played = result ? -result.score : -WIN;
    }
    this.checking = false;
    const best = item.j.bestScore;
    const isBest = m.text === item.j.best;
    const name = judgeMove({ best, played: Math.max(-WIN, Math.min(WIN, played)), legalMoves: before.moves().length, playedIsBest: isBest });
    this.tried = { move: m.text, name, loss: moveLoss(best, Math.max(-WIN, Math.min(WIN, played))) };
    if (['best', 'good', 'only', 'forced'].includes(name)) {
      this.solved.add(this.index);
      sound.play('crown');
      ctx.message(t('practice.right', { move: m.text }), 'info');
      announce(t('practice.right', { move: m.text }));
      await ctx.playMove(this.game, path, t(`side.${item.j.mover}`));
    } else {
      sound.play('refused');
      ctx.message(t('practice.wrong', { move: m.text, judgement: t(`judgement.${name}`) }), 'error');
    }
    ctx.render();
  }

  render() {
    $('practice-prompt').textContent = this.prompt();
    $('practice-next').disabled = this.items.length < 2;
    $('practice-show').disabled = !this.items[this.index];
    const moves = $('moves');
    moves.replaceChildren();
    moves.dataset.html = '';
    for (const id of ['first', 'prev', 'next', 'last']) $(id).disabled = true;
  }
}
