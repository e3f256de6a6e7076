// The board: 64 square buttons in eight ARIA rows (a grid a keyboard walks with the arrow
// keys, one square in the tab order), a layer of pieces that slide, marks for the last
// move, the selection, the legal landings, the pieces that must capture and a hint arrow,
// and drag and drop.

const FILES = 'abcdefgh';

/** The pieces of a FEN: `{ turn: 'white' | 'black', pieces: Map(square → { color, king }) }`. */
export function parseFen(fen) {
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

/** The FEN of a side to move and pieces (the inverse of parseFen; squares in board order). */
export function makeFen(turn, pieces) {
  const order = (sq) => (Number(sq[1]) - 1) * 8 + FILES.indexOf(sq[0]);
  const side = (color) =>
    [...pieces]
      .filter(([, p]) => p.color === color)
      .sort(([a], [b]) => order(a) - order(b))
      .map(([sq, p]) => (p.king ? `K${sq}` : sq))
      .join(',');
  return `${turn === 'white' ? 'W' : 'B'}:W${side('white')}:B${side('black')}`;
}

export class Board {
  #el;
  #handlers;
  #flipped = false;
  #cells = new Map();
  #pieces;
  #arrows;
  #focus = 'a1';
  #drag = null;
  #suppressClick = false;
  #focusLayer;
  #ring;
  #drawn = null;

  /**
   * @param el the element to fill
   * @param handlers `{ square(sq), drop(from, to), canDrag(sq), label(sq) }`
   */
  constructor(el, handlers) {
    this.#el = el;
    this.#handlers = handlers;
    el.setAttribute('role', 'grid');
    this.#pieces = document.createElement('div');
    this.#pieces.className = 'pieces';
    this.#pieces.setAttribute('aria-hidden', 'true');
    this.#arrows = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    this.#arrows.setAttribute('class', 'arrows');
    this.#arrows.setAttribute('viewBox', '0 0 8 8');
    this.#arrows.setAttribute('aria-hidden', 'true');
    // The keyboard's square is ringed above the pieces, so that a piece never hides it.
    this.#focusLayer = document.createElement('div');
    this.#focusLayer.className = 'focus-layer';
    this.#focusLayer.setAttribute('aria-hidden', 'true');
    this.#ring = document.createElement('div');
    this.#ring.className = 'focus-ring';
    this.#ring.hidden = true;
    this.#focusLayer.append(this.#ring);
    el.addEventListener('focusin', (e) => {
      const cell = e.target.closest?.('.square');
      if (!cell) return;
      this.#focus = cell.dataset.square;
      this.#ring.style.transform = this.#transform(cell.dataset.square);
      this.#ring.hidden = !cell.matches(':focus-visible');
    });
    el.addEventListener('focusout', () => {
      this.#ring.hidden = true;
    });
    el.addEventListener('keydown', (e) => this.#key(e));
    el.addEventListener('pointerdown', (e) => this.#pointerDown(e));
    el.addEventListener('click', (e) => {
      const cell = e.target.closest('.square');
      if (!cell) return;
      if (this.#suppressClick) {
        this.#suppressClick = false;
        return;
      }
      this.#focus = cell.dataset.square;
      this.#handlers.square(cell.dataset.square);
    });
    this.#build();
  }

  get flipped() {
    return this.#flipped;
  }

  /** Turns the board: Black at the bottom when `flipped`. */
  orient(flipped) {
    if (flipped === this.#flipped) return;
    this.#flipped = flipped;
    this.#build();
  }

  #xy(sq) {
    const file = FILES.indexOf(sq[0]);
    const rank = Number(sq[1]) - 1;
    return this.#flipped ? [7 - file, rank] : [file, 7 - rank];
  }

  #transform(sq) {
    const [x, y] = this.#xy(sq);
    return `translate(${x * 100}%, ${y * 100}%)`;
  }

  #build() {
    this.#drawn = null;
    const focused = this.#el.contains(document.activeElement);
    this.#el.replaceChildren();
    this.#cells.clear();
    for (let row = 0; row < 8; row++) {
      const line = document.createElement('div');
      line.className = 'board-rank';
      line.setAttribute('role', 'row');
      for (let col = 0; col < 8; col++) {
        const file = this.#flipped ? 7 - col : col;
        const rank = this.#flipped ? row : 7 - row;
        const sq = FILES[file] + (rank + 1);
        const cell = document.createElement('button');
        cell.type = 'button';
        cell.className = `square ${(file + rank) % 2 === 0 ? 'dark' : 'light'}`;
        cell.dataset.square = sq;
        cell.setAttribute('role', 'gridcell');
        cell.tabIndex = sq === this.#focus ? 0 : -1;
        if (row === 7) cell.insertAdjacentHTML('beforeend', `<span class="coord file" aria-hidden="true">${FILES[file]}</span>`);
        if (col === 0) cell.insertAdjacentHTML('beforeend', `<span class="coord rank" aria-hidden="true">${rank + 1}</span>`);
        line.append(cell);
        this.#cells.set(sq, cell);
      }
      this.#el.append(line);
    }
    this.#el.append(this.#pieces, this.#arrows, this.#focusLayer);
    if (focused) this.#cells.get(this.#focus)?.focus();
  }

  /**
   * Draws the pieces of `fen`; `taken` squares faded, `moved` a piece shown elsewhere. The
   * same drawing asked again (and the same labels) changes nothing.
   */
  draw(fen, { taken = [], moved = null } = {}) {
    const key = `${fen}|${taken.join(',')}|${moved ? `${moved.from}-${moved.to}` : ''}|${this.#flipped}|${this.#handlers.label('a1', undefined)}`;
    if (key === this.#drawn && this.#pieces.isConnected) return;
    this.#drawn = key;
    const { pieces } = parseFen(fen);
    // The pieces' elements are kept where nothing changed: a move repaints two or three.
    const old = new Map([...this.#pieces.children].map((el) => [el.dataset.square, el]));
    const els = [];
    for (const [sq, p] of pieces) {
      const cls = `piece ${p.color}${p.king ? ' king' : ''}${taken.includes(sq) ? ' taken' : ''}`;
      let el = old.get(sq);
      if (!el || el.className !== cls || el.getAnimations().length > 0) {
        el = document.createElement('div');
        el.className = cls;
        el.dataset.square = sq;
      }
      const transform = this.#transform(moved && moved.from === sq ? moved.to : sq);
      if (el.style.transform !== transform) el.style.transform = transform;
      els.push(el);
    }
    this.#pieces.replaceChildren(...els);
    for (const [sq, cell] of this.#cells) {
      const label = this.#handlers.label(sq, pieces.get(sq));
      if (cell.getAttribute('aria-label') !== label) cell.setAttribute('aria-label', label);
      cell.classList.toggle('occupied', pieces.has(sq));
    }
  }

  /**
   * Marks squares: `last` (the last move's squares), `selected`, `stepped` (landings so
   * far), `dests` (where the piece can go next), `capturers` (the pieces that must
   * capture), `refused` (a square just refused), `hint` ([from, to] as an arrow).
   */
  mark({ last = [], selected = null, stepped = [], dests = [], capturers = [], refused = null, hint = null, movable = [] } = {}) {
    for (const [sq, cell] of this.#cells) {
      cell.classList.toggle('last', last.includes(sq));
      cell.classList.toggle('selected', sq === selected);
      cell.classList.toggle('stepped', stepped.includes(sq));
      cell.classList.toggle('dest', dests.includes(sq));
      cell.classList.toggle('capturer', capturers.includes(sq));
      cell.classList.toggle('refused', sq === refused);
      cell.classList.toggle('movable', movable.includes(sq));
    }
    this.#arrows.replaceChildren();
    if (hint) {
      const [x1, y1] = this.#xy(hint[0]);
      const [x2, y2] = this.#xy(hint[hint.length - 1]);
      const ns = 'http://www.w3.org/2000/svg';
      const line = document.createElementNS(ns, 'line');
      line.setAttribute('x1', x1 + 0.5);
      line.setAttribute('y1', y1 + 0.5);
      line.setAttribute('x2', x2 + 0.5);
      line.setAttribute('y2', y2 + 0.5);
      line.setAttribute('class', 'hint-arrow');
      const head = document.createElementNS(ns, 'circle');
      head.setAttribute('cx', x2 + 0.5);
      head.setAttribute('cy', y2 + 0.5);
      head.setAttribute('r', 0.16);
      head.setAttribute('class', 'hint-head');
      this.#arrows.append(line, head);
    }
  }

  /** Slides the piece of `move` along its path over `ms` a step; the captured fade. */
  async slide(move, fenBefore, ms) {
    if (ms <= 0) return;
    this.draw(fenBefore);
    this.#drawn = null;
    const el = this.#pieces.querySelector(`[data-square="${move.from}"]`);
    if (!el) return;
    el.classList.add('moving');
    const frames = move.path.map((sq) => ({ transform: this.#transform(sq) }));
    const duration = ms * (move.path.length - 1) + 40;
    const run = el.animate(frames, { duration, easing: 'ease-in-out', fill: 'forwards' });
    for (const sq of move.captured) {
      this.#pieces
        .querySelector(`[data-square="${sq}"]`)
        ?.animate([{ opacity: 1 }, { opacity: 0 }], { duration, easing: 'ease-in', fill: 'forwards' });
    }
    await run.finished.catch(() => {});
  }

  /** Moves the keyboard's square to `sq` and focuses it. */
  focusSquare(sq) {
    this.#cells.get(this.#focus)?.setAttribute('tabindex', '-1');
    this.#focus = sq;
    const cell = this.#cells.get(sq);
    cell?.setAttribute('tabindex', '0');
    cell?.focus();
  }

  #key(e) {
    const cell = e.target.closest('.square');
    if (!cell) return;
    const sq = cell.dataset.square;
    const [x, y] = this.#xy(sq);
    let nx = x;
    let ny = y;
    switch (e.key) {
      case 'ArrowLeft':
        nx = x - 1;
        break;
      case 'ArrowRight':
        nx = x + 1;
        break;
      case 'ArrowUp':
        ny = y - 1;
        break;
      case 'ArrowDown':
        ny = y + 1;
        break;
      case 'Home':
        nx = 0;
        break;
      case 'End':
        nx = 7;
        break;
      default:
        return;
    }
    e.preventDefault();
    e.stopPropagation();
    nx = Math.max(0, Math.min(7, nx));
    ny = Math.max(0, Math.min(7, ny));
    const file = this.#flipped ? 7 - nx : nx;
    const rank = this.#flipped ? ny : 7 - ny;
    this.focusSquare(FILES[file] + (rank + 1));
  }

  #squareAt(clientX, clientY) {
    const r = this.#pieces.getBoundingClientRect();
    const x = Math.floor(((clientX - r.left) / r.width) * 8);
    const y = Math.floor(((clientY - r.top) / r.height) * 8);
    if (x < 0 || x > 7 || y < 0 || y > 7) return null;
    const file = this.#flipped ? 7 - x : x;
    const rank = this.#flipped ? y : 7 - y;
    return FILES[file] + (rank + 1);
  }

  #pointerDown(e) {
    if (e.button !== 0) return;
    const cell = e.target.closest('.square');
    if (!cell || !this.#handlers.canDrag(cell.dataset.square)) return;
    const from = cell.dataset.square;
    const piece = this.#pieces.querySelector(`[data-square="${from}"]`);
    if (!piece) return;
    const start = { x: e.clientX, y: e.clientY };
    this.#drag = { from, piece, start, moved: false };
    const move = (ev) => {
      const d = this.#drag;
      if (!d) return;
      const dx = ev.clientX - d.start.x;
      const dy = ev.clientY - d.start.y;
      if (!d.moved && Math.hypot(dx, dy) < 6) return;
      if (!d.moved) {
        d.moved = true;
        d.piece.classList.add('dragging');
        this.#handlers.dragStart?.(d.from);
      }
      d.piece.style.translate = `${dx}px ${dy}px`;
    };
    const up = (ev) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', up);
      const d = this.#drag;
      this.#drag = null;
      if (!d || !d.moved) return;
      d.piece.classList.remove('dragging');
      d.piece.style.translate = '';
      this.#suppressClick = true;
      setTimeout(() => (this.#suppressClick = false), 0);
      const to = ev.type === 'pointerup' ? this.#squareAt(ev.clientX, ev.clientY) : null;
      this.#handlers.drop(d.from, to);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', up);
  }
}
