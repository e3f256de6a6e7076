// The Dama page: a board on the turkish-draughts package, the engine in a Web Worker.
import { Dama, readPdn } from '../wasm/npm/dama.js';

const STORE = 'dama.game.v1';
const FILES = 'abcdefgh';
const $ = (id) => document.getElementById(id);
const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)').matches;

/** What the page keeps and saves: the game and how it is played. */
const state = {
  game: new Dama(),
  mode: 'engine-black', // the computer plays black; 'engine-white'; 'two'
  level: 500,
  flipped: false,
  view: null, // the ply shown when stepping through, null for the last
  path: [], // the squares of a move being entered: its origin, then landings
  thinking: false,
  animating: 0, // moves played whose animation has not finished
  tags: {},
};

let worker = null;
let request = 0;
let animating = Promise.resolve();

// ---- the position from a FEN, for drawing ----

function parseFen(fen) {
  const pieces = new Map();
  const [turn, ...sides] = fen.split(':');
  for (const side of sides) {
    const color = side[0] === 'W' ? 'white' : 'black';
    for (const item of side.slice(1).split(',')) {
      if (item === '') continue;
      const king = item[0] === 'K';
      pieces.set(king ? item.slice(1) : item, { color, king });
    }
  }
  return { turn: turn === 'W' ? 'white' : 'black', pieces };
}

function squareXY(sq) {
  const file = FILES.indexOf(sq[0]);
  const rank = Number(sq[1]) - 1;
  return state.flipped ? [7 - file, rank] : [file, 7 - rank];
}

function transformOf(sq) {
  const [x, y] = squareXY(sq);
  return `translate(${x * 100}%, ${y * 100}%)`;
}

// ---- the board ----

const board = $('board');
const squares = new Map();
const piecesLayer = document.createElement('div');
piecesLayer.className = 'pieces';

function buildBoard() {
  board.replaceChildren();
  squares.clear();
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      const file = state.flipped ? 7 - col : col;
      const rank = state.flipped ? row : 7 - row;
      const sq = FILES[file] + (rank + 1);
      const cell = document.createElement('button');
      cell.type = 'button';
      cell.className = `square ${(file + rank) % 2 === 0 ? 'dark' : 'light'}`;
      cell.dataset.square = sq;
      cell.setAttribute('role', 'gridcell');
      if (row === 7) cell.insertAdjacentHTML('beforeend', `<span class="coord file">${FILES[file]}</span>`);
      if (col === 0) cell.insertAdjacentHTML('beforeend', `<span class="coord rank">${rank + 1}</span>`);
      cell.addEventListener('click', () => clickSquare(sq));
      board.append(cell);
      squares.set(sq, cell);
    }
  }
  board.append(piecesLayer);
}

/** The game as shown: the whole game, or its first `view` plies when stepping through. */
function shown() {
  if (state.view === null) return state.game;
  const g = new Dama(state.game.startFen(), { rules: state.game.rules() });
  for (const m of state.game.history().slice(0, state.view)) g.move(m);
  return g;
}

function drawPieces(fen, hidden = []) {
  const { pieces } = parseFen(fen);
  piecesLayer.replaceChildren();
  for (const [sq, p] of pieces) {
    const el = document.createElement('div');
    el.className = `piece ${p.color}${p.king ? ' king' : ''}${hidden.includes(sq) ? ' taken' : ''}`;
    el.dataset.square = sq;
    el.style.transform = transformOf(sq);
    piecesLayer.append(el);
  }
}

function humanToMove(game = state.game) {
  if (state.mode === 'two') return true;
  const engineColor = state.mode === 'engine-black' ? 'b' : 'w';
  return game.turn() !== engineColor;
}

