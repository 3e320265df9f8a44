// app.mjs: the Seega web page (examples/web/index.html).
//
// A small, framework-free program over the JavaScript binding of libseega
// (seega/seega.mjs, types in seega/seega.d.ts). The library knows every
// rule: this file only draws the position, turns clicks into actions and
// asks the engine for the AI's moves. Its parts, in order:
//
//   1. state        the game and what the page shows about it
//   2. the board    building the squares, drawing the position
//   3. input        clicks on squares and buttons -> actions
//   4. the AI       await game.search(...) in the binding's worker; in a
//                   position the endgame tables cover, their best action
//   5. analysis     the engine's score, and the tables' verdict on every
//                   legal action of a covered position
//   6. controls     new game, undo, hint, save and load
//
// The AI searches in a Web Worker (the binding starts it), so the page stays
// responsive while it thinks: nothing here ever blocks the main thread for
// longer than one action takes to play. The endgame tables of a rule set
// are fetched the first time a position of its moving phase needs them.
//
// For tests, <body data-thinking="1"> marks the AI thinking,
// window.seegaApp.game is the Game being played, and the analysis panel
// carries data attributes (see analyse()).

import { Game, NotCoveredError, version } from "./seega/seega.mjs";

// ---- 1. State -----------------------------------------------------------------

const $ = (id) => document.getElementById(id);
const ui = {
  board: $("board"),
  status: $("status"),
  turn: $("turn"),
  result: $("result"),
  lastAction: $("last-action"),
  message: $("message"),
  pass: $("pass"),
  hint: $("hint"),
  undo: $("undo"),
  newGame: $("new-game"),
  preset: $("preset"),
  size: $("size"),
  humanSide: $("human-side"),
  level: $("level"),
  aiTime: $("ai-time"),
  record: $("record"),
  save: $("save"),
  load: $("load"),
  loadFile: $("load-file"),
  download: $("download"),
  version: $("version"),
  engineLine: $("engine-line"),
  tablesLine: $("tables-line"),
  tablesMoves: $("tables-moves"),
};

const SIDE = { x: "X", o: "O" };
const REASON = {
  material: "material",
  blocked: "blocked",
  quiet: "quiet turns",
  both_blocked: "both sides blocked",
};
// How long captured pieces stay marked on the board, in milliseconds
// (keep in step with the animation in style.css).
const FLASH_MS = 900;
const flashTimers = new Map(); // square element -> timer that clears its mark

const state = {
  game: null, //       the Game being played
  squares: [], //      the square elements, by square index
  legal: [], //        the legal actions while a human is to act, else []
  selected: null, //   the square of the piece picked to move, or null
  hint: null, //       the action Hint suggested, or null
  thinking: false, //  whether the AI's turn is under way
  aiRun: 0, //         bumped to cancel the AI's turn in progress
  aiAbort: null, //    aborts the AI's running search
  hintRun: 0, //       bumped to drop a hint being computed
  hintBusy: false,
  analysisRun: 0, //   bumped to drop an analysis of an older position
  downloadUrl: null, // the Blob URL of the last saved record
};

// Read-only access for tests and the browser console.
Object.defineProperty(window, "seegaApp", {
  value: Object.freeze({
    get game() {
      return state.game;
    },
  }),
});

/** Whether the AI plays `side` (the "You play" setting). */
function isAi(side) {
  const human = ui.humanSide.value;
  return human !== "both" && side !== human;
}

/** Whether the page waits for a human's action. */
function humanToAct() {
  const g = state.game;
  return g !== null && !g.isOver && !isAi(g.toMove) && !state.thinking;
}

// ---- 2. The board ---------------------------------------------------------------

/** Make one button per square for the game's board size. The squares are
 *  laid out rank N at the top, file a on the left, as in docs/notation.md. */
function buildBoard() {
  const g = state.game;
  const n = g.boardSize;
  const centre = g.squareName((n * n - 1) / 2);
  ui.board.replaceChildren();
  flashTimers.clear();
  ui.board.style.setProperty("--size", n);
  state.squares = new Array(n * n);
  for (let rank = n; rank >= 1; rank--) {
    for (let file = 0; file < n; file++) {
      const index = (rank - 1) * n + file;
      const name = g.squareName(index);
      const el = document.createElement("button");
      el.type = "button";
      el.className = "square";
      el.dataset.square = name;
      el.dataset.piece = "";
      if (name === centre) el.dataset.centre = "1";
      // Coordinates along the left and bottom edges.
      if (file === 0) el.append(coordinate("rank", String(rank)));
      if (rank === 1) el.append(coordinate("file", name[0]));
      state.squares[index] = el;
      ui.board.append(el);
    }
  }
}

