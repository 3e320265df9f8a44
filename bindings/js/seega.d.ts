// Type declarations of the JavaScript binding of libseega (seega.mjs).
// The binding is a thin layer over the C library compiled to WebAssembly:
// every rule is the library's. See docs/javascript.md.

/** A side: `"x"` places first, `"o"` second. */
export type Side = "x" | "o";
/** The four presets of the rules. */
export type PresetName = "classic" | "diagonal" | "modern" | "traditional";
/** The kind of an action. */
export type ActionKind = "place" | "step" | "remove" | "pass";
/** How a side that cannot move is treated. */
export type BlockedRule = "loses" | "passes" | "opponent_opens" | "removes";
/** Directions of moves or captures. */
export type Directions = "orthogonal" | "all";
/** The state of the current turn (SPN's last field). */
export type TurnState = "normal" | "placed_one" | "chain" | "extra" | "removed";
/** Why a game ended. */
export type Reason = "material" | "blocked" | "quiet" | "both_blocked";

/** The version of the C library inside the module, e.g. `"1.1.0"`. */
export const version: string;
/** The names of the presets, for {@link Rules.preset} and {@link Game}. */
export const PRESETS: readonly PresetName[];
/** The board sizes: 5, 7 and 9. */
export const SIZES: readonly number[];
/** The score of a win proven at distance 0 (`SEEGA_SCORE_PROVEN`). */
export const SCORE_PROVEN: number;
/** The deepest perft (`SEEGA_PERFT_MAX_DEPTH`). */
export const PERFT_MAX_DEPTH: number;

/** Any error of the library: `status` is the C status code (negative),
 *  `code` its C name, e.g. `"SEEGA_E_ILLEGAL"`. */
export class SeegaError extends Error {
  readonly status: number;
  readonly code: string;
}
/** `SEEGA_E_INVALID`: a bad argument (a square off the board, a negative
 *  depth, a game already freed, a value of the wrong type). */
export class InvalidArgumentError extends SeegaError {}
/** `SEEGA_E_ILLEGAL`: a well-formed action that is not legal now. */
export class IllegalMoveError extends SeegaError {}
/** `SEEGA_E_GAME_OVER`: an action or a search in a finished game. */
export class GameOverError extends IllegalMoveError {}
/** `SEEGA_E_PARSE`: malformed SPN, action, square, rules or record text. */
export class ParseError extends SeegaError {}
/** `SEEGA_E_RULES`: rules out of range, or a record of other rules. */
export class RulesError extends SeegaError {}
/** `SEEGA_E_NOMEM`: the module could not get the memory it needed. */
export class OutOfMemoryError extends SeegaError {}
/** Why the tables cannot answer a position (see {@link NotCoveredError}). */
export type NotCoveredReason = "placing" | "pieces" | "rules" | "no-tables" | "not-loaded";
/** `SEEGA_E_NOT_COVERED`: the package's endgame tables do not answer this
 *  position. `reason`: `"placing"` (the placing phase), `"pieces"` (more
 *  than {@link TABLES}.maxPieces a side), `"rules"` (not a preset on 5x5
 *  whose tables the package has), `"no-tables"` (the package was built
 *  without tables), `"not-loaded"` ({@link Game.probeSync} before
 *  {@link loadTables}). */
export class NotCoveredError extends SeegaError {
  readonly reason: NotCoveredReason;
}
/** A search stopped (by {@link Game.stop} or an abort signal) before it
 *  had any result to give. */
export class SearchStoppedError extends Error {}

/** The fields of a rules configuration. */
export interface RulesFields {
  /** 5, 7 or 9. */
  boardSize: number;
  /** Pieces placed per turn: 1 or 2. */
  placementsPerTurn: number;
  /** The first two pieces go on marked squares. */
  openingSquares: boolean;
  /** The side that makes the first move of the moving phase. */
  firstMover: Side;
  moveDirs: Directions;
  captureDirs: Directions;
  /** A piece on the centre is never captured. */
  centreImmune: boolean;
  /** A capturing piece may capture again. */
  chainCaptures: boolean;
  blocked: BlockedRule;
  /** A side with this many pieces or fewer loses: 0 or 1. */
  loseAt: number;
  /** Turns without a capture that end the game; 0: none. */
  quietLimit: number;
}