function render() {
  const game = shown();
  const last = game.history({ verbose: true }).at(-1);
  const entering = state.path.length > 0;
  // While a capture is entered, the pieces it has taken so far are shown faded.
  let taken = [];
  if (entering) {
    const moves = game.moves({ verbose: true }).filter((m) => state.path.every((s, i) => m.path[i] === s));
    if (moves.length > 0) taken = moves[0].captured.slice(0, state.path.length - 1);
  }
  drawPieces(game.fen(), taken);
  if (entering && state.path.length > 1) {
    const el = piecesLayer.querySelector(`[data-square="${state.path[0]}"]`);
    if (el) el.style.transform = transformOf(state.path.at(-1));
  }
  const canMove = state.view === null && !state.thinking && humanToMove() && !game.isGameOver();
  const next = canMove ? game.nextSteps(state.path) : [];
  const occupied = parseFen(game.fen()).pieces;
  for (const [sq, cell] of squares) {
    cell.classList.toggle('last', !entering && last !== undefined && (sq === last.from || sq === last.to));
    cell.classList.toggle('selected', entering && sq === state.path[0]);
    cell.classList.toggle('stepped', entering && state.path.slice(1).includes(sq));
    cell.classList.toggle('dest', entering && next.includes(sq));
    cell.classList.toggle('occupied', occupied.has(sq) && sq !== state.path[0]);
    cell.classList.toggle('movable', canMove && (entering ? next.includes(sq) : next.includes(sq)));
    const p = occupied.get(sq);
    const label = `${sq}${p ? `, ${p.color} ${p.king ? 'king' : 'man'}` : ''}${cell.classList.contains('dest') ? ', legal destination' : ''}`;
    if (cell.getAttribute('aria-label') !== label) cell.setAttribute('aria-label', label);
  }
  renderPlayers(game);
  renderStatus(game);
  renderMoves();
  $('undo').disabled = state.game.history().length === 0 || state.view !== null;
  $('prev').disabled = $('first').disabled = (state.view ?? state.game.history().length) === 0;
  $('next').disabled = $('last').disabled = state.view === null;
  $('flip').setAttribute('aria-pressed', String(state.flipped));
}

function countPieces(fen) {
  const n = { white: 0, black: 0 };
  for (const p of parseFen(fen).pieces.values()) n[p.color]++;
  return n;
}

function renderPlayers(game) {
  const start = countPieces(game.startFen());
  const now = countPieces(game.fen());
  const label = (color) => {
    if (state.mode === 'two') return color === 'white' ? 'White' : 'Black';
    const engine = state.mode === 'engine-black' ? 'black' : 'white';
    const side = color === 'white' ? 'White' : 'Black';
    return color === engine ? `${side}: computer` : `${side}: you`;
  };
  const fill = (el, color) => {
    const other = color === 'white' ? 'black' : 'white';
    const taken = start[other] - now[other];
    el.className = `player ${el === $('top-player') ? 'top' : 'bottom'}${!game.isGameOver() && game.turn() === color[0] ? ' to-move' : ''}`;
    el.innerHTML = `<span class="name">${label(color)}</span><span class="taken" aria-label="${taken} ${other} pieces taken">${`<i class="${other}"></i>`.repeat(Math.max(0, taken))}</span>`;
  };
  fill($('top-player'), state.flipped ? 'white' : 'black');
  fill($('bottom-player'), state.flipped ? 'black' : 'white');
}

function renderStatus(game) {
  const outcome = game.outcome();
  let text;
  if (outcome) {
    text = outcome.winner ? `${cap(outcome.winner)} wins: ${outcome.text.replace(/^\w+ wins: /, '')}` : cap(outcome.text);
  } else if (state.thinking) {
    text = 'The computer is thinking…';
  } else {
    text = `${game.turn() === 'w' ? 'White' : 'Black'} to move`;
  }
  if (state.view !== null) text = `Move ${state.view} of ${state.game.history().length}: ${text}`;
  $('status').textContent = `${text} · ${game.rules() === 'tudaf' ? 'federation rules' : 'default rules'}`;
}

function cap(s) {
  return s[0].toUpperCase() + s.slice(1);
}

let movesHtml = '';

function renderMoves() {
  const list = $('moves');
  const history = state.game.history();
  const start = parseFen(state.game.startFen()).turn;
  const items = [];
  let i = 0;
  let number = 1;
  const button = (ply) =>
    `<button type="button" data-ply="${ply + 1}" class="${(state.view ?? history.length) === ply + 1 ? 'current' : ''}">${history[ply]}</button>`;
  if (start === 'black' && history.length > 0) {
    items.push(`<li value="1"><span><button type="button" disabled>…</button>${button(0)}</span></li>`);
    i = 1;
    number = 2;
  }
  for (; i < history.length; i += 2, number++) {
    items.push(`<li value="${number}"><span>${button(i)}${i + 1 < history.length ? button(i + 1) : ''}</span></li>`);
  }
  const html = items.join('');
  if (html === movesHtml) return;
  movesHtml = html;
  list.innerHTML = html;
  // Scrolled with the next frame's layout rather than forcing one now.
  requestAnimationFrame(() => list.querySelector('.current')?.scrollIntoView({ block: 'nearest' }));
}

