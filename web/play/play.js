// The play screen: a game against the computer at one of five levels, or two players on
// one device (the board turning to the side to move); clocks; hint, draw offers, resign,
// take back; the result banner; the game saved in localStorage.
import { LEVELS } from '../../wasm/npm/dama.js';
import { t } from '../lib/i18n.js';
import { $, colorToMove, other, replay, show, stepTarget } from '../lib/dom.js';
import { announce, announceStep } from '../lib/announce.js';
import * as sound from '../lib/sound.js';
import { renderMoveList } from '../lib/movelist.js';
import { Clock, TIME_CONTROLS, formatTime } from './clock.js';
import { ExactInfo } from './exact.js';

const STORE = 'dama.game.v2';
/** The computer accepts a draw unless it is more than this many hundredths of a man ahead. */
const DRAW_MARGIN = 25;
/** Plies between two draw offers, and offers in a game. */
const OFFER_GAP = 10;
const MAX_OFFERS = 3;

const DEFAULT_SETUP = { opponent: 'computer', human: 'white', level: 'medium', rules: 'default', time: 'none' };

export class Play {
  #ctx;
  game;
  setup = { ...DEFAULT_SETUP };
  /** The ply shown while stepping back, null for the last. */
  viewPly = null;
  /** An end the rules do not give: `{ winner, reason: 'resign' | 'time' | 'agreement' }`. */
  result = null;
  clock = null;
  thinking = false;
  offers = { count: 0, lastPly: -OFFER_GAP };
  /** A move entered and waiting for the player's confirmation (a path). */
  pending = null;
  /** The position the next new game starts from (`{ fen, rules }`), null for the start. */
  startFrom = null;
  #tick = null;
  #warned = new Set();
  #exact;