/** A small label of a rank or file on the board's edge. */
function coordinate(kind, text) {
  const span = document.createElement("span");
  span.className = `coord ${kind}`;
  span.setAttribute("aria-hidden", "true");
  span.textContent = text;
  return span;
}

/** Set or remove the attribute data-NAME of an element. */
function mark(el, name, value) {
  if (value === null || value === false || value === undefined) delete el.dataset[name];
  else el.dataset[name] = value === true ? "1" : String(value);
}

/** Draw everything from the game: board, highlights, status, buttons. */
function render() {
  const g = state.game;
  if (g === null) return;

  // What the human may do now. In a chain only the chain piece moves, so it
  // is selected for the player.
  state.legal = humanToAct() ? g.legalMoves() : [];
  const movable = new Set(state.legal.filter((a) => a.kind === "step").map((a) => a.from));
  if (g.turnState === "chain" && state.legal.length > 0) state.selected = g.chainSquare;
  if (!movable.has(state.selected)) state.selected = null;

  // The squares a click acts on: placements, removals and the steps of the
  // selected piece.
  const targets = new Map();
  for (const a of state.legal) {
    if (a.kind === "place" || a.kind === "remove") targets.set(a.to, a.kind);
    else if (a.kind === "step" && a.from === state.selected) targets.set(a.to, "step");
  }
  const last = g.history.at(-1) ?? null;
  const hint = state.hint;

  const board = g.board();
  g.squares.forEach((name, i) => {
    const el = state.squares[i];
    const piece = board[i] ?? "";
    el.dataset.piece = piece;
    mark(el, "movable", movable.has(name));
    mark(el, "selected", name === state.selected);
    mark(el, "target", targets.get(name) ?? null);
    mark(el, "chain", name === g.chainSquare);
    mark(el, "last", last && (name === last.to || name === last.from));
    mark(el, "hint", hint && (name === hint.to || name === hint.from));
    el.setAttribute("aria-label", `${name}: ${piece ? SIDE[piece] : "empty"}`);
  });

  // The side to move and the state of its turn.
  ui.turn.textContent = g.toMove;
  ui.turn.dataset.side = g.toMove;
  ui.status.textContent = statusText(g);
  ui.result.textContent = g.isOver ? resultText(g) : "";

  // The buttons.
  const canPass = state.legal.some((a) => a.kind === "pass");
  ui.pass.hidden = !canPass;
  mark(ui.pass, "hint", hint?.kind === "pass");
  ui.hint.disabled = !humanToAct() || state.hintBusy;
  ui.undo.disabled = g.history.length === 0;
  document.body.dataset.thinking = state.thinking ? "1" : "0";
}

/** The status line: the side to move, the phase and the turn state, e.g.
 *  "O (AI) to move, moving phase, turn state: chain (capture again with
 *  c3, or pass)". */
function statusText(g) {
  if (g.isOver) return `Game over: ${resultText(g)}. ${SIDE[g.toMove]} to move, turn state: ${g.turnState}`;
  const who = ui.humanSide.value === "both" ? "" : isAi(g.toMove) ? " (AI)" : " (you)";
  const phase = g.phase === "place" ? "placing" : "moving";
  const notes = {
    placed_one: "one more piece to place",
    chain: `capture again with ${g.chainSquare}, or pass`,
    extra: "an extra turn: open a way for the blocked side",
    removed: "a piece was removed: now move",
  };
  const note = notes[g.turnState] ? ` (${notes[g.turnState]})` : "";
  return `${SIDE[g.toMove]}${who} to move, ${phase} phase, turn state: ${g.turnState}${note}`;
}

/** The result line, e.g. "X wins (material)" or "Draw (quiet turns)". */
function resultText(g) {
  const who = g.result === "draw" ? "Draw" : `${SIDE[g.result]} wins`;
  return `${who} (${REASON[g.reason] ?? g.reason})`;
}

/** Describe an action just played, and mark the pieces it captured. The
 *  captured squares are empty now: they show a fading ghost of the piece. */