/** An immutable, validated rules configuration. */
export class Rules implements RulesFields {
  /** Rules from fields; those not given are CLASSIC's on 5x5. Throws
   *  {@link RulesError} when the library refuses them. */
  constructor(fields?: Partial<RulesFields>);
  /** One of the four presets on a board of `boardSize` (default 5). */
  static preset(name: PresetName, boardSize?: number): Rules;
  /** Rules read from their text form, e.g. `"modern 7 quiet_limit=100"`. */
  static fromText(text: string): Rules;
  readonly boardSize: number;
  readonly placementsPerTurn: number;
  readonly openingSquares: boolean;
  readonly firstMover: Side;
  readonly moveDirs: Directions;
  readonly captureDirs: Directions;
  readonly centreImmune: boolean;
  readonly chainCaptures: boolean;
  readonly blocked: BlockedRule;
  readonly loseAt: number;
  readonly quietLimit: number;
  /** The text form, e.g. `"classic 5"`. */
  toText(): string;
  /** A copy with some fields changed. */
  with(changes: Partial<RulesFields>): Rules;
  /** Whether every field is the same. */
  equals(other: Rules): boolean;
  /** The fields as a plain object. */
  toJSON(): RulesFields;
}

/** One action: a placement (`"c2"`), a step (`"c2-c3"`), a removal
 *  (`"xb3"`) or a pass (`"pass"`). */
export interface Action {
  /** The action text. */
  readonly text: string;
  readonly kind: ActionKind;
  /** The square a step leaves; null for other kinds. */
  readonly from: string | null;
  /** The square placed on, stepped to or removed; null for a pass. */
  readonly to: string | null;
  /** The C library's action value (`seega_action`). */
  readonly value: number;
}
/** An action, or its text. */
export type ActionLike = Action | string;

/** What {@link Game.search} found (also what `onProgress` gets after each
 *  completed iteration). */
export interface SearchResult {
  /** The best action found. */
  best: Action | null;
  /** For the side to move, in hundredths of a piece; a proven win at
   *  distance d is `SCORE_PROVEN - d`. */
  score: number;
  /** The depth of the last completed iteration, in plies. */
  depth: number;
  /** Positions searched. */
  nodes: number;
  /** The expected line, `best` first. */
  pv: Action[];
  /** The proven outcome for the side to move, or null. */
  proven: "win" | "loss" | "draw" | null;
  /** When proven: plies to the end of the game. */
  provenPlies: number;
  /** Time spent, in milliseconds. */
  timeMs: number;
}

/** Limits and settings of a search. A limit left out is no limit; the
 *  search stops at the first one reached. */
export interface SearchOptions {
  /** Deepest iteration, in plies. */
  depth?: number;
  /** Time for this move, in milliseconds. */
  timeMs?: number;
  /** Positions to search at most. */
  nodes?: number;
  /** A clock: time left for the side to move (the search budgets it). */
  remainingMs?: number;
  /** A clock: time added after each move. */
  incrementMs?: number;
  /** 0: full strength; 1 (weakest) to 3. */
  level?: number;
  /** Breaks ties and varies the weaker levels. */
  seed?: number | bigint;
  /** Search threads. The WebAssembly module has none of its own: any
   *  value searches on one. */
  threads?: number;
  /** The transposition table, in MiB (16 at first). */
  ttMb?: number;
  /** Called after each completed iteration; returning true stops the
   *  search (it then resolves with this result). */
  onProgress?: (result: SearchResult) => boolean | void;
  /** Aborting it stops the search, as {@link Game.stop} does. */
  signal?: AbortSignal;
  /** Use the package's endgame tables (default true): exact values at
   *  every covered position the search reaches. {@link Game.search} loads
   *  the tables of the game's rules first when the game is in the moving
   *  phase; {@link Game.searchSync} uses them when already loaded. */
  tables?: boolean;
}