  constructor(ctx) {
    this.#ctx = ctx;
    this.game = new ctx.Dama();
    this.#exact = new ExactInfo(ctx, $('exact'));
    $('hint').addEventListener('click', () => this.hint());
    $('undo').addEventListener('click', () => this.undo());
    $('offer-draw').addEventListener('click', () => this.offerDraw());
    $('resign').addEventListener('click', () => this.resign());
    $('new').addEventListener('click', () => this.askNewGame());
    $('banner-new').addEventListener('click', () => this.askNewGame());
    $('banner-review').addEventListener('click', () => this.review());
    $('review-button').addEventListener('click', () => this.review());
    $('banner-analyse').addEventListener('click', () => {
      ctx.screens.analysis.openFrom(this.game);
      ctx.setMode('analysis');
    });
    $('confirm-move').addEventListener('click', () => this.#confirm(true));
    $('cancel-move').addEventListener('click', () => this.#confirm(false));
  }

  // ---- what is shown ----

  /** The game as shown: the whole game, or its first `viewPly` plies. */
  shown() {
    return replay(this.#ctx.Dama, this.game, this.viewPly);
  }

  currentGame() {
    return this.shown();
  }

  isOver() {
    return this.result !== null || this.game.isGameOver();
  }

  humanToMove(game = this.game) {
    return this.setup.opponent === 'two' || colorToMove(game) === this.setup.human;
  }

  view() {
    const game = this.shown();
    if (this.pending) {
      const preview = game.clone();
      preview.move({ path: this.pending });
      return { game: preview, interactive: false };
    }
    return {
      game,
      interactive: this.viewPly === null && !this.thinking && !this.isOver() && this.humanToMove() && this.#ctx.animating === 0,
    };
  }

  flipped() {
    let base = false;
    if (this.setup.opponent === 'computer') base = this.setup.human === 'black';
    else if (this.#ctx.settings.turnBoard) base = colorToMove(this.shown()) === 'black';
    return base !== this.#ctx.flipped;
  }

  /** The outcome: `{ winner, reason }` from the rules or the players, or null. */
  outcome() {
    if (this.result) return this.result;
    const o = this.game.outcome();
    return o ? { winner: o.winner, reason: o.reason } : null;
  }

  /** The PDN result: `2-0`, `0-2`, `1-1`, or null while the game goes on. */
  resultText() {
    const o = this.outcome();
    if (!o) return null;
    return o.winner === 'white' ? '2-0' : o.winner === 'black' ? '0-2' : '1-1';
  }

  nameOf(color) {
    if (this.setup.opponent === 'two') return t(`side.${color}`);
    if (color === this.setup.human) return this.#ctx.settings.playerName || t('player.you');
    return t('player.computer', { level: t(`level.${this.setup.level}`) });
  }

  player(color) {
    const info = { name: this.nameOf(color), over: this.isOver() };
    if (this.clock) {
      const ms = this.clock.remaining(color);
      info.clock = formatTime(ms);
      info.low = ms < 10_000;
      info.running = this.clock.running === color;
    }
    return info;
  }

  status() {
    const o = this.outcome();
    let text;
    if (o) text = this.#endText(o);
    else if (this.thinking) text = t('status.thinking');
    else if (this.setup.opponent === 'computer' && this.humanToMove()) text = t('status.yourMove', { side: t(`side.${this.setup.human}`) });
    else text = t('status.toMove', { side: t(`side.${colorToMove(this.game)}`) });
    if (this.viewPly !== null) text = `${t('status.viewing', { ply: this.viewPly, total: this.game.history().length })} · ${text}`;
    return `${text} · ${t(`rules.${this.game.rules()}`)}`;
  }

  #endTitle(o) {
    if (o.winner === null) return t('end.draw');
    if (this.setup.opponent === 'computer') return o.winner === this.setup.human ? t('end.youWon') : t('end.youLost');
    return t('end.wins', { side: t(`side.${o.winner}`) });
  }

  #endText(o) {
    return `${this.#endTitle(o)} ${t(`reason.${o.reason}`, { side: o.winner ? t(`side.${other(o.winner)}`) : '' })}`;
  }

  render() {
    const ctx = this.#ctx;
    const over = this.isOver();
    const o = this.outcome();
    const human = this.humanToMove();
    const idle = !this.thinking && ctx.animating === 0;
    show($('banner'), over && this.viewPly === null);
    if (over) {
      $('banner-title').textContent = this.#endTitle(o);
      $('banner-detail').textContent = `${t(`reason.${o.reason}`, { side: o.winner ? t(`side.${other(o.winner)}`) : '' })} ${this.resultText()}`;
      $('banner').dataset.outcome = o.winner === null ? 'draw' : this.setup.opponent === 'computer' ? (o.winner === this.setup.human ? 'won' : 'lost') : 'win';
    }
    show($('confirm'), this.pending !== null);
    $('hint').disabled = over || !human || !idle || this.viewPly !== null;
    $('offer-draw').disabled = over || !idle || this.game.history().length - this.offers.lastPly < OFFER_GAP || this.offers.count >= MAX_OFFERS;
    $('resign').disabled = over || (this.setup.opponent === 'computer' && this.game.history().length < 1);
    $('undo').disabled = this.game.history().length === 0 || this.clock !== null || this.result !== null;
    $('review-button').hidden = !over || this.viewPly === null;
    const total = this.game.history().length;
    const at = this.viewPly ?? total;
    $('first').disabled = $('prev').disabled = at === 0;
    $('next').disabled = $('last').disabled = this.viewPly === null;
    const plies = this.game.history().map((text) => ({ text }));
    renderMoveList($('moves'), this.game, at, plies, this.resultText());
    this.#exact.show(this.shown());
  }

  // ---- moves ----

  move(path) {
    if (this.#ctx.settings.confirmMoves) {
      this.pending = path;
      this.#ctx.message(t('confirm.ask', { move: this.game.moveWithPath(path)?.text ?? path.join('-') }), 'info');
      this.#ctx.render();
      $('confirm-move').focus();
      return;
    }
    this.#humanMove(path);
  }

  #confirm(yes) {
    const path = this.pending;
    this.pending = null;
    this.#ctx.message('');
    if (yes && path) this.#humanMove(path);
    else this.#ctx.render();
  }

  typed(text) {
    if (this.viewPly !== null) {
      this.#ctx.message(t('entry.stepBack'), 'error');
      return false;
    }
    if (this.isOver()) {
      this.#ctx.message(t('entry.over'), 'error');
      return false;
    }
    if (this.thinking || !this.humanToMove()) {
      this.#ctx.message(t('entry.wait'), 'error');
      return false;
    }
    try {
      const probe = this.game.clone();
      const m = probe.move(text);
      this.move(m.path);
      return true;
    } catch (e) {
      this.#ctx.message(t('entry.illegal', { move: text, reason: e.reason ?? e.message }), 'error');
      sound.play('refused');
      return false;
    }
  }

  async #humanMove(path) {
    const ctx = this.#ctx;
    ctx.overlay = {};
    const color = colorToMove(this.game);
    const who = this.setup.opponent === 'computer' ? t('player.youSay') : t(`side.${color}`);
    // The status says at once who is to move next: the computer thinks from now on.
    if (this.setup.opponent === 'computer') this.thinking = true;
    const playing = ctx.playMove(this.game, path, who);
    this.clock?.moved(color);
    this.#afterMove();
    await playing;
    this.thinking = false;
    this.#next();
  }

