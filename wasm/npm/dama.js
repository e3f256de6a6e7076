// turkish-draughts: the rules of Turkish draughts (Dama) in WebAssembly, in chess.js's idiom.
//
// The module loads its WebAssembly when imported (top-level await): in browsers and Web
// Workers with fetch from next to this file, in Node with the file system. Every error is
// an instance of DamaError (IllegalMoveError, FenError, PdnError, ArgumentError).

import wasmInit, {
  initSync as wasmInitSync,
  Core,
  EngineCore,
  PdnGames,
} from './pkg/turkish_draughts_wasm.js';

const wasmUrl = new URL('./pkg/turkish_draughts_wasm_bg.wasm', import.meta.url);
const isNode =
  typeof process !== 'undefined' && process.versions != null && process.versions.node != null;

if (isNode) {
  // The file system without an import that a bundler would follow into a browser bundle
  // (where `node:fs` does not exist): process.getBuiltinModule (Node 20.16 and later), else
  // an import of a name that is not written as a literal.
  const fsName = 'node:fs';
  const fs =
    process.getBuiltinModule?.(fsName) ??
    (await import(/* webpackIgnore: true */ /* @vite-ignore */ fsName));
  wasmInitSync({ module: fs.readFileSync(wasmUrl) });
} else {
  await wasmInit({ module_or_path: wasmUrl });
}

/** The base class of every error this package throws. */
export class DamaError extends Error {
  constructor(message) {
    super(message);
    this.name = 'DamaError';
  }
}

/** A move that is not legal here, cannot be read, or comes after the end of the game. */
export class IllegalMoveError extends DamaError {
  constructor(reason, move) {
    super(reason.startsWith('illegal move') ? reason : `illegal move ${describe(move)}: ${reason}`);
    this.name = 'IllegalMoveError';
    /** The move as it was given. */
    this.move = move;
    /** Why it was refused. */
    this.reason = reason;
  }
}

function describe(move) {
  let text = typeof move === 'string' ? move : JSON.stringify(move) ?? String(move);
  if (text.length > 40) text = `${text.slice(0, 40)}…`;
  return text;
}

/** A FEN that cannot be read or describes no legal position. */
export class FenError extends DamaError {
  constructor(message, fen) {
    super(message);
    this.name = 'FenError';
    /** The FEN as it was given. */
    this.fen = fen;
  }
}

/** An error in a PDN text, at a line and column (both from 1). */
export class PdnError extends DamaError {
  constructor(message, line, column) {
    super(`line ${line}, column ${column}: ${message}`);
    this.name = 'PdnError';
    this.line = line;
    this.column = column;
    /** What is wrong, without the place. */
    this.reason = message;
  }
}

/** An argument of the wrong type or out of range (a rule set's name, a depth, a square). */
export class ArgumentError extends DamaError {
  constructor(message) {
    super(message);
    this.name = 'ArgumentError';
  }
}

function convert(e, input) {
  if (typeof e !== 'string') return e;
  let o;
  try {
    o = JSON.parse(e);
  } catch {
    return new DamaError(e);
  }
  switch (o.kind) {
    case 'illegal':
      return new IllegalMoveError(o.message, input);
    case 'fen':
      return new FenError(o.message, input);
    case 'pdn':
      return new PdnError(o.message, o.line, o.column);
    default:
      return new ArgumentError(o.message);
  }
}

function call(f, input) {
  try {
    return f();
  } catch (e) {
    throw convert(e, input);
  }
}

function checkRules(rules) {
  if (rules !== 'default' && rules !== 'tudaf') {
    throw new ArgumentError(`unknown rule set ${JSON.stringify(String(rules))}: default or tudaf`);
  }
  return rules;
}

function checkString(value, what) {
  if (typeof value !== 'string') {
    throw new ArgumentError(`${what} must be a string, not ${typeof value}`);
  }
  return value;
}

const SQUARE = /^[a-h][1-8]$/;

function checkSquare(value, what) {
  if (typeof value !== 'string' || !SQUARE.test(value)) {
    throw new ArgumentError(`${what} must be a square name a1 to h8, not ${JSON.stringify(String(value))}`);
  }
  return value;
}

function checkPath(path) {
  if (!Array.isArray(path)) throw new ArgumentError('path must be an array of square names');
  return path.map((s, i) => checkSquare(s, `path[${i}]`));
}

const FROM_CORE = Symbol('from core');

/** A game of Turkish draughts: a first position and the moves played from it. */
export class Dama {
  #core;
  #moves = null;