/** What the endgame tables say of a position ({@link Game.probe}). */
export interface ProbeResult {
  /** For the side to move, under best play. */
  value: "win" | "draw" | "loss";
  /** Plies to the end of the game (the winner playing the fastest line,
   *  the loser the slowest); 0 for a finished game; null for a draw that
   *  is not over. Under a quiet limit (modern, diagonal): plies to the
   *  ply that settles the result, a capture or the end, that ply
   *  included. */
  distance: number | null;
  /** An action that keeps the value (the fastest win, the slowest loss);
   *  null when the game is over. */
  best: Action | null;
}

/** What one action gives the side to move ({@link Game.probeActions}). */
export interface ActionValue {
  action: Action;
  /** For the side to move if it plays the action, under best play after. */
  value: "win" | "draw" | "loss";
  /** Plies to the end counting this action (under a quiet limit: to the
   *  ply that settles the result, 1 for a capture); null for a draw that
   *  goes on. */
  distance: number | null;
}

/** The tables of one rule set, once loaded ({@link loadTables}). */
export interface TablesInfo {
  /** The rules' text, e.g. `"classic 5"`. */
  rules: string;
  /** The most pieces a side the tables hold. */
  maxPieces: number;
  /** The size of the pack, in bytes (also what it takes in the module's
   *  memory). */
  bytes: number;
  /** The time the load took, in milliseconds. */
  timeMs: number;
}

/** What {@link Game.playouts} gave. */
export interface PlayoutStats {
  playouts: number;
  xWins: number;
  oWins: number;
  draws: number;
  unfinished: number;
  actions: number;
}

/** Optional tags of a record. */
export interface RecordTags {
  event?: string;
  site?: string;
  date?: string;
  round?: string;
  /** Who played X. */
  x?: string;
  /** Who played O. */
  o?: string;
  /** For a game the rules have not ended: "1-0", "0-1", "1/2-1/2", "*". */
  result?: string;
  termination?: string;
  /** Any other tag, by name. */
  [name: string]: string | undefined;
}

/** One game: rules, position, history. Its memory lives in the
 *  WebAssembly module until {@link Game.free} (or, as a safety net, until
 *  the Game is garbage-collected). */
export class Game {
  /** A new game at the start of the placing phase. `rules` is a Rules, a
   *  preset name or a rules text (default `"classic"`); `boardSize`
   *  applies to a preset name. */
  constructor(rules?: Rules | PresetName | string, boardSize?: number);
  /** A game from an SPN position (the board size is read from it). */
  static fromSpn(spn: string, rules?: Rules | PresetName | string): Game;
  /** A game loaded from a record, with its whole history. */
  static fromRecord(text: string): Game;

  readonly rules: Rules;
  readonly boardSize: number;
  /** Square names in index order: `a1`, `b1`, ... */
  readonly squares: readonly string[];
  squareName(index: number): string;
  squareIndex(name: string): number;

  /** Every legal action, in the library's order. */
  legalMoves(): Action[];
  /** The action of a text, checked against the board size. */
  parseAction(text: string): Action;
  /** Play an action; throws {@link IllegalMoveError} when it is not legal. */
  play(action: ActionLike): void;
  place(square: string | number): void;
  move(from: string | number, to: string | number): void;
  /** Take back the last action and return it. */
  undo(): Action;
  /** The actions played since the start (or the last setSpn). */
  readonly history: Action[];
  /** The squares captured by the last action. */
  readonly lastCaptures: string[];

  /** The position as SPN. */
  readonly spn: string;
  /** Set the position from SPN; clears the history. */
  setSpn(spn: string): void;
  readonly toMove: Side;
  readonly phase: "place" | "move";
  readonly result: Side | "draw" | null;
  readonly reason: Reason | null;
  readonly isOver: boolean;
  pieces(side: Side): number;
  inHand(side: Side): number;
  /** The piece on a square, or null. */
  at(square: string | number): Side | null;
  /** Every square's piece, in index order. */
  board(): (Side | null)[];
  readonly turnState: TurnState;
  /** The square of the piece in a chain capture, or null. */
  readonly chainSquare: string | null;
  readonly quietCount: number;
  readonly repetitions: number;
  /** The Zobrist hash of the position. */
  readonly hash: bigint;

