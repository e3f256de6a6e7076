// Type declarations of turkish-draughts (dama.js).

/** A square name, `a1` to `h8`. */
export type Square = string;

/** A rule set: the default rules, or the Turkish federation's (TUDAF). */
export type Rules = 'default' | 'tudaf';

/** A move, as `moves({ verbose: true })`, `move()`, `undo()` and `history({ verbose: true })` give it. */
export interface Move {
  /** The square the piece leaves. */
  from: Square;
  /** The square it ends on. */
  to: Square;
  /** The origin, then every landing square. */
  path: Square[];
  /** The squares of the pieces it captures, in board order. */
  captured: Square[];
  /** Whether a man becomes a king. */
  crowning: boolean;
  /** Landing notation: `d3-d4`, `c4xc6xe6`. */
  text: string;
  /** The federation's captured-square notation: `c4xc5xd6`. */
  federation: string;
}

/** How a game ended. */
export interface Outcome {
  /** The winner, or `null` for a draw. */
  winner: 'white' | 'black' | null;
  reason:
    | 'no-legal-move'
    | 'king-against-lone-man'
    | 'one-king-each'
    | 'one-man-each'
    | 'repetition'
    | 'no-progress'
    | 'other';
  /** The PDN result: `2-0`, `0-2` or `1-1`. */
  result: string;
  /** In words: `white wins: the opponent has no legal move`. */
  text: string;
}

export interface SvgOptions {
  /** Width and height in pixels (default 480). */
  size?: number;
  /** Black at the bottom. */
  flipped?: boolean;
  /** Mark the last move played (default true). */
  lastMove?: boolean;
  /** Squares to highlight. */
  highlight?: Square[];
  /** Mark the side to move. */
  sideToMove?: boolean;
}

export interface PdnOptions {
  /** The move notation (default `landing`). */
  notation?: 'landing' | 'captured';
  /** Tags to write, over those the game was read with. */
  tags?: Record<string, string>;
}

/** The base class of every error this package throws. */
export class DamaError extends Error {}

/** A move that is not legal here, cannot be read, or comes after the end of the game. */
export class IllegalMoveError extends DamaError {
  /** The move as it was given. */
  readonly move: unknown;
  /** Why it was refused. */
  readonly reason: string;
}

/** A FEN that cannot be read or describes no legal position. */
export class FenError extends DamaError {
  readonly fen: unknown;
}

/** An error in a PDN text. */
export class PdnError extends DamaError {
  /** The line, from 1. */
  readonly line: number;
  /** The column, from 1, in characters. */
  readonly column: number;
  /** What is wrong, without the place. */
  readonly reason: string;
}

/** An argument of the wrong type or out of range. */
export class ArgumentError extends DamaError {}

/** A table file that cannot be used (wrongly named, not a table, damaged). */
export class TablebaseError extends DamaError {}

/** A probe needs a table file that was not added. */
export class MissingTableError extends DamaError {
  /** The file's name, such as `KMvK.default.dtw`. */
  readonly file: string;
}

/** A game of Turkish draughts: a first position and the moves played from it. */
export class Dama {
  /** A game from `fen` (the start position when left out); throws FenError. */
  constructor(fen?: string | null, options?: { rules?: Rules });
  /** Starts again from `fen`; throws FenError and leaves the game as it was. */
  load(fen: string, options?: { rules?: Rules }): void;
  /** Starts again from the start position. */
  reset(options?: { rules?: Rules }): void;
  fen(): string;
  startFen(): string;
  turn(): 'w' | 'b';
  rules(): Rules;
  moves(options?: { verbose?: false; square?: Square }): string[];
  moves(options: { verbose: true; square?: Square }): Move[];
  /** Plays a move; throws IllegalMoveError and leaves the game as it was. */
  move(move: string | { from: Square; to: Square } | { path: Square[] }): Move;
  undo(): Move | null;
  history(options?: { verbose?: false }): string[];
  history(options: { verbose: true }): Move[];
  outcome(): Outcome | null;
  isGameOver(): boolean;
  /** The Zobrist key, equal to the Rust crate's `Position::zobrist`. */
  zobrist(): bigint;
  perft(depth: number): number;
  svg(options?: SvgOptions): string;
  pdn(options?: PdnOptions): string;
  tags(): Record<string, string>;
  /** Replaces the game by the first game of a PDN text; throws PdnError and leaves the game as it was. */
  loadPdn(text: string, options?: { rules?: Rules }): void;
  /** Each square with a piece that can move, to the squares it can end on. */
  dests(): Map<Square, Square[]>;
  /** The next landing squares of the legal moves whose path starts with `path`. */
  nextSteps(path: Square[]): Square[];
  /** The legal move whose path is exactly `path`, or `null`. */
  moveWithPath(path: Square[]): Move | null;
  clone(): Dama;
}