  #afterMove() {
    this.save();
    if (this.isOver()) this.#finish();
    this.#ctx.render();
  }

  /** Starts the computer's move when it is its turn. */
  #next() {
    const ctx = this.#ctx;
    ctx.render();
    if (this.isOver() || this.viewPly !== null || this.setup.opponent !== 'computer' || this.humanToMove() || this.thinking) return;
    this.thinking = true;
    ctx.render();
    const level = this.setup.level;
    let timeMs = LEVELS.find((l) => l.name === level)?.timeMs ?? 1000;
    if (this.clock) {
      // On the clock, a thirtieth of the time left and most of the increment, at most the level's time.
      const left = this.clock.remaining(colorToMove(this.game));
      timeMs = Math.max(50, Math.min(timeMs, left / 30 + this.clock.increment * 0.7));
    }
    const game = this.game;
    ctx.player
      .request({
        type: 'play',
        startFen: game.startFen(),
        rules: game.rules(),
        moves: game.history(),
        level,
        timeMs,
        seed: Math.floor(Math.random() * 2 ** 31),
      })
      .then(async (result) => {
        if (game !== this.game || this.isOver()) return;
        if (result === null) {
          this.thinking = false;
          ctx.render();
          return;
        }
        const color = colorToMove(this.game);
        const playing = ctx.playMove(this.game, result.move.text, t('player.computerSay'));
        this.clock?.moved(color);
        this.thinking = false;
        this.#afterMove();
        await playing;
        ctx.render();
      })
      .catch((e) => {
        this.thinking = false;
        ctx.message(t('engine.failed', { reason: e.message }), 'error');
        ctx.render();
      });
  }

  #finish() {
    this.clock?.stop();
    this.#stopTick();
    const o = this.outcome();
    sound.play('end');
    announce(this.#endText(o));
  }

  // ---- actions ----

  hint() {
    const ctx = this.#ctx;
    if (ctx.mode !== 'play' || this.isOver() || !this.humanToMove() || this.thinking || this.viewPly !== null) return;
    const game = this.game;
    this.thinking = true;
    ctx.render();
    ctx.message(t('hint.thinking'), 'info');
    ctx.player
      .request({ type: 'search', startFen: game.startFen(), rules: game.rules(), moves: game.history(), timeMs: 1000 })
      .then((result) => {
        this.thinking = false;
        if (game !== this.game || result === null) return ctx.render();
        ctx.overlay = { hint: result.move.path };
        ctx.message(t('hint.text', { move: result.move.text }), 'info');
        announce(t('hint.text', { move: result.move.text }));
        ctx.render();
      })
      .catch(() => {
        this.thinking = false;
        ctx.render();
      });
  }

  offerDraw() {
    const ctx = this.#ctx;
    if (ctx.mode !== 'play' || this.isOver() || this.thinking) return;
    const ply = this.game.history().length;
    if (ply - this.offers.lastPly < OFFER_GAP || this.offers.count >= MAX_OFFERS) {
      ctx.message(t('draw.tooSoon', { count: OFFER_GAP }), 'error');
      return;
    }
    this.offers = { count: this.offers.count + 1, lastPly: ply };
    this.save();
    if (this.setup.opponent === 'two') {
      const side = other(colorToMove(this.game));
      $('draw-question').textContent = t('draw.question', { side: t(`side.${side}`), offerer: t(`side.${colorToMove(this.game)}`) });
      $('draw-dialog').showModal();
      return;
    }
    const game = this.game;
    this.thinking = true;
    ctx.message(t('draw.considering'), 'info');
    ctx.render();
    ctx.player
      .request({ type: 'search', startFen: game.startFen(), rules: game.rules(), moves: game.history(), timeMs: 800 })
      .then((result) => {
        this.thinking = false;
        if (game !== this.game) return;
        const computerToMove = colorToMove(game) !== this.setup.human;
        const computerScore = result === null ? 0 : computerToMove ? result.score : -result.score;
        if (computerScore <= DRAW_MARGIN) {
          this.end({ winner: null, reason: 'agreement' });
          ctx.message(t('draw.accepted'), 'info');
        } else {
          ctx.message(t('draw.declined'), 'info');
          announce(t('draw.declined'));
        }
        ctx.render();
        this.#next();
      })
      .catch(() => {
        this.thinking = false;
        ctx.render();
      });
  }

  /** The answer of the other player to a draw offer in a two-player game. */
  answerDraw(accepted) {
    if (accepted) this.end({ winner: null, reason: 'agreement' });
    else {
      this.#ctx.message(t('draw.declinedBy', { side: t(`side.${other(colorToMove(this.game))}`) }), 'info');
      this.#ctx.render();
    }
  }

  resign() {
    if (this.#ctx.mode !== 'play' || this.isOver()) return;
    const side = this.setup.opponent === 'computer' ? this.setup.human : colorToMove(this.game);
    $('resign-question').textContent = t('resign.question', { side: t(`side.${side}`) });
    $('resign-dialog').showModal();
  }

  /** Resigns for the human (or the side to move in a two-player game): confirmed. */
  confirmResign() {
    const side = this.setup.opponent === 'computer' ? this.setup.human : colorToMove(this.game);
    this.end({ winner: other(side), reason: 'resign' });
  }

  /** Ends the game as the players decided (resign, agreement) or the clock did. */
  end(result) {
    if (this.isOver()) return;
    this.#ctx.player.cancel();
    this.thinking = false;
    this.result = result;
    this.viewPly = null;
    this.pending = null;
    this.save();
    this.#finish();
    this.#ctx.render();
  }

  undo() {
    const ctx = this.#ctx;
    if (ctx.mode !== 'play') return;
    if (this.clock !== null) return ctx.message(t('undo.timed'), 'error');
    if (this.result !== null || this.game.history().length === 0) return;
    ctx.player.cancel();
    this.thinking = false;
    this.viewPly = null;
    this.pending = null;
    ctx.overlay = {};
    const undone = this.game.undo();
    if (undone && this.setup.opponent === 'computer' && !this.humanToMove()) this.game.undo();
    this.save();
    announce(undone ? t('undo.done', { move: undone.text }) : '');
    ctx.render();
    this.#next();
  }

  step(to) {
    const total = this.game.history().length;
    const ply = stepTarget(to, this.viewPly ?? total, total);
    this.viewPly = ply === total ? null : ply;
    this.pending = null;
    this.#ctx.overlay = {};
    announceStep(this.shown(), ply);
    this.#ctx.render();
    this.#next();
  }

  review() {
    if (!this.isOver()) return;
    this.#ctx.screens.review.start(this);
    this.#ctx.setMode('review');
  }

  // ---- games ----

  /** Opens the new-game dialog; `from` (`{ fen, rules }`) starts the game from a position. */
  askNewGame(from = null) {
    this.startFrom = from;
    const form = $('new-game-form');
    form.elements.opponent.value = this.setup.opponent;
    form.elements.human.value = this.setup.human;
    form.elements.level.value = this.setup.level;
    form.elements.rules.value = from?.rules ?? this.game.rules();
    form.elements.time.value = this.setup.time;
    $('new-game-from').hidden = from === null;
    form.dispatchEvent(new Event('change'));
    $('new-game').showModal();
  }

  /** Starts a game with `setup` (from `fen` when given). */
  newGame(setup, fen) {
    const ctx = this.#ctx;
    ctx.player.cancel();
    ctx.player.newGame();
    this.setup = { ...DEFAULT_SETUP, ...setup };
    if (this.setup.human === 'random') this.setup.human = Math.random() < 0.5 ? 'white' : 'black';
    this.game = new ctx.Dama(fen, { rules: this.setup.rules });
    this.viewPly = null;
    this.result = null;
    this.pending = null;
    this.thinking = false;
    this.offers = { count: 0, lastPly: -OFFER_GAP };
    this.#warned.clear();
    const control = TIME_CONTROLS[this.setup.time] ?? null;
    this.clock = control ? new Clock(control) : null;
    this.clock?.start(colorToMove(this.game));
    ctx.flipped = false;
    ctx.setMode('play');
    this.save();
    announce(t('say.newGame', { rules: t(`rules.${this.setup.rules}`), side: t(`side.${colorToMove(this.game)}`) }));
    this.resume();
  }

  /** A position from a link: a two-player game from it. */
  openPosition(fen, rules) {
    const game = new this.#ctx.Dama(fen, { rules });
    this.newGame({ opponent: 'two', rules, time: 'none' }, game.fen());
  }

  /** A game read from a PDN file, shown from its first position. */
  openGame(game) {
    this.#ctx.player.cancel();
    this.setup = { ...DEFAULT_SETUP, opponent: 'two', rules: game.rules() };
    this.game = game;
    this.result = null;
    this.clock = null;
    this.pending = null;
    this.thinking = false;
    this.viewPly = 0;
    this.#ctx.flipped = false;
    this.save();
  }

  /** After a start or a restore: the clock's tick and the computer's move when it is its turn. */
  resume() {
    if (this.clock && !this.isOver()) this.#startTick();
    this.#next();
  }

  #startTick() {
    this.#stopTick();
    this.#tick = setInterval(() => this.#onTick(), 200);
  }

  #stopTick() {
    if (this.#tick !== null) clearInterval(this.#tick);
    this.#tick = null;
  }

  #onTick() {
    if (!this.clock || this.isOver()) return this.#stopTick();
    const flagged = this.clock.flagged();
    if (flagged) {
      this.end({ winner: other(flagged), reason: 'time' });
      return;
    }
    const side = this.clock.running;
    if (side && this.clock.remaining(side) < 10_000 && !this.#warned.has(side)) {
      this.#warned.add(side);
      sound.play('lowTime');
      announce(t('clock.tenSeconds', { side: this.nameOf(side) }));
    }
    this.#ctx.renderPlayers();
  }

  save() {
    const data = {
      setup: this.setup,
      start: this.game.startFen(),
      moves: this.game.history(),
      result: this.result,
      clock: this.clock?.toJSON() ?? null,
      offers: this.offers,
    };
    try {
      localStorage.setItem(STORE, JSON.stringify(data));
    } catch {
      // Storage full or refused: the game goes on unsaved.
    }
  }

  /** The saved game, if there is one that can be read; whether there was. */
  restore() {
    let data;
    try {
      data = JSON.parse(localStorage.getItem(STORE) ?? 'null');
    } catch {
      data = null;
    }
    if (!data) return false;
    try {
      const setup = { ...DEFAULT_SETUP, ...data.setup };
      const game = new this.#ctx.Dama(data.start, { rules: setup.rules });
      for (const m of data.moves) game.move(m);
      this.setup = setup;
      this.game = game;
      this.result = data.result && ['resign', 'time', 'agreement'].includes(data.result.reason) ? data.result : null;
      this.clock = data.clock ? Clock.from(data.clock) : null;
      this.offers = data.offers ?? this.offers;
      return true;
    } catch {
      this.#ctx.message(t('restore.failed'), 'error');
      return false;
    }
  }

  /** The PDN tags of the game: the players' names, the result when the players ended it. */
  tags() {
    const tags = {
      Event: t('pdn.event'),
      Date: new Date().toISOString().slice(0, 10).replaceAll('-', '.'),
      White: this.#pdnName('white'),
      Black: this.#pdnName('black'),
    };
    const result = this.resultText();
    if (result) tags.Result = result;
    if (this.clock) tags.TimeControl = this.setup.time;
    return tags;
  }

  #pdnName(color) {
    if (this.setup.opponent === 'two') return t(`side.${color}`);
    if (color === this.setup.human) return this.#ctx.settings.playerName || t('player.you');
    return t('player.engineName', { level: t(`level.${this.setup.level}`) });
  }

  translate() {
    this.#exact.reset();
  }
}