  /** Action sequences of exactly `depth` actions (0 to PERFT_MAX_DEPTH). */
  perft(depth: number): bigint;
  /** `count` uniformly random games from here; the game is unchanged. */
  playouts(count: number, options?: { seed?: number | bigint; maxActions?: number }): PlayoutStats;

  /** The whole game as a record (docs/records.md). */
  record(tags?: RecordTags): string;

  /** Search in a worker (a Web Worker, or a worker thread in Node): the
   *  caller's event loop is never blocked. The game may be used and
   *  changed meanwhile; the search works on the position it had when
   *  called. Every failure, a bad option included, rejects the promise. */
  search(options?: SearchOptions): Promise<SearchResult>;
  /** A suggested action: a full-strength search of at most `timeMs`
   *  (default 1000) milliseconds, in the worker; with the tables as
   *  {@link Game.search}. */
  hint(timeMs?: number, options?: { tables?: boolean }): Promise<Action>;
  /** Stop this game's running searches: each resolves with its best
   *  result so far (or rejects with {@link SearchStoppedError}). */
  stop(): void;
  /** Search on the calling thread, blocking it: for workers and scripts.
   *  `signal` is not supported here. */
  searchSync(options?: SearchOptions): SearchResult;
  /** {@link Game.hint} on the calling thread, blocking it. */
  hintSync(timeMs?: number, options?: { tables?: boolean }): Action;

  /** The exact value of the position from the package's endgame tables,
   *  loading the tables of the game's rules first if needed. The position
   *  is the one of the call. Rejects with {@link NotCoveredError} beyond
   *  the tables (checked before anything is loaded). */
  probe(): Promise<ProbeResult>;
  /** The exact value of every legal action of the position, as a chess
   *  site's tablebase lists each move (`seega_tb_probe_actions`), loading
   *  the tables first if needed; best first (the fastest wins, the draws,
   *  the slowest losses). Rejects as {@link Game.probe}. */
  probeActions(): Promise<ActionValue[]>;
  /** {@link Game.probeActions} with the tables already loaded; else
   *  throws {@link NotCoveredError} with reason `"not-loaded"`. */
  probeActionsSync(): ActionValue[];
  /** {@link Game.probe} with the tables already loaded
   *  ({@link loadTables}); else throws {@link NotCoveredError} with
   *  reason `"not-loaded"`. */
  probeSync(): ProbeResult;

  /** An independent copy, with its history. */
  copy(): Game;
  /** Release the game's memory; any later call throws
   *  {@link InvalidArgumentError}. Calling it twice is harmless. */
  free(): void;
  readonly freed: boolean;
  /** The board, rank N at the top, and a status line. */
  toString(): string;
}

/** The endgame tables in this package: the presets whose 5x5 tables it
 *  holds, every tier up to `maxPieces` a side (4). Empty `presets` (and
 *  `maxPieces` 0): the package was built without tables. */
export const TABLES: {
  readonly presets: readonly PresetName[];
  readonly maxPieces: number;
};

/** Load the package's tables of a rule set into this module (once: they
 *  stay for the module's life). Resolves with what was loaded, or null
 *  when the package has no tables of these rules; rejects when the file
 *  cannot be read or fetched (a later call tries again). */
export function loadTables(rules: Rules | PresetName | string | Game): Promise<TablesInfo | null>;

/** Whether the tables of these rules are loaded in this module. */
export function tablesLoaded(rules: Rules | PresetName | string | Game): boolean;

/** The size of the module's memory in bytes. It grows when the library
 *  needs more and never shrinks; the memory of games freed (or collected)
 *  is reused. */
export function memoryBytes(): number;

/** Stop the search worker(s) so that a Node process can exit at once
 *  (they are also unreferenced, so an idle worker never keeps it alive).
 *  A later search starts a new worker. */
export function shutdown(): void;