// ---- messages and announcements ----

function message(text, kind = 'error') {
  const el = $('message');
  el.textContent = text;
  el.className = `message${kind === 'info' ? ' info' : ''}`;
  el.hidden = text === '';
}

function announce(text) {
  $('announce').textContent = text;
}

function describeMove(m, who) {
  const verb = m.captured.length > 0 ? `captures ${m.captured.length}` : 'moves';
  return `${who} ${verb}: ${m.text}${m.crowning ? ', crowned king' : ''}.`;
}

// ---- playing ----

function save() {
  const data = {
    start: state.game.startFen(),
    rules: state.game.rules(),
    moves: state.game.history(),
    mode: state.mode,
    level: state.level,
    flipped: state.flipped,
    tags: state.tags,
  };
  try {
    localStorage.setItem(STORE, JSON.stringify(data));
  } catch {
    // Storage full or refused: the game goes on unsaved.
  }
}

function restore() {
  let data;
  try {
    data = JSON.parse(localStorage.getItem(STORE) ?? 'null');
  } catch {
    data = null;
  }
  if (!data) return false;
  try {
    const game = new Dama(data.start, { rules: data.rules });
    for (const m of data.moves) game.move(m);
    state.game = game;
    state.mode = ['engine-black', 'engine-white', 'two'].includes(data.mode) ? data.mode : 'two';
    state.level = Number(data.level) || 500;
    state.flipped = Boolean(data.flipped);
    state.tags = data.tags && typeof data.tags === 'object' ? data.tags : {};
    return true;
  } catch {
    message('The saved game could not be restored; a new game is started.');
    return false;
  }
}

async function animateMove(m, fenBefore) {
  if (reducedMotion) return;
  drawPieces(fenBefore);
  const el = piecesLayer.querySelector(`[data-square="${m.from}"]`);
  if (!el) return;
  el.style.zIndex = '2';
  const frames = m.path.map((sq) => ({ transform: transformOf(sq) }));
  const duration = 160 * (m.path.length - 1) + 60;
  const run = el.animate(frames, { duration, easing: 'ease-in-out', fill: 'forwards' });
  // The captured pieces fade as the mover passes them.
  m.captured.forEach((sq) => {
    const c = piecesLayer.querySelector(`[data-square="${sq}"]`);
    c?.animate([{ opacity: 1 }, { opacity: 0 }], { duration, easing: 'ease-in', fill: 'forwards' });
  });
  await run.finished.catch(() => {});
}

function play(move, who) {
  const before = state.game.fen();
  const m = state.game.move(move);
  state.path = [];
  message('');
  save();
  announce(describeMove(m, who) + gameOverText());
  state.animating++;
  animating = animating.then(() => animateMove(m, before)).then(() => {
    state.animating--;
    render();
    maybeEngine();
  });
  return m;
}

function gameOverText() {
  const o = state.game.outcome();
  return o ? ` Game over: ${o.text}.` : '';
}

function whoMoves(game = state.game) {
  const color = game.turn() === 'w' ? 'White' : 'Black';
  if (state.mode === 'two') return color;
  return humanToMove(game) ? `You (${color})` : `Computer (${color})`;
}

function clickSquare(sq) {
  if (state.animating > 0 || state.view !== null || state.thinking || !humanToMove() || state.game.isGameOver()) return;
  const game = state.game;
  const next = game.nextSteps(state.path);
  if (state.path.length === 0) {
    if (next.includes(sq)) state.path = [sq];
  } else if (next.includes(sq)) {
    const path = [...state.path, sq];
    const complete = game.moveWithPath(path);
    if (complete && game.nextSteps(path).length === 0) {
      play({ path }, whoMoves());
      return;
    }
    state.path = path;
  } else if (state.path.length === 1 && game.nextSteps([]).includes(sq)) {
    state.path = sq === state.path[0] ? [] : [sq];
  } else {
    state.path = [];
  }
  render();
}

function engineWorker() {
  if (worker === null) {
    worker = new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' });
  }
  return worker;
}

function stopEngine() {
  if (worker !== null && state.thinking) {
    worker.terminate();
    worker = null;
  }
  state.thinking = false;
  request++;
}