  /**
   * @param {string} [fen] the first position (the start position when left out)
   * @param {{ rules?: 'default' | 'tudaf' }} [options]
   */
  constructor(fen, options = {}) {
    if (fen === FROM_CORE) {
      this.#core = options;
      return;
    }
    const rules = checkRules(options.rules ?? 'default');
    if (fen !== undefined && fen !== null) checkString(fen, 'fen');
    this.#core = call(() => Core.create(fen ?? undefined, rules), fen);
  }

  static #of(core) {
    return new Dama(FROM_CORE, core);
  }

  #set(core) {
    this.#core.free();
    this.#core = core;
    this.#moves = null;
  }

  /** Starts again from `fen` (the rule set kept unless `options.rules` names one). */
  load(fen, options = {}) {
    checkString(fen, 'fen');
    const rules = checkRules(options.rules ?? this.rules());
    this.#set(call(() => Core.create(fen, rules), fen));
  }

  /** Starts again from the start position. */
  reset(options = {}) {
    const rules = checkRules(options.rules ?? this.rules());
    this.#set(Core.create(undefined, rules));
  }

  /** The current position as FEN. */
  fen() {
    return this.#core.fen();
  }

  /** The first position as FEN. */
  startFen() {
    return this.#core.start_fen();
  }

  /** `'w'` or `'b'`: the side to move. */
  turn() {
    return this.#core.turn();
  }

  /** The rule set: `'default'` or `'tudaf'`. */
  rules() {
    return this.#core.rules();
  }

  #verbose() {
    if (this.#moves === null) this.#moves = JSON.parse(this.#core.moves_json());
    return this.#moves;
  }

  /** The legal moves: their texts, or with `verbose` the move objects; `square` keeps those from it. */
  moves(options = {}) {
    let list = this.#verbose();
    if (options.square !== undefined) {
      checkSquare(options.square, 'square');
      list = list.filter((m) => m.from === options.square);
    }
    return options.verbose ? list.map(copyMove) : list.map((m) => m.text);
  }

  /** Plays a move given as text in any notation the crate reads, or as `{ from, to }` or `{ path }`. */
  move(move) {
    let json;
    if (typeof move === 'string') {
      json = call(() => this.#core.play_text(move), move);
    } else if (move !== null && typeof move === 'object') {
      if (move.path !== undefined) {
        const path = checkPath(move.path);
        json = call(() => this.#core.play_squares('', '', path.join(' ')), move);
      } else {
        const from = checkSquare(move.from, 'from');
        const to = checkSquare(move.to, 'to');
        json = call(() => this.#core.play_squares(from, to, ''), move);
      }
    } else {
      throw new ArgumentError('a move is a string or an object with from and to, or path');
    }
    this.#moves = null;
    return JSON.parse(json);
  }

  /** Takes back the last move and returns it, or `null` at the first position. */
  undo() {
    const json = this.#core.undo();
    this.#moves = null;
    return json === undefined ? null : JSON.parse(json);
  }

  /** The moves played: texts, or with `verbose` the move objects. */
  history(options = {}) {
    const list = JSON.parse(this.#core.history_json());
    return options.verbose ? list : list.map((m) => m.text);
  }

  /** `null` while the game goes on, else its winner (`'white'`, `'black'` or `null`) and why. */
  outcome() {
    return JSON.parse(this.#core.outcome_json());
  }

  /** Whether the game has ended. */
  isGameOver() {
    return this.outcome() !== null;
  }

  /** The current position's Zobrist key, equal to the Rust crate's `Position::zobrist`. */
  zobrist() {
    return BigInt.asUintN(64, this.#core.zobrist());
  }

  /** The number of move paths `depth` plies deep from the current position. */
  perft(depth) {
    if (!Number.isInteger(depth) || depth < 0 || depth > 0xffffffff) {
      throw new ArgumentError(`depth must be a whole number from 0, not ${String(depth)}`);
    }
    return Number(call(() => this.#core.perft(depth)));
  }

  /** The position as an SVG picture. */
  svg(options = {}) {
    const highlight = (options.highlight ?? []).map((s, i) => checkSquare(s, `highlight[${i}]`));
    const size = options.size ?? 480;
    if (!Number.isInteger(size) || size < 1) throw new ArgumentError('size must be a whole number of pixels');
    return call(() =>
      this.#core.svg(
        Math.min(size, 4096),
        Boolean(options.flipped),
        options.lastMove ?? true,
        highlight.join(' '),
        Boolean(options.sideToMove),
      ),
    );
  }

  /** The game as PDN, in `landing` (default) or `captured` notation, with these tags. */
  pdn(options = {}) {
    const notation = options.notation ?? 'landing';
    const tags = [];
    for (const [name, value] of Object.entries(options.tags ?? {})) {
      tags.push(String(name), String(value));
    }
    return call(() => this.#core.pdn(notation, tags));
  }

  /** The PDN tags the game was read with. */
  tags() {
    return Object.fromEntries(JSON.parse(this.#core.tags_json()));
  }

  /** Replaces the game by the first game of a PDN text; throws its PdnError (the game unchanged). */
  loadPdn(text, options = {}) {
    checkString(text, 'text');
    const rules = options.rules === undefined ? '' : checkRules(options.rules);
    const games = call(() => PdnGames.read(text, rules));
    try {
      const core = call(() => games.next_game());
      if (core === undefined) throw new PdnError('the text holds no game', 1, 1);
      this.#set(core);
    } finally {
      games.free();
    }
  }

  /** For board widgets: each square with a piece that can move, to the squares it can end on. */
  dests() {
    const map = new Map();
    for (const m of this.#verbose()) {
      const list = map.get(m.from);
      if (list === undefined) map.set(m.from, [m.to]);
      else if (!list.includes(m.to)) list.push(m.to);
    }
    return map;
  }

  /**
   * The next landing squares of the legal moves whose path starts with `path` (the origin,
   * then the landings entered so far); with an empty path, the squares a move can start on.
   */
  nextSteps(path) {
    const steps = checkPath(path);
    const next = [];
    for (const m of this.#verbose()) {
      if (m.path.length <= steps.length) continue;
      if (steps.every((s, i) => m.path[i] === s)) {
        const sq = m.path[steps.length];
        if (!next.includes(sq)) next.push(sq);
      }
    }
    return next;
  }

  /** The legal moves whose path is exactly `path` (none or one). */
  moveWithPath(path) {
    const steps = checkPath(path);
    const m = this.#verbose().find(
      (m) => m.path.length === steps.length && steps.every((s, i) => m.path[i] === s),
    );
    return m === undefined ? null : copyMove(m);
  }

  /** A copy of this game. */
  clone() {
    return Dama.#of(this.#core.copy());
  }

  /** @internal the game handle, for Engine. */
  static core(dama) {
    return dama.#core;
  }

  /** @internal */
  static fromCore(core) {
    return Dama.#of(core);
  }
}

function copyMove(m) {
  return { ...m, path: [...m.path], captured: [...m.captured] };
}

/**
 * Reads every game of a PDN text: yields `{ game, tags }` for each game, or `{ error }`
 * (a PdnError with its line and column) for a game that cannot be read.
 */
export function* readPdn(text, options = {}) {
  checkString(text, 'text');
  const rules = options.rules === undefined ? '' : checkRules(options.rules);
  const games = call(() => PdnGames.read(text, rules));
  try {
    for (;;) {
      let core;
      try {
        core = games.next_game();
      } catch (e) {
        yield { error: convert(e) };
        continue;
      }
      if (core === undefined) return;
      const game = Dama.fromCore(core);
      yield { game, tags: game.tags() };
    }
  } finally {
    games.free();
  }
}

/** The alpha-beta engine; keep one for a whole game (its table remembers). */
export class Engine {
  #core;

  /** @param {{ tableBits?: number }} [options] a table of 2^tableBits entries of 16 bytes (default 18) */
  constructor(options = {}) {
    const bits = options.tableBits ?? 18;
    if (!Number.isInteger(bits) || bits < 0) throw new ArgumentError('tableBits must be a whole number');
    this.#core = EngineCore.create(bits);
  }

  /**
   * The best move in the game's current position, or `null` when the game is over; searched
   * for at most `timeMs` milliseconds and `depth` plies (depth 1 always finishes).
   */
  bestMove(game, options = {}) {
    if (!(game instanceof Dama)) throw new ArgumentError('bestMove needs a Dama game');
    const timeMs = options.timeMs ?? 0;
    const depth = options.depth ?? 0;
    if (typeof timeMs !== 'number' || !(timeMs >= 0)) throw new ArgumentError('timeMs must be a number from 0');
    if (!Number.isInteger(depth) || depth < 0) throw new ArgumentError('depth must be a whole number from 0');
    if (timeMs === 0 && depth === 0) throw new ArgumentError('give timeMs or depth');
    return JSON.parse(this.#core.best_move(Dama.core(game), timeMs, Math.min(depth, 64)));
  }

  /** Frees the table now rather than when the engine is collected. */
  free() {
    this.#core.free();
  }
}