function showAction(action, mover) {
  const g = state.game;
  const captured = g.lastCaptures;
  const enemy = mover === "x" ? "o" : "x";
  let text;
  switch (action.kind) {
    case "place": text = `${SIDE[mover]} placed on ${action.to}`; break;
    case "step": text = `${SIDE[mover]} moved ${action.from}-${action.to}`; break;
    case "remove": text = `${SIDE[mover]} was blocked and removed ${SIDE[enemy]}'s piece on ${action.to}`; break;
    default: text = `${SIDE[mover]} passed`;
  }
  const taken = captured.filter((sq) => sq !== action.to);
  if (taken.length > 0) text += `, capturing ${taken.join(", ")}`;
  ui.lastAction.textContent = `${text}.`;

  for (const sq of captured) {
    const el = state.squares[g.squareIndex(sq)];
    clearTimeout(flashTimers.get(el));
    // Remove and set the mark again, so that the animation restarts when
    // the square was still flashing from an earlier capture.
    delete el.dataset.captured;
    void el.offsetWidth;
    el.dataset.captured = enemy;
    flashTimers.set(el, setTimeout(() => delete el.dataset.captured, FLASH_MS));
  }
}

/** Show a message to the player (errors included: never only the console). */
function say(text) {
  ui.message.textContent = text;
}

// ---- 3. Input -----------------------------------------------------------------

/** A click (or tap) on the board: select a piece, or play the action that
 *  ends on the clicked square. */
function onBoardClick(event) {
  const el = event.target.closest("[data-square]");
  if (!el || !humanToAct()) return;
  const square = el.dataset.square;
  const action = state.legal.find(
    (a) => a.to === square &&
      (a.kind === "place" || a.kind === "remove" || (a.kind === "step" && a.from === state.selected)));
  if (action) {
    playHuman(action);
  } else if (state.game.turnState !== "chain") {
    // Pick up a piece that can move (a second click puts it down again).
    const movable = state.legal.some((a) => a.kind === "step" && a.from === square);
    state.selected = movable && square !== state.selected ? square : null;
    render();
  }
}

/** Play a human's action, then let the AI answer if it is its turn. */
function playHuman(action) {
  const g = state.game;
  const mover = g.toMove;
  try {
    g.play(action);
  } catch (e) {
    say(`That is not legal: ${e.message}`);
    return;
  }
  say("");
  showAction(action, mover);
  positionChanged();
}

/** After any change of the position: forget the selection and the hint,
 *  redraw, and start the AI when it is its turn. */
function positionChanged() {
  state.selected = null;
  state.hint = null;
  state.hintRun++;
  state.hintBusy = false;
  render();
  if (!state.thinking && !state.game.isOver && isAi(state.game.toMove)) playAi();
  else analyse();
}

// ---- 4. The AI -------------------------------------------------------------------

/** The tables' best action when they cover the position (whatever the
 *  AI's level: it plays every covered position perfectly), else null. */
async function tablesAction(g) {
  try {
    return (await g.probe()).best;
  } catch (e) {
    if (e instanceof NotCoveredError) return null;
    throw e;
  }
}

/** Play the AI's whole turn, one action at a time (two placements, or a
 *  move and the captures of a chain), each the tables' best action where
 *  they cover the position, else found by a search in the binding's
 *  worker (which uses the tables too). Cancelled by cancelAi(). */
async function playAi() {
  const run = ++state.aiRun;
  state.thinking = true;
  render();
  analyse();
  const g = state.game;
  try {
    while (!g.isOver && isAi(g.toMove)) {
      let action = await tablesAction(g);
      if (run !== state.aiRun) return;
      if (action === null) {
        const abort = new AbortController();
        state.aiAbort = abort;
        const result = await g.search({
          timeMs: Number(ui.aiTime.value),
          level: Number(ui.level.value),
          // A new seed each move, so that the weaker levels vary their play.
          seed: Math.floor(Math.random() * 2 ** 31),
          signal: abort.signal,
        });
        // Undo, New game or Load cancelled this turn while the engine thought
        // (the search then resolves with its best so far, or rejects with
        // SearchStoppedError): drop the result.
        if (run !== state.aiRun) return;
        action = result.best;
      }
      const mover = g.toMove;
      g.play(action);
      showAction(action, mover);
      render();
    }
  } catch (e) {
    // A cancelled turn is no failure. A failure is shown, not retried: New
    // game, Undo or Load start afresh.
    if (run === state.aiRun) say(`The AI failed: ${e.message}`);
  } finally {
    if (run === state.aiRun) {
      state.thinking = false;
      state.aiAbort = null;
      render();
      analyse();
    }
  }
}

/** Stop the AI's turn in progress, if any (its result is dropped). */
function cancelAi() {
  state.aiRun++;
  state.aiAbort?.abort();
  state.aiAbort = null;
  state.thinking = false;
}

// ---- 5. Analysis --------------------------------------------------------------------