function maybeEngine() {
  const game = state.game;
  if (state.animating > 0 || state.view !== null || game.isGameOver() || humanToMove() || state.thinking) return;
  state.thinking = true;
  render();
  const id = ++request;
  const w = engineWorker();
  w.onmessage = ({ data }) => {
    if (data.id !== id) return;
    state.thinking = false;
    if (data.error) {
      message(`The computer could not move: ${data.error}`);
      render();
      return;
    }
    if (data.report) play(data.report.move.text, whoMoves());
    else render();
  };
  w.onerror = (e) => {
    state.thinking = false;
    message(`The computer stopped: ${e.message ?? 'error'}`);
    render();
  };
  w.postMessage({ id, start: game.startFen(), rules: game.rules(), moves: game.history(), timeMs: state.level });
}

// ---- controls ----

function newGame({ mode, rules, level, fen }) {
  stopEngine();
  const game = new Dama(fen, { rules });
  state.game = game;
  state.mode = mode;
  state.level = level;
  state.view = null;
  state.path = [];
  state.tags = {};
  state.flipped = mode === 'engine-white';
  buildBoard();
  message('');
  save();
  announce(`New game, ${rules === 'tudaf' ? 'federation' : 'default'} rules. ${whoMoves()} to move.`);
  render();
  maybeEngine();
}

$('new').addEventListener('click', () => {
  const form = $('new-game-form');
  form.elements.mode.value = state.mode;
  form.elements.rules.value = state.game.rules();
  form.elements.level.value = String(state.level);
  $('new-game').showModal();
});

$('new-game').addEventListener('close', () => {
  if ($('new-game').returnValue !== 'start') return;
  const form = $('new-game-form');
  newGame({
    mode: form.elements.mode.value,
    rules: form.elements.rules.value,
    level: Number(form.elements.level.value),
  });
});

$('undo').addEventListener('click', () => {
  if (state.view !== null) return;
  stopEngine();
  state.path = [];
  // Against the computer, take back its reply too, so that it is your move again.
  const undone = state.game.undo();
  if (undone && state.mode !== 'two' && !humanToMove()) state.game.undo();
  save();
  announce(undone ? `Took back ${undone.text}.` : 'Nothing to take back.');
  render();
  maybeEngine();
});

$('flip').addEventListener('click', () => {
  state.flipped = !state.flipped;
  buildBoard();
  save();
  render();
});

