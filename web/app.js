// The Dama page: the board and the panels of its five screens (play, analysis, review,
// practice, editor) on the turkish-draughts package, the engine in Web Workers. Every text
// comes from the message catalogues (lib/i18n.js).
import { Dama } from '../wasm/npm/dama.js';
import { Board, parseFen } from './board/board.js';
import { MoveInput } from './board/input.js';
import { EngineClient } from './engine/client.js';
import * as i18n from './lib/i18n.js';
import { t } from './lib/i18n.js';
import * as settingsStore from './lib/settings.js';
import * as sound from './lib/sound.js';
import { announce, describeMove } from './lib/announce.js';
import { $, colorToMove, show } from './lib/dom.js';
import { Play } from './play/play.js';
import { Analysis } from './analysis/analysis.js';
import { Review } from './review/review.js';
import { Practice } from './review/practice.js';
import { Editor } from './editor/editor.js';
import { setUpFiles } from './lib/files.js';
import { setUpDialogs } from './lib/dialogs.js';

const settings = settingsStore.load();
settingsStore.apply(settings);
sound.use(settings);
await i18n.init(settings.language);

/** What every screen shares. */
const ctx = {
  Dama,
  settings,
  mode: 'play',
  flipped: false,
  animating: 0,
  /** Marks a screen adds to the board: `{ hint, last }`. */
  overlay: {},
  board: null,
  input: null,
  /** The engine that plays, hints and judges draw offers. */
  player: new EngineClient(),
  /** The engine that analyses and reviews. */
  analyst: new EngineClient(),
  render,
  renderPlayers: () => renderPlayers(screen().view()),
  message,
  setMode,
  playMove,
  screens: {},
};

ctx.board = new Board($('board'), {
  square: (sq) => screen().square?.(sq) ?? ctx.input.click(sq),
  drop: (from, to) => {
    ctx.input.drop(from, to);
    render();
  },
  canDrag: (sq) => ctx.mode !== 'editor' && ctx.input.canDrag(sq),
  dragStart: (sq) => {
    if (!ctx.input.path.includes(sq)) ctx.input.path = [sq];
    render();
  },
  label: (sq, piece) => {
    const what = piece ? t(`piece.${piece.color}.${piece.king ? 'king' : 'man'}`) : t('piece.empty');
    return `${sq}, ${what}`;
  },
});

ctx.input = new MoveInput({
  onMove: (path) => screen().move(path),
  onMessage: (text, kind) => {
    if (kind === 'refused') sound.play('refused');
    message(text, kind === 'refused' ? 'error' : 'info');
    render();
  },
});

function screen() {
  return ctx.screens[ctx.mode];
}

// ---- messages ----

/** Shows a message under the status line ('' clears it); errors are read out at once. */
function message(text, kind = 'info') {
  const el = $('message');
  el.textContent = text;
  el.className = `message ${kind}`;
  el.hidden = text === '';
}

// ---- moves ----

/**
 * Plays `move` (a path or a text) in `game`, slides it on the board, sounds it and reads it
 * out; `who` names the mover. Resolves with the move once the board shows it.
 */
async function playMove(game, move, who) {
  const before = game.fen();
  const color = colorToMove(game);
  const m = typeof move === 'string' ? game.move(move) : game.move({ path: move });
  const after = game.fen();
  ctx.input.clear();
  const outcome = game.outcome();
  sound.play(outcome ? 'end' : m.crowning ? 'crown' : m.captured.length > 0 ? 'capture' : 'move');
  let said = describeMove(m, who, color, after);
  if (!outcome && game.moves({ verbose: true })[0]?.captured.length > 0) said += ` ${t('say.mustCapture', { side: t(`side.${colorToMove(game)}`) })}`;
  announce(said);
  ctx.animating++;
  render();
  try {
    await ctx.board.slide(m, before, settingsStore.slideMs(settings));
  } finally {
    ctx.animating--;
  }
  render();
  return m;
}

// ---- drawing ----

let lastMoveCache = { game: null, ply: -1, squares: [] };

/** The squares of the last move's whole path (remembered while the game does not change). */
function lastMoveSquares(game) {
  const ply = game.history().length;
  if (lastMoveCache.game !== game || lastMoveCache.ply !== ply) {
    const last = ply > 0 ? game.clone() : null;
    const move = last?.undo();
    lastMoveCache = { game, ply, squares: move ? [...move.path] : [] };
  }
  return lastMoveCache.squares;
}

let renderQueued = false;

/**
 * Draws the page at the end of the current task: the several changes of one click or one
 * engine answer are drawn once.
 */