const VERDICT = { win: "Win", draw: "Draw", loss: "Loss" };
// How long a position stays before the engine analyses it, in milliseconds.
const ENGINE_DELAY_MS = 300;
function describe(value, plies) {
  return plies === null ? VERDICT[value] : `${VERDICT[value]} in ${plies}`;
}

/** The score of a search for the side to move, in words. */
function engineText(g, r) {
  const side = SIDE[g.toMove];
  const other = SIDE[g.toMove === "x" ? "o" : "x"];
  if (r.proven === "win") return `${side} wins in ${r.provenPlies} plies`;
  if (r.proven === "loss") return `${other} wins in ${r.provenPlies} plies`;
  if (r.proven === "draw") return "a draw";
  const pieces = (r.score / 100).toFixed(2);
  return `${r.score >= 0 ? "+" : ""}${pieces} for ${side}`;
}

/** Fill the analysis panel for the position now on the board:
 *   - the tables: #tables-line data-state "covered" (with data-value and
 *     data-plies of the position), "not-covered" (data-reason), "loading",
 *     "over" or "error"; one <li data-action data-value data-plies> per
 *     legal action in #tables-moves;
 *   - the engine: a short search (when no AI is thinking), #engine-line
 *     with data-score and data-proven.
 *  A newer position drops an analysis still under way. */
async function analyse() {
  const run = ++state.analysisRun;
  const g = state.game;
  const current = () => run === state.analysisRun && g === state.game;
  const tablesLine = (stateName, text, data = {}) => {
    ui.tablesLine.textContent = text;
    for (const key of ["value", "plies", "reason"]) mark(ui.tablesLine, key, data[key] ?? null);
    ui.tablesLine.dataset.state = stateName;
  };
  ui.tablesMoves.replaceChildren();
  for (const key of ["score", "proven"]) mark(ui.engineLine, key, null);
  if (g.isOver) {
    tablesLine("over", "Tables: the game is over.");
    ui.engineLine.textContent = "Engine: the game is over.";
    ui.engineLine.dataset.state = "over";
    return;
  }
  ui.engineLine.textContent = state.thinking ? "Engine: the AI is thinking…" : "Engine: thinking…";
  ui.engineLine.dataset.state = "waiting";

  // The tables, from a copy: the game may move on meanwhile.
  const position = g.copy();
  try {
    tablesLine("loading", "Tables: loading…");
    const p = await position.probe();
    if (!current()) return;
    // Each action's value, from the library, best first.
    const rows = position.probeActionsSync()
      .map(({ action, value, distance }) => ({ action, value, plies: distance }));
    const dtz = g.rules.quietLimit > 0 ? " (plies to the next capture or the end)" : "";
    tablesLine("covered", `Tables: ${SIDE[g.toMove]} to move: ${describe(p.value, p.distance)}${dtz}`,
      { value: p.value, plies: p.distance ?? "" });
    ui.tablesMoves.replaceChildren(...rows.map(({ action, value, plies }) => {
      const li = document.createElement("li");
      li.dataset.action = action.text;
      li.dataset.value = value;
      li.dataset.plies = plies ?? "";
      const name = document.createElement("span");
      name.className = "action";
      name.textContent = action.text;
      const verdict = document.createElement("span");
      verdict.className = "verdict";
      verdict.textContent = describe(value, plies);
      li.append(name, verdict);
      return li;
    }));
  } catch (e) {
    if (!current()) return;
    if (e instanceof NotCoveredError) {
      const why = {
        placing: "the placing phase",
        pieces: "more pieces than the tables hold",
        rules: "only the presets on 5 × 5 have tables",
        "no-tables": "this page was built without tables",
      }[e.reason] ?? e.message;
      tablesLine("not-covered", `Tables: not covered (${why}).`, { reason: e.reason });
    } else {
      tablesLine("error", `Tables: ${e.message}`);
    }
  } finally {
    position.free();
  }

  // The engine's score: a short search, unless the AI is searching now,
  // once the position has stayed a moment (quick play skips it).
  await new Promise((resolve) => setTimeout(resolve, ENGINE_DELAY_MS));
  if (state.thinking || !current()) return;
  try {
    const r = await g.search({ timeMs: 200, level: 0 });
    if (!current()) return;
    ui.engineLine.textContent = `Engine: ${engineText(g, r)} (depth ${r.depth}, best ${r.best.text})`;
    ui.engineLine.dataset.state = "done";
    mark(ui.engineLine, "score", r.score);
    mark(ui.engineLine, "proven", r.proven);
  } catch (e) {
    if (current()) ui.engineLine.textContent = `Engine: ${e.message}`;
  }
}