$('save').addEventListener('click', () => {
  const text = state.game.pdn({ tags: { Event: 'Dama', Date: new Date().toISOString().slice(0, 10).replaceAll('-', '.'), ...state.tags } });
  const url = URL.createObjectURL(new Blob([text], { type: 'application/x-chess-pdn' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `dama-${new Date().toISOString().slice(0, 10)}.pdn`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  message('The game was saved as a PDN file.', 'info');
});

$('share').addEventListener('click', async () => {
  const url = new URL(location.href);
  url.search = '';
  url.hash = `fen=${encodeURIComponent(shown().fen())}${state.game.rules() === 'tudaf' ? '&rules=tudaf' : ''}`;
  try {
    await navigator.clipboard.writeText(url.href);
    message('A link to this position was copied.', 'info');
  } catch {
    message(`The link to this position: ${url.href}`, 'info');
  }
});

async function openPdnText(text, name) {
  let first;
  try {
    first = readPdn(text).next().value;
  } catch (e) {
    message(`${name} could not be read: ${e.message}. Your game is unchanged.`);
    return;
  }
  if (first === undefined) {
    message(`${name} is not a PDN file: it holds no game. Your game is unchanged.`);
    return;
  }
  if (first.error) {
    const e = first.error;
    message(`${name} has an error at line ${e.line}, column ${e.column}: ${e.reason}. Your game is unchanged.`);
    return;
  }
  stopEngine();
  state.game = first.game;
  state.tags = first.tags;
  state.mode = 'two';
  state.path = [];
  state.view = 0;
  const white = first.tags.White && first.tags.White !== '?' ? first.tags.White : 'White';
  const black = first.tags.Black && first.tags.Black !== '?' ? first.tags.Black : 'Black';
  save();
  message(`Opened ${name}: ${white} – ${black}, ${first.game.history().length} moves. Step through with the arrows.`, 'info');
  announce(`Opened a game of ${first.game.history().length} moves.`);
  buildBoard();
  render();
}

async function openFile(file) {
  if (file.size > 8 * 1024 * 1024) {
    message(`${file.name} is too large for a PDN file. Your game is unchanged.`);
    return;
  }
  const text = await file.text();
  // A file with NUL bytes or mostly undecodable bytes is not text.
  if (text.includes('\u0000') || (text.match(/\uFFFD/g)?.length ?? 0) > text.length / 20) {
    message(`${file.name} is not a PDN file (it is not text). Your game is unchanged.`);
    return;
  }
  await openPdnText(text, file.name);
}

$('open').addEventListener('change', (e) => {
  const file = e.target.files?.[0];
  if (file) openFile(file);
  e.target.value = '';
});

let dragDepth = 0;
addEventListener('dragenter', (e) => {
  if (!e.dataTransfer?.types.includes('Files')) return;
  dragDepth++;
  $('drop').hidden = false;
});
addEventListener('dragleave', () => {
  dragDepth = Math.max(0, dragDepth - 1);
  if (dragDepth === 0) $('drop').hidden = true;
});
addEventListener('dragover', (e) => e.preventDefault());
addEventListener('drop', (e) => {
  e.preventDefault();
  dragDepth = 0;
  $('drop').hidden = true;
  const file = e.dataTransfer?.files?.[0];
  if (file) openFile(file);
});

function step(to) {
  const total = state.game.history().length;
  const ply = Math.max(0, Math.min(total, to));
  state.view = ply === total ? null : ply;
  state.path = [];
  const g = shown();
  const last = g.history().at(-1);
  announce(last ? `Move ${ply}: ${last}.` : 'The first position.');
  render();
  maybeEngine();
}

$('first').addEventListener('click', () => step(0));
$('prev').addEventListener('click', () => step((state.view ?? state.game.history().length) - 1));
$('next').addEventListener('click', () => step((state.view ?? state.game.history().length) + 1));
$('last').addEventListener('click', () => step(state.game.history().length));
$('moves').addEventListener('click', (e) => {
  const ply = e.target.closest('button[data-ply]')?.dataset.ply;
  if (ply !== undefined) step(Number(ply));
});

addEventListener('keydown', (e) => {
  if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
  if ($('new-game').open) return;
  if (e.key === 'ArrowLeft') step((state.view ?? state.game.history().length) - 1);
  else if (e.key === 'ArrowRight') step((state.view ?? state.game.history().length) + 1);
  else if (e.key === 'Escape' && state.path.length > 0) {
    state.path = [];
    render();
  }
});

$('entry').addEventListener('submit', (e) => {
  e.preventDefault();
  const input = $('move-text');
  const text = input.value.trim().toLowerCase().replaceAll(':', 'x');
  if (text === '') return;
  if (state.view !== null) {
    message('Go to the last move (▶▶) to play on.');
    return;
  }
  if (state.thinking || !humanToMove()) {
    message('Wait for the computer to move.');
    return;
  }
  try {
    play(text, whoMoves());
    input.value = '';
  } catch (err) {
    message(err.message);
  }
});

// ---- start ----

function fromAddress() {
  const params = new URLSearchParams(location.hash.slice(1));
  const query = new URLSearchParams(location.search);
  const fen = params.get('fen') ?? query.get('fen');
  if (fen === null) return false;
  const rules = (params.get('rules') ?? query.get('rules')) === 'tudaf' ? 'tudaf' : 'default';
  history.replaceState(null, '', location.pathname);
  try {
    const game = new Dama(fen, { rules });
    stopEngine();
    state.game = game;
    state.mode = 'two';
    state.view = null;
    state.path = [];
    state.tags = {};
    save();
    message('Opened the position from the address.', 'info');
    return true;
  } catch (e) {
    message(`The position in the address could not be read (${e.message}). Your game is unchanged.`);
    return false;
  }
}

addEventListener('hashchange', () => {
  if (fromAddress()) {
    state.path = [];
    buildBoard();
  }
  render();
  maybeEngine();
});

const restored = restore();
const opened = fromAddress();
buildBoard();
render();
if (!restored && !opened) $('new').click();
else maybeEngine();

if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register(new URL('./sw.js', import.meta.url)).catch(() => {});
}

// For the browser test and the curious: the page's game.
window.dama = { state, render };