function render() {
  if (renderQueued) return;
  renderQueued = true;
  queueMicrotask(() => {
    renderQueued = false;
    renderNow();
  });
}

function renderNow() {
  const s = screen();
  const view = s.view();
  document.body.dataset.mode = ctx.mode;
  for (const mode of Object.keys(ctx.screens)) show($(`panel-${mode}`), mode === ctx.mode);
  for (const b of document.querySelectorAll('[data-mode-button]')) {
    b.setAttribute('aria-current', String(b.dataset.modeButton === ctx.mode || (b.dataset.modeButton === 'play' && ['review', 'practice'].includes(ctx.mode))));
  }
  ctx.board.orient(s.flipped?.() ?? ctx.flipped);
  if (ctx.animating === 0) {
    if (view.fen) {
      ctx.input.set(null, false);
      ctx.board.draw(view.fen);
    } else {
      ctx.input.set(view.game, view.interactive);
      ctx.board.draw(view.game.fen(), { taken: ctx.input.taken(), moved: ctx.input.path.length > 1 ? { from: ctx.input.path[0], to: ctx.input.path.at(-1) } : null });
    }
  }
  const marks = view.game ? ctx.input.marks() : {};
  ctx.board.mark({
    ...marks,
    last: view.game && view.showLast !== false ? lastMoveSquares(view.game) : [],
    hint: ctx.overlay.hint ?? null,
  });
  $('status').textContent = s.status();
  // The play screen's banner, confirmation and exact result belong to it alone.
  if (ctx.mode !== 'play') {
    show($('banner'), false);
    show($('confirm'), false);
  }
  show($('entry'), typeof s.typed === 'function');
  s.render?.();
  renderPlayers(view);
}

function renderPlayers(view) {
  const s = screen();
  const bottom = ctx.board.flipped ? 'black' : 'white';
  for (const [id, color] of [['bottom-player', bottom], ['top-player', bottom === 'white' ? 'black' : 'white']]) {
    const el = $(id);
    const info = s.player?.(color) ?? { name: t(`side.${color}`) };
    const game = view.game;
    let taken = 0;
    if (game) {
      const start = parseFen(game.startFen()).pieces;
      const now = parseFen(game.fen()).pieces;
      const count = (pieces, c) => [...pieces.values()].filter((p) => p.color === c).length;
      taken = Math.max(0, count(start, color === 'white' ? 'black' : 'white') - count(now, color === 'white' ? 'black' : 'white'));
    }
    const toMove = game && !game.isGameOver() && colorToMove(game) === color && !info.over;
    el.classList.toggle('to-move', Boolean(toMove));
    el.querySelector('.name').textContent = info.name;
    el.querySelector('.dot').className = `dot ${color}`;
    const clock = el.querySelector('.clock');
    clock.hidden = info.clock === undefined;
    if (info.clock !== undefined) {
      clock.textContent = info.clock;
      clock.classList.toggle('low', Boolean(info.low));
      clock.classList.toggle('running', Boolean(info.running));
    }
    const takenEl = el.querySelector('.taken');
    const other = color === 'white' ? 'black' : 'white';
    const html = `<i class="${other}"></i>`.repeat(Math.min(taken, 16));
    if (takenEl.dataset.html !== html) {
      takenEl.dataset.html = html;
      takenEl.innerHTML = html;
    }
    takenEl.setAttribute('aria-label', t('player.taken', { count: taken }));
  }
}

// ---- screens ----

function setMode(mode, options = {}) {
  if (!(mode in ctx.screens)) return;
  const leaving = screen();
  if (mode !== ctx.mode) leaving?.leave?.();
  ctx.mode = mode;
  ctx.overlay = {};
  ctx.input.clear();
  message('');
  screen().enter?.(options);
  render();
}

ctx.screens.play = new Play(ctx);
ctx.screens.analysis = new Analysis(ctx);
ctx.screens.review = new Review(ctx);
ctx.screens.practice = new Practice(ctx);
ctx.screens.editor = new Editor(ctx);

for (const b of document.querySelectorAll('[data-mode-button]')) {
  b.addEventListener('click', () => {
    const mode = b.dataset.modeButton;
    if (mode === 'analysis') ctx.screens.analysis.openFrom(ctx.screens[ctx.mode].currentGame?.() ?? ctx.screens.play.shown());
    setMode(mode);
  });
}

// Stepping through the moves shown: the screen's list, with the buttons and the keys.
function step(to) {
  screen().step?.(to);
}
$('first').addEventListener('click', () => step('first'));
$('prev').addEventListener('click', () => step('prev'));
$('next').addEventListener('click', () => step('next'));
$('last').addEventListener('click', () => step('last'));
$('moves').addEventListener('click', (e) => {
  const ply = e.target.closest('button[data-ply]')?.dataset.ply;
  if (ply !== undefined) step(Number(ply));
});

