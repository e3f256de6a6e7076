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
  TablebaseCore,
  accuracy as wasmAccuracy,
  expected_score,
  judge,
  levels_json,
  move_loss,
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

/** A table file that cannot be used (wrongly named, not a table, damaged). */
export class TablebaseError extends DamaError {
  constructor(message) {
    super(message);
    this.name = 'TablebaseError';
  }
}

/** A probe that needs a table file not added yet: `file` names it (`KMvK.default.dtw`). */
export class MissingTableError extends DamaError {
  constructor(file) {
    super(`the table file ${file} is needed and was not added`);
    this.name = 'MissingTableError';
    /** The file's name. */
    this.file = file;
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
    case 'tablebase':
      return new TablebaseError(o.message);
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

/**
 * The engine's five levels, weakest first: `{ name, maxDepth, timeMs, margin }` (`maxDepth`
 * 0 for no cap; `margin` in hundredths of a man, the random choice among near-best moves).
 */
export const LEVELS = Object.freeze(JSON.parse(levels_json()).map((l) => Object.freeze(l)));

function checkWhole(value, what, max = Number.MAX_SAFE_INTEGER) {
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw new ArgumentError(`${what} must be a whole number from 0 to ${max}, not ${String(value)}`);
  }
  return value;
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
    const r = JSON.parse(this.#core.best_move(Dama.core(game), timeMs, Math.min(depth, 64)));
    return r === null ? null : { move: r.move, score: r.score, depth: r.depth, nodes: r.nodes };
  }

  /**
   * Searches the game's current position and says what it found: the move, its score, the
   * best move's score, the depth, the nodes, the line it expects (`pv`, verbose moves from
   * the move on) and the number of legal moves; `null` when the game is over or every move
   * is excluded. A `level` sets the depth cap, the time and the margin of that level (each
   * can be given to override it); `seed` makes a level's random choice repeatable.
   */
  search(game, options = {}) {
    if (!(game instanceof Dama)) throw new ArgumentError('search needs a Dama game');
    let level = null;
    if (options.level !== undefined) {
      level = LEVELS.find((l) => l.name === options.level);
      if (level === undefined) {
        throw new ArgumentError(`unknown level ${JSON.stringify(String(options.level))}: ${LEVELS.map((l) => l.name).join(', ')}`);
      }
    }
    const timeMs = options.timeMs ?? level?.timeMs ?? 0;
    const depth = checkWhole(options.depth ?? level?.maxDepth ?? 0, 'depth', 64);
    const margin = checkWhole(options.margin ?? level?.margin ?? 0, 'margin', 100_000);
    const seed = checkWhole(options.seed ?? Math.floor(Math.random() * 2 ** 32), 'seed');
    if (typeof timeMs !== 'number' || !(timeMs >= 0)) throw new ArgumentError('timeMs must be a number from 0');
    if (timeMs === 0 && depth === 0) throw new ArgumentError('give timeMs, depth or level');
    const exclude = options.exclude ?? [];
    if (!Array.isArray(exclude)) throw new ArgumentError('exclude must be an array of move texts');
    exclude.forEach((t, i) => checkString(t, `exclude[${i}]`));
    const json = call(() => this.#core.search(Dama.core(game), timeMs, depth, margin, seed, exclude.join(' ')));
    return JSON.parse(json);
  }

  /** Forgets the positions the table holds (for a new game). */
  clear() {
    this.#core.clear();
  }

  /**
   * Lets the search score exactly the positions `tablebase` holds (the tables added to it
   * so far and later), so that the engine plays them perfectly; `null` stops it.
   */
  useTablebase(tablebase) {
    if (tablebase !== null && !(tablebase instanceof Tablebase)) throw new ArgumentError('useTablebase needs a Tablebase or null');
    this.#core.use_tablebase(tablebase === null ? undefined : Tablebase.core(tablebase).share());
  }

  /** Frees the table now rather than when the engine is collected. */
  free() {
    this.#core.free();
  }
}

function checkScore(value, what) {
  if (!Number.isInteger(value) || Math.abs(value) > 1_000_000) {
    throw new ArgumentError(`${what} must be a whole score from -1000000 to 1000000, not ${String(value)}`);
  }
  return value;
}

/**
 * The mover's expected score, 0 (lost) to 1 (won), of an engine score for the side to move:
 * 0.5 + 0.5 · s / (|s| + 100), 1 and 0 for forced wins and losses.
 */
export function expectedScore(score) {
  return expected_score(checkScore(score, 'score'));
}

/** The loss of expected score, 0 to 1, of a move scoring `played` where the best scores `best`. */
export function moveLoss(best, played) {
  return move_loss(checkScore(best, 'best'), checkScore(played, 'played'));
}

/**
 * Judges a move: `'forced'`, `'only'`, `'best'`, `'good'`, `'inaccuracy'`, `'mistake'` or
 * `'blunder'`, from the best move's score and the played move's (both for the mover), the
 * number of legal moves, whether the engine's choice was played, and the second-best score
 * when known (it tells an only move).
 */
export function judgeMove({ best, played, legalMoves, playedIsBest = false, secondBest = null }) {
  checkScore(best, 'best');
  checkScore(played, 'played');
  checkWhole(legalMoves, 'legalMoves', 100_000);
  const second = secondBest === null || secondBest === undefined ? NaN : checkScore(secondBest, 'secondBest');
  return judge(best, played, legalMoves, Boolean(playedIsBest), second);
}

/** A side's accuracy, 0 to 100, from its moves' losses (forced moves left out); `null` without any. */
export function accuracy(losses) {
  if (!Array.isArray(losses) || losses.some((l) => typeof l !== 'number' || !(l >= 0 && l <= 1))) {
    throw new ArgumentError('losses must be an array of numbers from 0 to 1');
  }
  const a = wasmAccuracy(Float64Array.from(losses));
  return Number.isNaN(a) ? null : a;
}

/**
 * The endgame tables of one rule set, from the table files' bytes (built by the Rust
 * crate's `tablebase` example: `NAME.RULES.wdl` and `.dtw` for each material). Add the
 * files as they are fetched; a probe that needs one not added throws MissingTableError
 * naming it.
 */
export class Tablebase {
  #core;

  /** @param {{ rules?: 'default' | 'tudaf' }} [options] */
  constructor(options = {}) {
    this.#core = call(() => TablebaseCore.create(checkRules(options.rules ?? 'default')));
  }

  /** @internal */
  static core(tb) {
    return tb.#core;
  }

  /** Adds a table file (`bytes` a Uint8Array) under its file name; throws TablebaseError. */
  add(name, bytes) {
    checkString(name, 'name');
    if (!(bytes instanceof Uint8Array)) throw new ArgumentError('bytes must be a Uint8Array');
    call(() => this.#core.add(name, bytes));
  }

  /** The most pieces of the tables added. */
  maxPieces() {
    return this.#core.max_pieces();
  }

  /**
   * The exact result of the game's current position for the side to move: `{ result:
   * 'win' | 'loss' | 'draw', plies, best }` (`plies` to the end with best play, null for a
   * draw; `best` a best move's text), or `null` when the tables do not hold the position
   * (more pieces, another rule set). Throws MissingTableError when a file is needed.
   */
  probe(game) {
    if (!(game instanceof Dama)) throw new ArgumentError('probe needs a Dama game');
    const answer = JSON.parse(call(() => this.#core.probe(Dama.core(game))));
    if (answer !== null && answer.missing !== undefined) throw new MissingTableError(answer.missing);
    return answer;
  }

  /** Frees the tables now rather than when they are collected. */
  free() {
    this.#core.free();
  }
}
