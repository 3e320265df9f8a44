// The JavaScript binding of libseega: the C library compiled to
// WebAssembly (seega_wasm.wasm), with JavaScript idioms on top and no rule
// of its own. Works in browsers (and their workers) and in Node.js 20.
// See docs/javascript.md and seega.d.ts.
//
//   import { Game } from "seega";
//   const game = new Game("modern", 7);
//   game.play(game.legalMoves()[0]);
//   const { best } = await game.search({ timeMs: 200 });
//
// Importing the module loads the WebAssembly module (top-level await).
// Searches run in a worker: a Web Worker in a browser, a worker thread in
// Node (worker.mjs), so that the caller's event loop never blocks. The
// endgame tables of the package (tables/, listed by seega_tables.mjs) are
// loaded per rule set on first need.

import createSeegaWasm from "./seega_wasm.mjs";
import SHIPPED from "./seega_tables.mjs";

// ---- loading --------------------------------------------------------------

async function wasmBytes() {
  const url = new URL("./seega_wasm.wasm", import.meta.url);
  if (url.protocol === "file:") {
    const { readFile } = await import("node:fs/promises");
    return readFile(url);
  }
  const response = await fetch(url);
  if (!response.ok)
    throw new Error(`seega: cannot load ${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// The factory's own loader targets pages served over HTTP; the bytes are
// handed to it here instead, so that the same file works in Node too.
const M = await (async () => {
  const bytes = await wasmBytes();
  let fail;
  const failed = new Promise((_, reject) => (fail = reject));
  return Promise.race([
    createSeegaWasm({
      instantiateWasm(imports, done) {
        WebAssembly.instantiate(bytes, imports).then(
          (r) => done(r.instance, r.module), fail);
        return {};
      },
    }),
    failed,
  ]);
})();

// ---- constants of seega.h -------------------------------------------------

const OK = 0;
const E = {
  INVALID: -1, ILLEGAL: -2, PARSE: -3, NOMEM: -4, GAME_OVER: -5,
  BUFFER: -6, VERSION: -7, RULES: -8, NOT_COVERED: -11,
};
const ERROR_MAX = 256;
const SPN_MAX = 128;
const RULES_TEXT_MAX = 256;
const MAX_ACTIONS = 320;
const PV_MAX = 32;
const RULES_VERSION = 1;
const SEARCH_LIMITS_VERSION = 1;
const SEARCH_RESULT_VERSION = 1;
const PLAYOUT_STATS_VERSION = 1;
const TB_ENTRY_VERSION = 1;
const RECORD_TAGS_VERSION = 1;
const INT32_MAX = 2147483647;
const UINT32_MAX = 4294967295;
const UINT64_MAX = (1n << 64n) - 1n;

/** The score of a win proven at distance 0 (`SEEGA_SCORE_PROVEN`). */
export const SCORE_PROVEN = 30000;
/** The deepest perft (`SEEGA_PERFT_MAX_DEPTH`). */
export const PERFT_MAX_DEPTH = 32;
/** The names of the presets. */
export const PRESETS = Object.freeze(["classic", "diagonal", "modern", "traditional"]);
/** The board sizes. */
export const SIZES = Object.freeze([5, 7, 9]);

const SIDES = ["x", "o"];
const KINDS = [null, "place", "step", "remove", "pass"];
const RESULTS = [null, "x", "o", "draw"];
const REASONS = [null, "material", "blocked", "quiet", "both_blocked"];
const PHASES = [null, "place", "move"];
const TURN_STATES = ["normal", "placed_one", "chain", "extra", "removed"];
const PROVEN = [null, "win", "loss", "draw"];

const versionNumber = M._seega_version_number();
/** The version of the C library inside the module, e.g. `"1.1.0"`. */
export const version = `${Math.floor(versionNumber / 10000)}.${
  Math.floor(versionNumber / 100) % 100}.${versionNumber % 100}`;
if (Math.floor(versionNumber / 10000) !== 1)
  throw new Error(`seega: the module holds libseega ${version}; this binding is for 1.x`);

// ---- errors ---------------------------------------------------------------

const CODE_NAMES = {
  [-1]: "SEEGA_E_INVALID", [-2]: "SEEGA_E_ILLEGAL", [-3]: "SEEGA_E_PARSE",
  [-4]: "SEEGA_E_NOMEM", [-5]: "SEEGA_E_GAME_OVER", [-6]: "SEEGA_E_BUFFER",
  [-7]: "SEEGA_E_VERSION", [-8]: "SEEGA_E_RULES", [-9]: "SEEGA_E_IO",
  [-10]: "SEEGA_E_CORRUPT", [-11]: "SEEGA_E_NOT_COVERED",
  [-12]: "SEEGA_E_STOPPED",
};

/** Any error of the library; `status` is its C status code. */
export class SeegaError extends Error {
  constructor(status, message) {
    super(message);
    this.name = new.target.name;
    this.status = status;
    this.code = CODE_NAMES[status] ?? `status ${status}`;
  }
}
/** `SEEGA_E_INVALID`: a bad argument. */
export class InvalidArgumentError extends SeegaError {}
/** `SEEGA_E_ILLEGAL`: an action that is not legal now. */
export class IllegalMoveError extends SeegaError {}
/** `SEEGA_E_GAME_OVER`: an action or a search in a finished game. */
export class GameOverError extends IllegalMoveError {}
/** `SEEGA_E_PARSE`: malformed text. */
export class ParseError extends SeegaError {}
/** `SEEGA_E_RULES`: rules out of range, or not the game's. */
export class RulesError extends SeegaError {}
/** `SEEGA_E_NOMEM`: out of memory. */
export class OutOfMemoryError extends SeegaError {}
/** `SEEGA_E_NOT_COVERED`: the tables do not answer this position; `reason`
 *  says why: "placing", "pieces", "rules", "no-tables", "not-loaded". */
export class NotCoveredError extends SeegaError {
  constructor(status, message, reason = "pieces") {
    super(status, message);
    this.reason = reason;
  }
}
/** A search stopped before it had a result to give. */
export class SearchStoppedError extends Error {
  constructor(message = "the search was stopped before its first result") {
    super(message);
    this.name = "SearchStoppedError";
  }
}

const ERROR_CLASSES = {
  [E.INVALID]: InvalidArgumentError, [E.ILLEGAL]: IllegalMoveError,
  [E.GAME_OVER]: GameOverError, [E.PARSE]: ParseError,
  [E.RULES]: RulesError, [E.NOMEM]: OutOfMemoryError,
  [E.NOT_COVERED]: NotCoveredError,
};

function errorFor(status, message) {
  const Class = ERROR_CLASSES[status] ?? SeegaError;
  return new Class(status, message || statusText(status));
}

function statusText(status) {
  return readCString(M._seega_status_text(status));
}

function invalid(message) {
  return new InvalidArgumentError(E.INVALID, message);
}

// ---- memory ---------------------------------------------------------------
// Every call that passes memory allocates it in the module and frees it
// before returning: nothing is shared between calls, so a failure anywhere
// leaves no state behind.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function heap() {
  return M.HEAPU8;
}
function view() {
  return new DataView(M.HEAPU8.buffer);
}

function alloc(size) {
  const p = M._malloc(Math.max(size, 1));
  if (!p) throw new OutOfMemoryError(E.NOMEM, "out of memory in the WebAssembly module");
  heap().fill(0, p, p + size);
  return p;
}

// Run fn with `size` zeroed bytes of module memory, freed afterwards.
function withMemory(size, fn) {
  const p = alloc(size);
  try {
    return fn(p);
  } finally {
    M._free(p);
  }
}

function readCString(p, max = Infinity) {
  const h = heap();
  let end = p;
  while (h[end] !== 0 && end - p < max) end++;
  return decoder.decode(h.subarray(p, end));
}

// A JavaScript string as a NUL-terminated UTF-8 copy in module memory.
function textArg(value, what, status = E.PARSE) {
  if (typeof value !== "string")
    throw new TypeError(`${what} must be a string, not ${typeName(value)}`);
  if (value.includes("\0"))
    throw errorFor(status, `${what} contains a NUL character`);
  return encoder.encode(value);
}

function withText(bytes, fn) {
  return withMemory(bytes.length + 1, (p) => {
    heap().set(bytes, p);
    return fn(p);
  });
}

function typeName(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? value.constructor?.name ?? "object" : typeof value;
}

// An integer argument in [lo, hi], else a clear error (never a wrapped
// value in the module).
function intArg(value, what, lo = -INT32_MAX - 1, hi = INT32_MAX) {
  if (typeof value === "bigint") {
    if (value < BigInt(lo) || value > BigInt(hi))
      throw invalid(`${what} is out of range (${value})`);
    return Number(value);
  }
  if (typeof value !== "number")
    throw new TypeError(`${what} must be an integer, not ${typeName(value)}`);
  if (!Number.isInteger(value))
    throw invalid(`${what} must be an integer (got ${value})`);
  if (value < lo || value > hi)
    throw invalid(`${what} is out of range (${value})`);
  return value;
}

function u64Arg(value, what) {
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value) || value < 0)
      throw invalid(`${what} must be an integer from 0 to 2**53 - 1, or a BigInt (got ${value})`);
    return BigInt(value);
  }
  if (typeof value !== "bigint")
    throw new TypeError(`${what} must be an integer, not ${typeName(value)}`);
  if (value < 0n || value > UINT64_MAX)
    throw invalid(`${what} is out of range (${value})`);
  return value;
}

// ---- rules ----------------------------------------------------------------

// The defaults of `new Rules({...})`: CLASSIC on 5x5, read from the library
// once the class exists.
let CLASSIC5;

const FIELDS = [
  ["boardSize", "number"], ["placementsPerTurn", "number"],
  ["openingSquares", "flag"], ["firstMover", { x: 0, o: 1 }],
  ["moveDirs", { orthogonal: 4, all: 8 }], ["captureDirs", { orthogonal: 4, all: 8 }],
  ["centreImmune", "flag"], ["chainCaptures", "flag"],
  ["blocked", { loses: 1, passes: 2, opponent_opens: 3, removes: 4 }],
  ["loseAt", "number"], ["quietLimit", "number"],
];
const PRESET_CODES = { classic: 1, diagonal: 2, modern: 3, traditional: 4 };

function rulesFromStruct(p) {
  const v = view();
  const fields = {};
  FIELDS.forEach(([name, kind], i) => {
    const raw = v.getInt32(p + 4 + 4 * i, true);
    if (kind === "flag") fields[name] = raw !== 0;
    else if (kind === "number") fields[name] = raw;
    else fields[name] = Object.keys(kind).find((k) => kind[k] === raw);
  });
  return new Rules(fields);
}

function writeRules(rules, p) {
  const v = view();
  v.setUint32(p, RULES_VERSION, true);
  FIELDS.forEach(([name, kind], i) => {
    const value = rules[name];
    const raw = kind === "flag" ? (value ? 1 : 0) : kind === "number" ? value : kind[value];
    v.setInt32(p + 4 + 4 * i, raw, true);
  });
}

function withRules(rules, fn) {
  return withMemory(48, (p) => {
    writeRules(rules, p);
    return fn(p);
  });
}

// Rules through a function that fills a struct and a message.
function rulesCall(what, fill) {
  return withMemory(48 + ERROR_MAX, (p) => {
    const status = fill(p, p + 48, ERROR_MAX);
    if (status !== OK) throw errorFor(status, readCString(p + 48) || `${what}: ${statusText(status)}`);
    return rulesFromStruct(p);
  });
}

/** An immutable, validated rules configuration. */
export class Rules {
  constructor(fields = {}) {
    if (fields === null || typeof fields !== "object")
      throw new TypeError(`rules fields must be an object, not ${typeName(fields)}`);
    const base = CLASSIC5 ?? {}; // undefined while CLASSIC5 itself is made
    for (const name of Object.keys(fields))
      if (!FIELDS.some(([f]) => f === name))
        throw new RulesError(E.RULES, `unknown rules field '${name}' (fields: ${FIELDS.map(([f]) => f).join(", ")})`);
    for (const [name, kind] of FIELDS) {
      const value = name in fields ? fields[name] : base[name];
      if (kind === "flag") {
        if (typeof value !== "boolean" && value !== 0 && value !== 1)
          throw new TypeError(`rules.${name} must be a boolean, not ${typeName(value)}`);
        this[name] = Boolean(value);
      } else if (kind === "number") {
        if (typeof value !== "number" || !Number.isInteger(value))
          throw new TypeError(`rules.${name} must be an integer, not ${typeName(value)}`);
        if (value < -INT32_MAX - 1 || value > INT32_MAX)
          throw new RulesError(E.RULES, `rules.${name} is out of range (${value})`);
        this[name] = value;
      } else {
        if (typeof value !== "string")
          throw new TypeError(`rules.${name} must be a string, not ${typeName(value)}`);
        if (!Object.hasOwn(kind, value))
          throw new RulesError(E.RULES, `rules.${name} must be ${Object.keys(kind).map((k) => `'${k}'`).join(", ")} (got '${value}')`);
        this[name] = value;
      }
    }
    withRules(this, (p) =>
      withMemory(ERROR_MAX, (msg) => {
        const status = M._seega_rules_validate(p, msg, ERROR_MAX);
        if (status !== OK) throw errorFor(status, readCString(msg));
      }));
    Object.freeze(this);
  }

  static preset(name, boardSize = 5) {
    if (typeof name !== "string")
      throw new TypeError(`a preset name must be a string, not ${typeName(name)}`);
    const code = PRESET_CODES[name.toLowerCase()];
    if (code === undefined)
      throw new RulesError(E.RULES, `unknown preset '${name}' (presets: ${PRESETS.join(", ")})`);
    const size = intArg(boardSize, "boardSize");
    if (!SIZES.includes(size))
      throw new RulesError(E.RULES, `board size ${size} is not one of ${SIZES.join(", ")}`);
    return rulesCall("preset", (p) => M._seega_rules_preset(p, code, size));
  }

  static fromText(text) {
    const bytes = textArg(text, "rules text");
    return withText(bytes, (t) =>
      rulesCall("rules text", (p, msg, cap) => M._seega_rules_from_text(t, p, msg, cap)));
  }

  toText() {
    return withRules(this, (p) =>
      withMemory(RULES_TEXT_MAX, (buf) => {
        const n = M._seega_rules_to_text(p, buf, RULES_TEXT_MAX);
        if (n < 0) throw errorFor(n);
        return readCString(buf);
      }));
  }

  with(changes) {
    return new Rules({ ...this.toJSON(), ...changes });
  }

  equals(other) {
    return other instanceof Rules && FIELDS.every(([f]) => this[f] === other[f]);
  }

  toJSON() {
    return Object.fromEntries(FIELDS.map(([f]) => [f, this[f]]));
  }

  toString() {
    return this.toText();
  }
}

CLASSIC5 = Rules.preset("classic", 5);

function rulesArg(rules, boardSize) {
  if (rules instanceof Rules) {
    if (boardSize !== undefined)
      throw invalid("boardSize applies to a preset name, not to a Rules object");
    return rules;
  }
  if (typeof rules !== "string")
    throw new TypeError(`rules must be a Rules, a preset name or a rules text, not ${typeName(rules)}`);
  if (Object.hasOwn(PRESET_CODES, rules.toLowerCase()))
    return Rules.preset(rules, boardSize ?? 5);
  if (boardSize !== undefined)
    throw invalid("boardSize applies to a preset name, not to a rules text");
  return Rules.fromText(rules);
}

// ---- the shipped tables ---------------------------------------------------
// The package holds, in tables/, one pack per preset on 5x5 (every tier up
// to SHIPPED.maxPieces a side), as seega_tables.mjs lists them. A rule
// set's pack is read (a file in Node, a fetch elsewhere) on first need,
// copied once into the module's memory and opened with
// seega_tb_open_memory; it stays open, and its bytes in the module, for
// the module's life. Each module instance (the page's, each search
// worker's) loads its own.

/** The endgame tables in this package: the presets (on 5x5) and the most
 *  pieces a side; no presets when it was built without tables. */
export const TABLES = Object.freeze({
  presets: Object.freeze([...SHIPPED.presets]),
  maxPieces: SHIPPED.maxPieces,
});

const loaded = new Map(); // rules text -> {promise, tb, info}

// The preset of `rules` when the package has its tables, else null.
const presets5 = new Map();
function shippedPreset(rules) {
  if (rules.boardSize !== 5) return null;
  return TABLES.presets.find((name) => {
    if (!presets5.has(name)) presets5.set(name, Rules.preset(name, 5));
    return rules.equals(presets5.get(name));
  }) ?? null;
}

function tablesRules(rules) {
  if (rules instanceof Game) return rules.rules;
  return rulesArg(rules);
}

async function packBytes(url) {
  if (url.protocol === "file:") {
    const { readFile } = await import("node:fs/promises");
    return readFile(url);
  }
  const response = await fetch(url);
  if (!response.ok)
    throw new Error(`seega: cannot load the tables ${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// Open a pack's bytes in the module; the copy stays for the module's life.
function openPack(rules, bytes) {
  const data = M._malloc(Math.max(bytes.length, 1));
  if (!data) throw new OutOfMemoryError(E.NOMEM, "out of memory in the WebAssembly module for the tables");
  heap().set(bytes, data);
  try {
    return withRules(rules, (r) =>
      withMemory(4 + ERROR_MAX, (out) => {
        const status = M._seega_tb_open_memory(r, data, bytes.length, out, out + 4, ERROR_MAX);
        if (status !== OK) throw errorFor(status, readCString(out + 4));
        return view().getUint32(out, true);
      }));
  } catch (e) {
    M._free(data);
    throw e;
  }
}

/** Load the package's tables of a rule set (a Rules, a preset name, a
 *  rules text or a Game); resolves with what was loaded, or null when the
 *  package has none for these rules. Loads once: later calls resolve at
 *  once. */
export function loadTables(rules) {
  let r;
  try {
    r = tablesRules(rules);
  } catch (e) {
    return Promise.reject(e);
  }
  const preset = shippedPreset(r);
  if (preset === null) return Promise.resolve(null);
  const key = r.toText();
  let entry = loaded.get(key);
  if (!entry) {
    entry = { tb: 0, info: null };
    entry.promise = (async () => {
      const url = new URL(`./tables/${preset}+5.sgtbpack`, import.meta.url);
      const t0 = performance.now();
      const bytes = await packBytes(url);
      entry.tb = openPack(r, bytes);
      entry.info = Object.freeze({
        rules: key, maxPieces: M._seega_tb_max_pieces(entry.tb), bytes: bytes.length,
        timeMs: performance.now() - t0,
      });
      return entry.info;
    })();
    // A failed load (a network error) is tried again on the next call.
    entry.promise.catch(() => loaded.delete(key));
    loaded.set(key, entry);
  }
  return entry.promise;
}

/** Whether the tables of these rules are loaded (probeSync and searchSync
 *  use them). */
export function tablesLoaded(rules) {
  return tablesOf(tablesRules(rules)) !== 0;
}

// The open tables of `rules`, or 0.
function tablesOf(rules) {
  return loaded.get(rules.toText())?.tb ?? 0;
}

// A seega_tb_entry at p: its value as a word, its distance (null where
// the tables give none) and its action.
function tbEntry(p) {
  const v = view();
  const value = v.getInt32(p + 4, true);
  const distance = v.getInt32(p + 8, true);
  return {
    value: value > 0 ? "win" : value < 0 ? "loss" : "draw",
    distance: distance < 0 ? null : distance,
    action: v.getUint32(p + 12, true),
  };
}

function notCovered(reason, message) {
  return new NotCoveredError(E.NOT_COVERED, message, reason);
}

// Why the package's tables cannot answer a position of `rules` in `phase`
// with these pieces (counted only in an ongoing game), or null; the
// loaded tables are not looked at.
function coverageProblem(rules, phase, over, x, o) {
  if (TABLES.presets.length === 0)
    return notCovered("no-tables", "this package was built without tables " +
      "(the build had no SEEGA_TABLES_DIR or tables of its own)");
  if (shippedPreset(rules) === null)
    return notCovered("rules", `no tables for the rules ${rules.toText()}: the package has ` +
      `${TABLES.presets.join(", ")} on 5x5`);
  if (phase === "place")
    return notCovered("placing", "the tables cover the moving phase only, not the placing");
  const max = TABLES.maxPieces;
  if (!over && (x > max || o > max))
    return notCovered("pieces", `the tables hold at most ${max} pieces a side; ` +
      `the position has ${x} (x) and ${o} (o)`);
  return null;
}

// ---- games ----------------------------------------------------------------

// The safety net: a game dropped without free() is freed when collected.
const registry = new FinalizationRegistry((handle) => M._seega_free(handle));

function newHandle(rules) {
  return withRules(rules, (r) =>
    withMemory(4, (out) => {
      const status = M._seega_new(r, out);
      if (status !== OK) throw errorFor(status);
      return view().getUint32(out, true);
    }));
}

// The constructor's first argument when it adopts an existing handle.
const ADOPT = Symbol("adopt");

/** One game: rules, position, history. */
export class Game {
  #h = 0;
  #rules;
  #size;
  #names;
  #jobs = new Set();

  constructor(rules = "classic", boardSize = undefined) {
    if (rules === ADOPT) {
      this.#adopt(boardSize.handle, boardSize.rules);
      return;
    }
    const r = rulesArg(rules, boardSize);
    this.#adopt(newHandle(r), r);
  }

  #adopt(handle, rules) {
    this.#h = handle;
    this.#rules = rules;
    this.#size = rules.boardSize;
    this.#names = squareNames(handle, this.#size);
    registry.register(this, handle, this);
  }

  static fromSpn(spn, rules = "classic") {
    const bytes = textArg(spn, "SPN");
    let r;
    if (typeof rules === "string" && Object.hasOwn(PRESET_CODES, rules.toLowerCase()))
      r = Rules.preset(rules, spnBoardSize(spn));
    else
      r = rulesArg(rules);
    return Game.#loaded(r, (h) => withText(bytes, (p) => M._seega_set_spn(h, p)));
  }

  static fromRecord(text) {
    const bytes = textArg(text, "record");
    const rules = withText(bytes, (t) =>
      rulesCall("record", (p, msg, cap) => M._seega_record_rules(t, p, msg, cap)));
    return Game.#loaded(rules, (h) => withText(bytes, (p) => M._seega_record_read(h, p)));
  }

  // A new game of `rules` filled by `load(handle)` (a status); freed when
  // the load fails.
  static #loaded(rules, load) {
    const game = new Game(rules);
    try {
      game.#call(load(game.#h));
    } catch (e) {
      game.free();
      throw e;
    }
    return game;
  }

  // The handle, or an error once freed.
  get #handle() {
    if (!this.#h) throw invalid("this game has been freed");
    return this.#h;
  }

  // A status of a call on this game: an error with the library's message.
  #call(status) {
    if (status < 0) {
      const message = this.#h ? readCString(M._seega_last_error(this.#h)) : "";
      throw errorFor(status, message);
    }
    return status;
  }

  get freed() {
    return this.#h === 0;
  }

  free() {
    if (!this.#h) return;
    this.stop();
    registry.unregister(this);
    M._seega_free(this.#h);
    this.#h = 0;
  }

  copy() {
    const h = this.#handle;
    const clone = withMemory(4, (out) => {
      this.#call(M._seega_clone(h, out));
      return view().getUint32(out, true);
    });
    return new Game(ADOPT, { handle: clone, rules: this.#rules });
  }

  get rules() {
    return this.#rules;
  }
  get boardSize() {
    return this.#size;
  }
  get squares() {
    return this.#names;
  }

  // ---- squares and actions ----

  squareName(index) {
    return this.#names[this.#square(index, "square")];
  }

  squareIndex(name) {
    return this.#square(name, "square");
  }

  #square(square, what) {
    this.#handle;
    const cells = this.#size * this.#size;
    if (typeof square === "number") {
      if (!Number.isInteger(square) || square < 0 || square >= cells)
        throw invalid(`${what} ${square} is off the ${this.#size}x${this.#size} board (0 to ${cells - 1})`);
      return square;
    }
    if (typeof square !== "string")
      throw new TypeError(`${what} must be a square name or index, not ${typeName(square)}`);
    const bytes = textArg(square, what);
    return withText(bytes, (p) =>
      withMemory(4, (out) => {
        this.#call(M._seega_square_from_text(this.#h, p, out));
        return view().getInt32(out, true);
      }));
  }

  #action(value) {
    const kind = KINDS[M._seega_action_kind(value)];
    const from = M._seega_action_from(value);
    const to = M._seega_action_to(value);
    const text = withMemory(8, (buf) => {
      this.#call(M._seega_action_to_text(this.#h, value, buf, 8));
      return readCString(buf);
    });
    return Object.freeze({
      text, kind, value: value >>> 0,
      from: from >= 0 ? this.#names[from] : null,
      to: to >= 0 ? this.#names[to] : null,
    });
  }

  #actionValue(action) {
    if (action !== null && typeof action === "object" && typeof action.text === "string")
      action = action.text;
    if (typeof action !== "string")
      throw new TypeError(`an action must be an action text or an Action, not ${typeName(action)}`);
    const bytes = textArg(action, "action");
    return withText(bytes, (p) =>
      withMemory(4, (out) => {
        this.#call(M._seega_action_from_text(this.#h, p, out));
        return view().getUint32(out, true);
      }));
  }

  parseAction(text) {
    this.#handle;
    if (typeof text !== "string")
      throw new TypeError(`an action text must be a string, not ${typeName(text)}`);
    return this.#action(this.#actionValue(text));
  }

  legalMoves() {
    const h = this.#handle;
    const values = withMemory(4 * MAX_ACTIONS, (buf) => {
      const n = this.#call(M._seega_legal_moves(h, buf, MAX_ACTIONS));
      return Array.from(new Uint32Array(M.HEAPU8.buffer, buf, n));
    });
    return values.map((v) => this.#action(v));
  }

  play(action) {
    const h = this.#handle;
    this.#call(M._seega_play(h, this.#actionValue(action)));
  }

  place(square) {
    const h = this.#handle;
    this.#call(M._seega_place(h, this.#square(square, "square")));
  }

  move(from, to) {
    const h = this.#handle;
    this.#call(M._seega_move(h, this.#square(from, "from"), this.#square(to, "to")));
  }

  undo() {
    const h = this.#handle;
    const n = M._seega_history_length(h);
    if (n <= 0) this.#call(M._seega_undo(h));
    const last = this.#historyAction(n - 1);
    this.#call(M._seega_undo(h));
    return last;
  }

  #historyAction(index) {
    return withMemory(4, (out) => {
      this.#call(M._seega_history_action(this.#h, index, out));
      return this.#action(view().getUint32(out, true));
    });
  }

  get history() {
    const h = this.#handle;
    const n = this.#call(M._seega_history_length(h));
    const list = [];
    for (let i = 0; i < n; i++) list.push(this.#historyAction(i));
    return list;
  }

  get lastCaptures() {
    const h = this.#handle;
    return withMemory(4 * 81, (buf) => {
      const n = this.#call(M._seega_last_captures(h, buf, 81));
      return Array.from(new Int32Array(M.HEAPU8.buffer, buf, n), (s) => this.#names[s]);
    });
  }

  // ---- position ----

  get spn() {
    const h = this.#handle;
    return withMemory(SPN_MAX, (buf) => {
      this.#call(M._seega_get_spn(h, buf, SPN_MAX));
      return readCString(buf);
    });
  }

  setSpn(spn) {
    const h = this.#handle;
    const bytes = textArg(spn, "SPN");
    this.#call(withText(bytes, (p) => M._seega_set_spn(h, p)));
  }

  get toMove() {
    return SIDES[this.#call(M._seega_to_move(this.#handle))];
  }

  get phase() {
    return PHASES[this.#call(M._seega_phase(this.#handle))];
  }

  #outcome() {
    const h = this.#handle;
    return withMemory(4, (out) => {
      const result = this.#call(M._seega_result(h, out));
      return [RESULTS[result], REASONS[view().getInt32(out, true)]];
    });
  }

  get result() {
    return this.#outcome()[0];
  }

  get reason() {
    return this.#outcome()[1];
  }

  get isOver() {
    return this.#outcome()[0] !== null;
  }

  #side(side) {
    const i = SIDES.indexOf(side);
    if (i < 0) throw invalid(`a side must be 'x' or 'o' (got ${String(side)})`);
    return i;
  }

  pieces(side) {
    const h = this.#handle;
    return this.#call(M._seega_pieces(h, this.#side(side)));
  }

  inHand(side) {
    const h = this.#handle;
    return this.#call(M._seega_in_hand(h, this.#side(side)));
  }

  at(square) {
    const h = this.#handle;
    const piece = this.#call(M._seega_piece_at(h, this.#square(square, "square")));
    return SIDES[piece] ?? null;
  }

  board() {
    const h = this.#handle;
    const cells = [];
    for (let i = 0; i < this.#size * this.#size; i++)
      cells.push(SIDES[this.#call(M._seega_piece_at(h, i))] ?? null);
    return cells;
  }

  get turnState() {
    return TURN_STATES[this.#call(M._seega_turn_state(this.#handle, 0))];
  }

  get chainSquare() {
    const h = this.#handle;
    return withMemory(4, (out) => {
      this.#call(M._seega_turn_state(h, out));
      const sq = view().getInt32(out, true);
      return sq >= 0 ? this.#names[sq] : null;
    });
  }

  get quietCount() {
    return this.#call(M._seega_quiet_count(this.#handle));
  }

  get repetitions() {
    return this.#call(M._seega_repetitions(this.#handle));
  }

  get hash() {
    const h = this.#handle;
    return withMemory(8, (out) => {
      this.#call(M._seega_hash(h, out));
      return view().getBigUint64(out, true);
    });
  }

  // ---- analysis ----

  perft(depth) {
    const h = this.#handle;
    const d = intArg(depth, "depth");
    if (d > PERFT_MAX_DEPTH)
      throw invalid(`perft depth ${d} is above the maximum, ${PERFT_MAX_DEPTH}`);
    return withMemory(8, (out) => {
      this.#call(M._seega_perft(h, d, out));
      return view().getBigUint64(out, true);
    });
  }

  playouts(count, options = {}) {
    const h = this.#handle;
    const { seed = 0, maxActions = 1000 } = options;
    const c = intArg(count, "count", 0, UINT32_MAX);
    const s = u64Arg(seed, "seed");
    const m = intArg(maxActions, "maxActions", 0, UINT32_MAX);
    return withMemory(48, (p) => {
      const v = view();
      v.setUint32(p, PLAYOUT_STATS_VERSION, true);
      this.#call(M._seega_playouts(h, s, c, m, p));
      const get = (off) => Number(view().getBigUint64(p + off, true));
      return {
        playouts: c, xWins: get(8), oWins: get(16), draws: get(24),
        unfinished: get(32), actions: get(40),
      };
    });
  }

  // ---- tables ----

  // Why the package's tables cannot answer this position, or null.
  #coverage() {
    const over = this.isOver;
    return coverageProblem(this.#rules, this.phase, over, this.pieces("x"), this.pieces("o"));
  }

  // The loaded tables of this position's rules, once the position is
  // known to be covered; `instead` names the call that loads them.
  #loadedTables(instead) {
    const problem = this.#coverage();
    if (problem) throw problem;
    const tb = tablesOf(this.#rules);
    if (!tb)
      throw notCovered("not-loaded", `the tables of ${this.#rules.toText()} are not loaded yet: ` +
        `await loadTables(rules) first, or use ${instead}()`);
    return tb;
  }

  probeSync() {
    const h = this.#handle;
    const tb = this.#loadedTables("probe");
    return withMemory(16, (p) => {
      view().setUint32(p, TB_ENTRY_VERSION, true);
      this.#call(M._seega_tb_probe(tb, h, p));
      const { value, distance, action } = tbEntry(p);
      return { value, distance, best: action ? this.#action(action) : null };
    });
  }

  probeActionsSync() {
    const h = this.#handle;
    const tb = this.#loadedTables("probeActions");
    const rows = withMemory(16 * MAX_ACTIONS, (p) => {
      for (let i = 0; i < MAX_ACTIONS; i++) view().setUint32(p + 16 * i, TB_ENTRY_VERSION, true);
      const n = this.#call(M._seega_tb_probe_actions(tb, h, p, MAX_ACTIONS));
      const out = [];
      for (let i = 0; i < n; i++) {
        const { value, distance, action } = tbEntry(p + 16 * i);
        out.push({ action: this.#action(action), value, distance });
      }
      return out;
    });
    // Best first: the fastest wins, the draws, the slowest losses.
    const rank = ({ value, distance }) =>
      value === "win" ? distance : value === "draw" ? 1e6 : 2e6 - (distance ?? 0);
    return rows.sort((a, b) => rank(a) - rank(b) ||
      (a.action.text < b.action.text ? -1 : a.action.text > b.action.text ? 1 : 0));
  }

  probeActions() {
    return this.#afterLoading((position) => position.probeActionsSync());
  }

  // probe() loads the tables it needs first (so the position is read when
  // called, not when they arrive); every failure rejects.
  probe() {
    return this.#afterLoading((position) => position.probeSync());
  }

  #afterLoading(answer) {
    try {
      this.#handle;
      const problem = this.#coverage();
      if (problem) throw problem;
      if (tablesOf(this.#rules)) return Promise.resolve(answer(this));
      const position = this.copy();
      return loadTables(this.#rules).then(
        () => {
          try {
            return answer(position);
          } finally {
            position.free();
          }
        },
        (e) => {
          position.free();
          throw e;
        });
    } catch (e) {
      return Promise.reject(e);
    }
  }

  // Attach the loaded tables of the game's rules for a search, or detach
  // them (`use` false, or none loaded).
  #attachTables(use) {
    const tb = use ? tablesOf(this.#rules) : 0;
    this.#call(M._seega_set_tablebase(this.#h, tb));
  }

  // ---- records ----

  record(tags = {}) {
    const h = this.#handle;
    if (tags === null || typeof tags !== "object")
      throw new TypeError(`record tags must be an object, not ${typeName(tags)}`);
    const named = { event: 8, site: 12, date: 16, round: 20, x: 24, o: 28, result: 32, termination: 36 };
    const pointers = [];
    try {
      const put = (value, what) => {
        const bytes = textArg(value, what, E.INVALID);
        const p = alloc(bytes.length + 1);
        pointers.push(p);
        heap().set(bytes, p);
        return p;
      };
      const fields = [];
      const extra = [];
      for (const [name, value] of Object.entries(tags)) {
        if (value === undefined || value === null) continue;
        const p = put(value, `tag '${name}'`);
        if (Object.hasOwn(named, name)) fields.push([named[name], p]);
        else extra.push(put(name, `tag name '${name}'`), p);
      }
      const t = alloc(44 + 4 * Math.max(extra.length, 1));
      pointers.push(t);
      const v = view();
      v.setUint32(t, RECORD_TAGS_VERSION, true);
      v.setInt32(t + 4, extra.length / 2, true);
      for (const [off, p] of fields) v.setUint32(t + off, p, true);
      extra.forEach((p, i) => v.setUint32(t + 44 + 4 * i, p, true));
      v.setUint32(t + 40, t + 44, true);
      const n = this.#call(M._seega_record_write(h, t, 0, 0));
      return withMemory(n + 1, (buf) => {
        this.#call(M._seega_record_write(h, t, buf, n + 1));
        return readCString(buf);
      });
    } finally {
      for (const p of pointers) M._free(p);
    }
  }

  // ---- search ----

  searchSync(options = {}) {
    const h = this.#handle;
    const limits = limitsFrom(options);
    this.#attachTables(limits.tables);
    const onProgress = options.onProgress;
    if (onProgress !== undefined && typeof onProgress !== "function")
      throw new TypeError("onProgress must be a function");
    let failure = null;
    let fn = 0;
    if (onProgress) {
      fn = M.addFunction((user, info) => {
        try {
          if (failure === null && onProgress(this.#readResult(info)))
            M._seega_search_stop(h);
        } catch (e) {
          failure ??= e;
          M._seega_search_stop(h);
        }
      }, "vii");
    }
    try {
      return withMemory(56 + 44 + 4 * PV_MAX, (p) => {
        writeLimits(limits, p, fn);
        const r = p + 56;
        view().setUint32(r, SEARCH_RESULT_VERSION, true);
        this.#call(M._seega_search(h, p, r));
        if (failure !== null) throw failure;
        return this.#readResult(r);
      });
    } finally {
      if (fn) M.removeFunction(fn);
    }
  }

  #readResult(r) {
    const v = view();
    const best = v.getUint32(r + 4, true);
    const pvLen = Math.max(0, Math.min(v.getInt32(r + 40, true), PV_MAX));
    const pv = [];
    for (let i = 0; i < pvLen; i++) pv.push(this.#action(view().getUint32(r + 44 + 4 * i, true)));
    const w = view();
    return {
      best: best ? this.#action(best) : null,
      score: w.getInt32(r + 8, true),
      depth: w.getInt32(r + 12, true),
      nodes: Number(w.getBigUint64(r + 16, true)),
      pv,
      proven: PROVEN[w.getInt32(r + 32, true)] ?? null,
      provenPlies: w.getInt32(r + 36, true),
      timeMs: Number(w.getBigUint64(r + 24, true)),
    };
  }

  // For the worker: seega_hint on this thread.
  hintSync(timeMs = 1000, options = {}) {
    const h = this.#handle;
    const t = intArg(timeMs, "timeMs");
    this.#attachTables(tablesOption(options));
    return withMemory(4, (out) => {
      this.#call(M._seega_hint(h, t, out));
      return this.#action(view().getUint32(out, true));
    });
  }

  // search() and hint() report every failure, bad arguments included,
  // as a rejected promise.
  search(options = {}) {
    try {
      this.#handle;
      const limits = limitsFrom(options);
      if (options.onProgress !== undefined && typeof options.onProgress !== "function")
        throw new TypeError("onProgress must be a function");
      return this.#submit({ kind: "search", limits }, options);
    } catch (e) {
      return Promise.reject(e);
    }
  }

  hint(timeMs = 1000, options = {}) {
    try {
      this.#handle;
      const t = intArg(timeMs, "timeMs", 0, INT32_MAX);
      return this.#submit({ kind: "hint", timeMs: t, tables: tablesOption(options) }, {});
    } catch (e) {
      return Promise.reject(e);
    }
  }

  stop() {
    for (const job of [...this.#jobs]) job.stop();
  }

  #submit(request, options) {
    if (this.isOver)
      return Promise.reject(new GameOverError(E.GAME_OVER, "the game is over: there is nothing to search"));
    request.record = this.record();
    return new Promise((resolve, reject) => {
      const job = runJob(request, {
        progress: (raw) => {
          const result = this.#fromWorker(raw);
          if (options.onProgress) {
            try {
              if (options.onProgress(result)) job.stop();
            } catch (e) {
              job.fail(e);
            }
          }
        },
        done: (raw) =>
          resolve(request.kind === "hint" ? this.#fromWorkerAction(raw) : this.#fromWorker(raw)),
        fail: reject,
        settle: () => this.#jobs.delete(job),
      });
      this.#jobs.add(job);
      if (options.signal) {
        if (options.signal.aborted) job.stop();
        else options.signal.addEventListener("abort", () => job.stop(), { once: true });
      }
    });
  }

  // Results from the worker carry action texts; make them Actions of this
  // game's board (the game may have been freed meanwhile: then plain
  // values are built from the texts).
  #fromWorkerAction(text) {
    if (text === null) return null;
    if (this.#h) return this.parseAction(text);
    return Object.freeze({ text });
  }

  #fromWorker(raw) {
    return { ...raw, best: this.#fromWorkerAction(raw.best), pv: raw.pv.map((t) => this.#fromWorkerAction(t)) };
  }

  // ---- text ----

  toString() {
    if (!this.#h) return "<seega.Game (freed)>";
    const n = this.#size;
    const cells = this.board();
    const rows = [];
    for (let rank = n; rank >= 1; rank--) {
      const row = cells.slice((rank - 1) * n, rank * n).map((c) => c ?? ".");
      rows.push(`${rank}  ${row.join(" ")}`);
    }
    rows.push("   " + this.#names.slice(0, n).map((s) => s[0]).join(" "));
    const [result, reason] = this.#outcome();
    const side = this.toMove;
    const chain = this.chainSquare;
    let status;
    if (result !== null) status = `${result === "draw" ? "draw" : `${result} wins`} (${reason})`;
    else if (this.phase === "place") status = `${side} to place; in hand: x ${this.inHand("x")}, o ${this.inHand("o")}`;
    else if (chain !== null) status = `${side} to move (chain on ${chain})`;
    else status = `${side} to move`;
    return `${rows.join("\n")}\n${status}`;
  }
}

function squareNames(handle, size) {
  const names = [];
  withMemory(8, (buf) => {
    for (let i = 0; i < size * size; i++) {
      M._seega_square_to_text(handle, i, buf, 8);
      names.push(readCString(buf));
    }
  });
  return Object.freeze(names);
}

// The board size of an SPN: its number of ranks.
function spnBoardSize(spn) {
  const ranks = spn.split(" ")[0].split("/").length;
  if (!SIZES.includes(ranks))
    throw new ParseError(E.PARSE, `SPN '${spn.slice(0, 40)}' has ${ranks} rank(s); a board has 5, 7 or 9`);
  return ranks;
}

// ---- search limits ----

const LIMITS = [
  ["depth", 4], ["timeMs", 16], ["remainingMs", 20], ["incrementMs", 24],
  ["level", 28], ["threads", 40], ["ttMb", 44],
];

// The option `tables` (default true): use the package's tables.
function tablesOption(options) {
  if (options === null || typeof options !== "object")
    throw new TypeError(`options must be an object, not ${typeName(options)}`);
  const { tables = true } = options;
  if (typeof tables !== "boolean")
    throw new TypeError(`the option tables must be a boolean, not ${typeName(tables)}`);
  return tables;
}

function limitsFrom(options) {
  if (options === null || typeof options !== "object")
    throw new TypeError(`search options must be an object, not ${typeName(options)}`);
  const limits = { tables: tablesOption(options) };
  for (const [name] of LIMITS)
    if (options[name] !== undefined && options[name] !== null)
      limits[name] = intArg(options[name], name, 0, INT32_MAX);
  if (options.nodes !== undefined && options.nodes !== null)
    limits.nodes = u64Arg(options.nodes, "nodes");
  if (options.seed !== undefined && options.seed !== null)
    limits.seed = u64Arg(options.seed, "seed");
  return limits;
}

function writeLimits(limits, p, progress) {
  const v = view();
  v.setUint32(p, SEARCH_LIMITS_VERSION, true);
  for (const [name, off] of LIMITS) v.setInt32(p + off, limits[name] ?? 0, true);
  v.setBigUint64(p + 8, BigInt(limits.nodes ?? 0n), true);
  v.setBigUint64(p + 32, BigInt(limits.seed ?? 0n), true);
  v.setUint32(p + 48, progress, true);
  v.setUint32(p + 52, 0, true);
}

// ---- the workers ----------------------------------------------------------
// A search takes an idle worker or starts one; several searches run at
// once on several workers. A worker stopped in the middle of a search is
// terminated (a running WebAssembly search cannot be interrupted from
// outside its thread) and its search resolves with its last progress.

const isNode = typeof process === "object" && typeof process.versions?.node === "string" &&
  typeof window === "undefined";
const idle = [];
const IDLE_MAX = 2;
let nextId = 1;

async function spawnWorker() {
  const url = new URL("./worker.mjs", import.meta.url);
  if (isNode) {
    const { Worker } = await import("node:worker_threads");
    const w = new Worker(url);
    return {
      post: (m) => w.postMessage(m),
      listen: (fn) => w.on("message", fn),
      onError: (fn) => w.on("error", fn),
      ref: () => w.ref(),
      unref: () => w.unref(),
      terminate: () => w.terminate(),
    };
  }
  const w = new Worker(url, { type: "module" });
  return {
    post: (m) => w.postMessage(m),
    listen: (fn) => w.addEventListener("message", (e) => fn(e.data)),
    onError: (fn) => w.addEventListener("error", (e) => { e.preventDefault?.(); fn(new Error(e.message || "the search worker failed")); }),
    ref() {},
    unref() {},
    terminate: () => w.terminate(),
  };
}

async function takeWorker() {
  if (idle.length) return idle.pop();
  const w = await spawnWorker();
  w.handlers = new Map();
  w.listen((m) => w.handlers.get(m.id)?.(m));
  w.onError((e) => {
    for (const h of w.handlers.values()) h({ type: "crash", message: String(e?.message ?? e) });
  });
  return w;
}

function releaseWorker(w) {
  w.unref();
  if (idle.length < IDLE_MAX) idle.push(w);
  else w.terminate();
}

function runJob(request, on) {
  const id = nextId++;
  let worker = null;
  let last = null;
  let settled = false;
  let stopped = false;
  const settle = (fn) => {
    if (settled) return;
    settled = true;
    on.settle();
    fn();
  };
  const job = {
    stop() {
      if (settled) return;
      stopped = true;
      if (!worker) return;
      worker.handlers.delete(id);
      worker.terminate();
      worker = null;
      settle(() => (last ? on.done(request.kind === "hint" ? last.best : last)
                        : on.fail(new SearchStoppedError())));
    },
    fail(e) {
      if (settled) return;
      if (worker) {
        worker.handlers.delete(id);
        worker.terminate();
        worker = null;
      }
      settle(() => on.fail(e));
    },
  };
  takeWorker().then((w) => {
    if (stopped || settled) {
      releaseWorker(w);
      if (!settled) settle(() => on.fail(new SearchStoppedError()));
      return;
    }
    worker = w;
    w.ref();
    w.handlers.set(id, (m) => {
      if (m.type === "progress") {
        last = m.result;
        if (request.kind !== "hint") on.progress(m.result);
        return;
      }
      w.handlers.delete(id);
      worker = null;
      if (m.type === "crash") {
        w.terminate();
        settle(() => on.fail(new Error(`seega: the search worker failed: ${m.message}`)));
        return;
      }
      releaseWorker(w);
      if (m.type === "done") settle(() => on.done(m.result));
      else settle(() => on.fail(m.status === null ? new Error(m.message) : errorFor(m.status, m.message)));
    });
    w.post({ id, ...request });
  }, (e) => settle(() => on.fail(e)));
  return job;
}

/** The size of the module's memory in bytes. It grows when the library
 *  needs more and never shrinks; games freed (or collected) make their
 *  memory reusable. */
export function memoryBytes() {
  return M.HEAPU8.length;
}

/** Stop the idle search workers (a Node process then exits at once). */
export function shutdown() {
  while (idle.length) idle.pop().terminate();
}