$('entry').addEventListener('submit', (e) => {
  e.preventDefault();
  const input = $('move-text');
  const text = input.value.trim().toLowerCase().replaceAll(':', 'x');
  if (text === '') return;
  const s = screen();
  if (!s.typed) {
    message(t('entry.notHere'), 'error');
    return;
  }
  if (s.typed(text)) input.value = '';
});

// ---- language ----

function fillLanguages() {
  const select = $('language');
  select.replaceChildren(
    ...i18n.available().map((l) => {
      const o = document.createElement('option');
      o.value = l.code;
      o.textContent = l.name;
      o.lang = l.code;
      return o;
    }),
  );
  select.value = i18n.language();
}
fillLanguages();
$('language').addEventListener('change', async (e) => {
  const code = e.target.value;
  settingsStore.set(settings, 'language', code);
  await i18n.use(code);
});
i18n.onChange(() => {
  $('language').value = i18n.language();
  // A message shown before is in the language left: it goes.
  message('');
  document.title = t('page.title');
  for (const s of Object.values(ctx.screens)) s.translate?.();
  render();
});
document.title = t('page.title');

// ---- keyboard shortcuts ----

const SHORTCUTS = {
  n: () => ctx.screens.play.askNewGame(),
  u: () => screen().undo?.(),
  f: () => flip(),
  h: () => ctx.screens.play.hint(),
  a: () => $('nav-analysis').click(),
  e: () => $('nav-editor').click(),
  p: () => $('nav-play').click(),
  r: () => ctx.screens.play.review(),
  d: () => ctx.screens.play.offerDraw(),
  s: () => $('settings-button').click(),
  '?': () => $('help-button').click(),
};

function flip() {
  ctx.flipped = !ctx.flipped;
  screen().flip?.();
  render();
}
$('flip').addEventListener('click', flip);
$('flip-2').addEventListener('click', flip);

addEventListener('keydown', (e) => {
  const target = e.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) return;
  if (document.querySelector('dialog[open]')) return;
  if (e.altKey || e.metaKey) return;
  if (e.ctrlKey) {
    if (e.key === 'z') {
      e.preventDefault();
      screen().undo?.();
    }
    return;
  }
  const onBoard = target instanceof Element && target.closest('#board');
  if (!onBoard) {
    if (e.key === 'ArrowLeft') return step(document.documentElement.dir === 'rtl' ? 'next' : 'prev');
    if (e.key === 'ArrowRight') return step(document.documentElement.dir === 'rtl' ? 'prev' : 'next');
    if (e.key === 'Home') return step('first');
    if (e.key === 'End') return step('last');
  }
  if (e.key === 'Escape') {
    ctx.input.clear();
    ctx.overlay = {};
    message('');
    render();
    return;
  }
  const action = SHORTCUTS[e.key.length === 1 ? e.key.toLowerCase() : ''] ?? SHORTCUTS[e.key];
  if (action) {
    e.preventDefault();
    action();
  }
});

setUpDialogs(ctx);
setUpFiles(ctx);

// ---- the address: #fen= opens a position to play, #edit= in the editor ----

function fromAddress() {
  const params = new URLSearchParams(location.hash.slice(1));
  const query = new URLSearchParams(location.search);
  const fen = params.get('fen') ?? query.get('fen');
  const edit = params.get('edit');
  if (fen === null && edit === null) return false;
  const rules = (params.get('rules') ?? query.get('rules')) === 'tudaf' ? 'tudaf' : 'default';
  history.replaceState(null, '', location.pathname);
  if (edit !== null) {
    const ok = ctx.screens.editor.load(edit, rules);
    setMode('editor');
    if (!ok) message(t('address.badEdit'), 'error');
    return ok;
  }
  try {
    ctx.screens.play.openPosition(fen, rules);
    ctx.flipped = false;
    setMode('play');
    message(t('address.opened'), 'info');
    return true;
  } catch (e) {
    message(t('address.bad', { reason: e.message }), 'error');
    return false;
  }
}

addEventListener('hashchange', () => {
  fromAddress();
  render();
});

const restored = ctx.screens.play.restore();
const opened = fromAddress();
render();
if (!restored && !opened) ctx.screens.play.askNewGame();
else ctx.screens.play.resume();

if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register(new URL('./sw.js', import.meta.url)).catch(() => {});
}

// For the browser tests and the curious.
window.dama = { ctx, render, Dama, t };