// ---- 6. Controls -------------------------------------------------------------------

/** Start playing a game (a new one or a loaded one). */
function startGame(game) {
  cancelAi();
  const old = state.game;
  state.game = game;
  buildBoard();
  ui.lastAction.textContent = "";
  say("");
  positionChanged();
  // The old game's search, if one was running, resolves (and is dropped)
  // even after free(): the binding allows it.
  old?.free();
}

function newGame() {
  // The record of the last game goes, with its download link.
  ui.record.value = "";
  ui.download.hidden = true;
  if (state.downloadUrl) URL.revokeObjectURL(state.downloadUrl);
  state.downloadUrl = null;
  startGame(new Game(ui.preset.value, Number(ui.size.value)));
}

/** Take back the human's last turn and the AI's reply to it: actions are
 *  undone until a human's action is undone and that human's turn starts
 *  there. With both sides human, one turn is taken back. */
function undo() {
  cancelAi();
  const g = state.game;
  while (g.history.length > 0) {
    g.undo();
    // After undo() the side to move is the side that made the action.
    const turnStart = g.turnState === "normal" || g.turnState === "extra";
    if (!isAi(g.toMove) && turnStart) break;
  }
  ui.lastAction.textContent = "";
  say("");
  positionChanged();
}

/** Ask the engine for a suggestion and highlight it. */
async function hint() {
  const g = state.game;
  const run = ++state.hintRun;
  state.hintBusy = true;
  say("Looking for a good action…");
  render();
  try {
    const action = await g.hint(Math.min(Number(ui.aiTime.value), 2000));
    if (run !== state.hintRun) return; // the position changed meanwhile
    state.hint = action;
    say(`Hint: ${action.text}`);
  } catch (e) {
    if (run === state.hintRun) say(`No hint: ${e.message}`);
  } finally {
    if (run === state.hintRun) {
      state.hintBusy = false;
      render();
    }
  }
}

/** Put the record in the text area and download it as a file. */
function save() {
  const g = state.game;
  const ai = `seega AI, level ${ui.level.value}`;
  const human = ui.humanSide.value;
  const d = new Date();
  const text = g.record({
    site: "libseega web page",
    date: `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, "0")}.${String(d.getDate()).padStart(2, "0")}`,
    x: human === "both" || human === "x" ? "Human" : ai,
    o: human === "both" || human === "o" ? "Human" : ai,
  });
  ui.record.value = text;
  if (state.downloadUrl) URL.revokeObjectURL(state.downloadUrl);
  state.downloadUrl = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  ui.download.href = state.downloadUrl;
  ui.download.download = `seega-${g.rules.toText().replace(/[^a-z0-9]+/gi, "-")}.txt`;
  ui.download.hidden = false;
  ui.download.click();
  say("Saved: the record is below, and downloaded.");
}

/** Load the game of a record (from the text area or a file). */
function load(text) {
  let game;
  try {
    game = Game.fromRecord(text);
  } catch (e) {
    say(`Cannot load this record: ${e.message}`);
    return;
  }
  // Show the loaded rules in the selectors when they are a preset's.
  const [name, size] = game.rules.toText().split(" ");
  if ([...ui.preset.options].some((o) => o.value === name)) ui.preset.value = name;
  ui.size.value = String(size ?? game.boardSize);
  startGame(game);
  say(`Loaded a game of ${game.rules.toText()}, ${game.history.length} actions.`);
}

// ---- Wiring ----------------------------------------------------------------------

ui.board.addEventListener("click", onBoardClick);
ui.pass.addEventListener("click", () => {
  const pass = state.legal.find((a) => a.kind === "pass");
  if (pass) playHuman(pass);
});
ui.hint.addEventListener("click", hint);
ui.undo.addEventListener("click", undo);
ui.newGame.addEventListener("click", newGame);
ui.save.addEventListener("click", save);
ui.load.addEventListener("click", () => load(ui.record.value));
ui.loadFile.addEventListener("change", async () => {
  const file = ui.loadFile.files[0];
  if (!file) return;
  ui.record.value = await file.text();
  ui.loadFile.value = ""; // so that the same file can be picked again
  load(ui.record.value);
});
// Changing sides takes effect at once: the AI may have to move now, or
// stop thinking for a side that is now the human's.
ui.humanSide.addEventListener("change", () => {
  if (state.thinking && !isAi(state.game.toMove)) cancelAi();
  positionChanged();
});

ui.version.textContent = `libseega ${version}.`;
for (const button of [ui.newGame, ui.save, ui.load]) button.disabled = false;
newGame();