/** One item of `readPdn`: a game and its tags, or the error that stopped it. */
export type PdnItem =
  | { game: Dama; tags: Record<string, string>; error?: undefined }
  | { error: PdnError; game?: undefined; tags?: undefined };

/** Reads every game of a PDN text. */
export function readPdn(text: string, options?: { rules?: Rules }): Generator<PdnItem, void, undefined>;

/** What the engine found. */
export interface EngineReport {
  move: Move;
  /** For the side to move, in hundredths of a man; near ±1 000 000 for a forced win or loss. */
  score: number;
  /** The last depth finished. */
  depth: number;
  /** Positions searched. */
  nodes: number;
}

/** A level's name, weakest first. */
export type LevelName = 'beginner' | 'easy' | 'medium' | 'hard' | 'expert';

/** What a level means for the search. */
export interface Level {
  name: LevelName;
  /** The depth cap in plies, 0 for none. */
  maxDepth: number;
  /** The time a move may take, in milliseconds. */
  timeMs: number;
  /** The random choice among moves this many hundredths of a man from the best (0: the best). */
  margin: number;
}

/** The engine's five levels, weakest first. */
export const LEVELS: readonly Readonly<Level>[];

/** How `Engine.search` searches. */
export interface SearchOptions {
  /** A level: its depth cap, time and margin, each overridden by the option of the same name. */
  level?: LevelName;
  /** At most this many milliseconds (depth 1 always finishes). */
  timeMs?: number;
  /** At most this many plies. */
  depth?: number;
  /** Choose at random among the moves scoring within this many hundredths of a man of the best. */
  margin?: number;
  /** The seed of that random choice (a whole number): the same seed, the same choice. */
  seed?: number;
  /** Moves left out, as texts the game reads. */
  exclude?: string[];
}

/** What `Engine.search` found. */
export interface SearchResult extends EngineReport {
  /** The best move's score (equal to `score` unless a margin chose another move). */
  bestScore: number;
  /** The line the engine expects, from `move` on. */
  pv: Move[];
  /** The number of legal moves in the position. */
  legalMoves: number;
}

/** The alpha-beta engine. */
export class Engine {
  constructor(options?: { tableBits?: number });
  /** The best move, or `null` when the game is over; give `timeMs`, `depth` or both. */
  bestMove(game: Dama, options: { timeMs?: number; depth?: number }): EngineReport | null;
  /** The move, its score and the expected line, or `null` when the game is over or every move is excluded. */
  search(game: Dama, options: SearchOptions): SearchResult | null;
  /** Forgets the positions the table holds. */
  clear(): void;
  /** Scores exactly the positions these tables hold; `null` stops it. */
  useTablebase(tablebase: Tablebase | null): void;
  free(): void;
}

/** The tables' answer for a position, for the side to move. */
export interface ExactResult {
  result: 'win' | 'loss' | 'draw';
  /** Plies to the end of the game with best play; `null` for a draw. */
  plies: number | null;
  /** A best move's text; `null` when the game is over. */
  best: string | null;
}

/** The endgame tables of one rule set, from the table files' bytes. */
export class Tablebase {
  constructor(options?: { rules?: Rules });
  /** Adds a table file under its name (`KMvK.default.wdl`); throws TablebaseError. */
  add(name: string, bytes: Uint8Array): void;
  /** The most pieces of the tables added. */
  maxPieces(): number;
  /** The exact result, or `null` when the tables do not hold the position; throws MissingTableError. */
  probe(game: Dama): ExactResult | null;
  free(): void;
}

/** A move's judgement in a review. */
export type Judgement = 'forced' | 'only' | 'best' | 'good' | 'inaccuracy' | 'mistake' | 'blunder';

/** The mover's expected score, 0 to 1, of an engine score. */
export function expectedScore(score: number): number;
/** The loss of expected score of a move scoring `played` where the best scores `best`. */
export function moveLoss(best: number, played: number): number;
/** Judges a move from the best score and the played move's score, both for the mover. */
export function judgeMove(move: {
  best: number;
  played: number;
  legalMoves: number;
  playedIsBest?: boolean;
  secondBest?: number | null;
}): Judgement;
/** A side's accuracy, 0 to 100, from its moves' losses; `null` without any. */
export function accuracy(losses: number[]): number | null;
