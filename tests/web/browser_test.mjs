// tests/web/browser_test.mjs: the web page of examples/web in a real browser.
//
//   node tests/web/browser_test.mjs <web-dir> <out-dir>
//
// <web-dir> is the assembled page (build-wasm/web of the WebAssembly build:
// index.html, app.mjs, style.css and the binding in seega/). The test
// serves it on 127.0.0.1 with a small static server, drives Debian's
// Chromium (/usr/bin/chromium, or $CHROMIUM) headless through
// playwright-core (npm install in tests/web), and plays by clicking:
//
//   - whole games of a human against the AI, on modern 5x5 and diagonal
//     7x7: the human side clicks uniformly random legal actions (select
//     the piece, then its target), and after each of them the board in the
//     DOM must be game.board(), #turn the side to move and #status its
//     turn state; at the end #result must show the game's result;
//   - the page stays responsive while the AI thinks (500 ms a move, for a
//     few turns): clicks sent during the search must reach their handler
//     within 100 ms, measured in the page from the moment the browser sent
//     the click (event.timeStamp) to the handler; a self-check first shows
//     that this probe does see a blocked main thread;
//   - undo (after the AI's reply, while it thinks, and after a chain),
//     hint, save (the download and the text area agree), load (text area
//     and file, and a bad record), a chain (CLASSIC) and a removal
//     (TRADITIONAL) from loaded positions, a new 9x9 game;
//   - the endgame tables: no table is fetched before a position needs one
//     (a new game, its placing phase), then only the rule set's; in covered
//     positions (CLASSIC and MODERN 5x5) the analysis panel lists every
//     legal action with win/draw/loss and plies, matching the binding's
//     probe of the position after it, the engine's line shows the tables'
//     score, and every AI action is one of the tables' best;
//   - no console error, no page error, no request that is not the server's
//     (and no 404);
//   - screenshots: <out-dir>/web-screenshot.png, and a phone-size one,
//     <out-dir>/web-phone.png at 375x740 (taps), with no horizontal
//     scrolling.
//
// SEEGA_WEB_SEED=n replays the human's random choices. Exit status 0 on
// success, 1 with a message on failure.

import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { chromium } from "playwright-core";

const [webDirArg, outDirArg] = process.argv.slice(2);
if (!webDirArg || !outDirArg) {
  console.error("usage: node tests/web/browser_test.mjs <web-dir> <out-dir>");
  process.exit(2);
}
const webDir = path.resolve(webDirArg);
const outDir = path.resolve(outDirArg);
for (const f of ["index.html", "app.mjs", "style.css", "seega/seega.mjs", "seega/worker.mjs"]) {
  if (!fs.existsSync(path.join(webDir, f))) {
    console.error(`FAIL: ${path.join(webDir, f)} is missing (build with emcmake cmake; see docs/javascript.md)`);
    process.exit(1);
  }
}
fs.mkdirSync(outDir, { recursive: true });

const started = Date.now();
const DEADLINE_MS = 170_000;
const CLICK_LIMIT_MS = 100;
const SLOW_TURNS = 5; // turns of each game with the AI thinking 500 ms a move
const seed = Number(process.env.SEEGA_WEB_SEED ?? Math.floor(Math.random() * 2 ** 31));
const random = mulberry32(seed);

class Failure extends Error {}
function check(condition, message) {
  if (!condition) throw new Failure(message);
}

/** A small seeded generator, so that a failing run can be replayed. */
function mulberry32(a) {
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = (list) => list[Math.floor(random() * list.length)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---- The static server --------------------------------------------------------

const MIME = {
  ".html": "text/html; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json; charset=utf-8",
  ".ts": "text/plain; charset=utf-8",
  ".md": "text/markdown; charset=utf-8",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".txt": "text/plain; charset=utf-8",
};
const notFound = [];
const served = []; // the paths of every request, in order

function serve(root) {
  const server = http.createServer((req, res) => {
    let name;
    try {
      name = decodeURIComponent(new URL(req.url, "http://127.0.0.1").pathname);
    } catch {
      name = "/";
    }
    if (name.endsWith("/")) name += "index.html";
    served.push(name);
    const file = path.join(root, path.normalize(name));
    if (!file.startsWith(root + path.sep) || !fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
      notFound.push(req.url);
      res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
      return;
    }
    res.writeHead(200, {
      "Content-Type": MIME[path.extname(file)] ?? "application/octet-stream",
      "Cache-Control": "no-store",
    });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve(server));
  });
}

// ---- The page ---------------------------------------------------------------------

const errors = []; // console errors, page errors, stray requests
const stats = { games: [], humanActions: 0, clicks: [], undo: 0, hints: 0 };

/** Open the page in a new context and wait for the app to be ready. */
async function openPage(browser, origin, contextOptions) {
  const context = await browser.newContext({ acceptDownloads: true, ...contextOptions });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console error: ${m.text()}`);
  });
  page.on("pageerror", (e) => errors.push(`page error: ${e.message}`));
  page.on("request", (r) => {
    const url = r.url();
    if (!url.startsWith(origin + "/") && !url.startsWith("data:") && !url.startsWith("blob:"))
      errors.push(`request outside the page's server: ${url}`);
  });
  await page.goto(origin + "/");
  await page.waitForFunction(() => window.seegaApp?.game && !document.getElementById("new-game").disabled);
  // Record, for every real click, how long it waited before its handler ran
  // (event.timeStamp is when the browser sent the event), and the spans of
  // time during which the AI was thinking (body[data-thinking="1"]).
  await page.evaluate(() => {
    const spans = [];
    let since = null;
    new MutationObserver(() => {
      const on = document.body.dataset.thinking === "1";
      if (on && since === null) since = performance.now();
      if (!on && since !== null) {
        spans.push([since, performance.now()]);
        since = null;
      }
    }).observe(document.body, { attributes: true, attributeFilter: ["data-thinking"] });
    window.__thinkingAt = (t) => (since !== null && t >= since) || spans.some(([a, b]) => t >= a && t <= b);
    window.__clicks = [];
    document.addEventListener("click", (e) => {
      if (e.isTrusted)
        window.__clicks.push({ target: e.target.id, sent: e.timeStamp, delay: performance.now() - e.timeStamp });
    }, true);
  });
  return { context, page };
}

function checkNoErrors(where) {
  check(errors.length === 0, `${where}: ${errors.join("\n  ")}`);
  check(notFound.length === 0, `${where}: the page asked for missing files: ${notFound.join(", ")}`);
}

/** The DOM must show the game: every square's piece, the side to move, the
 *  turn state, the result. Checked in one evaluate, so atomically. */
async function checkConsistent(page, where) {
  const problems = await page.evaluate(() => {
    const g = window.seegaApp.game;
    const out = [];
    const board = g.board();
    const squares = document.querySelectorAll("#board [data-square]");
    if (squares.length !== board.length) out.push(`${squares.length} squares in the DOM, ${board.length} in the game`);
    for (const el of squares) {
      const want = board[g.squareIndex(el.dataset.square)] ?? "";
      if (el.dataset.piece !== want) out.push(`${el.dataset.square} shows "${el.dataset.piece}", the game has "${want}"`);
    }
    const turn = document.getElementById("turn").textContent.trim();
    if (turn !== g.toMove) out.push(`#turn is "${turn}", the side to move is ${g.toMove}`);
    const status = document.getElementById("status").textContent;
    if (!status.includes(g.turnState) || !new RegExp(`\\b${g.toMove.toUpperCase()}\\b`).test(status))
      out.push(`#status "${status}" does not name ${g.toMove.toUpperCase()} and ${g.turnState}`);
    const result = document.getElementById("result").textContent.trim();
    const reasons = { material: "material", blocked: "blocked", quiet: "quiet turns", both_blocked: "both sides blocked" };
    const want = g.isOver ? `${g.result === "draw" ? "Draw" : `${g.result.toUpperCase()} wins`} (${reasons[g.reason]})` : "";
    if (result !== want) out.push(`#result is "${result}", expected "${want}"`);
    return out;
  });
  check(problems.length === 0, `${where}: the page does not show the game:\n  ${problems.join("\n  ")}`);
}

/** Wait until the AI is not thinking and the game is over or a human's
 *  side is to move. */
async function waitForHuman(page, humanSide) {
  await page.waitForFunction((side) => {
    const g = window.seegaApp.game;
    return document.body.dataset.thinking !== "1" && (g.isOver || side === "both" || g.toMove === side);
  }, humanSide, { timeout: 30_000 });
}

async function gameInfo(page) {
  return page.evaluate(() => {
    const g = window.seegaApp.game;
    return {
      legal: g.legalMoves().map((a) => ({ text: a.text, kind: a.kind, from: a.from, to: a.to })),
      historyLength: g.history.length,
      toMove: g.toMove,
      turnState: g.turnState,
      phase: g.phase,
      isOver: g.isOver,
      spn: g.spn,
      result: g.result,
      reason: g.reason,
    };
  });
}

const square = (name) => `#board [data-square="${name}"]`;

/** Play `action` (an element of legalMoves) by clicking, as a person would,
 *  and check that the game played it. */
async function clickAction(page, action, { tap = false, probe = null } = {}) {
  const before = await gameInfo(page);
  // The last click may hand the turn to the AI: the probe click follows it
  // at once, before anything else asks the page.
  const press = async (selector, last = true) => {
    await (tap ? page.tap(selector) : page.click(selector));
    // Three clicks over the first 300 ms of the AI's 500.
    if (last && probe) probe.trips = await probeClicks(page, probe, 3, 120);
  };
  const attr = (selector, name) => page.getAttribute(selector, name);
  switch (action.kind) {
    case "place":
    case "remove":
      check(await attr(square(action.to), "data-target") === action.kind,
        `${action.text}: ${action.to} is not marked as a ${action.kind} target`);
      await press(square(action.to));
      break;
    case "pass":
      check(await page.isVisible("#pass"), "pass is legal but the Pass button is hidden");
      await press("#pass");
      break;
    case "step":
      if (await attr(square(action.from), "data-selected") === null) {
        check(before.turnState !== "chain", `in a chain the piece on ${action.from} should be selected already`);
        await press(square(action.from), false);
      }
      check(await attr(square(action.from), "data-selected") === "1", `${action.from} is not selected after clicking it`);
      check(await attr(square(action.to), "data-target") === "step",
        `${action.to} is not highlighted as a target of ${action.from}`);
      await press(square(action.to));
      break;
    default:
      throw new Failure(`unknown action kind ${action.kind}`);
  }
  if (probe) probeResults(await probeRecords(page, probe, probe.trips));
  const played = await page.evaluate((n) => window.seegaApp.game.history[n]?.text ?? null, before.historyLength);
  check(played === action.text, `clicked ${action.text}, but the game played ${played}`);
  stats.humanActions++;
  await checkConsistent(page, `after ${action.text}`);
}

async function setSelect(page, id, value) {
  await page.selectOption(`#${id}`, String(value));
}

async function newGame(page, { preset, size, human, level, time }) {
  await setSelect(page, "preset", preset);
  await setSelect(page, "size", size);
  await setSelect(page, "human-side", human);
  await setSelect(page, "level", level);
  await setSelect(page, "ai-time", time);
  await page.click("#new-game");
  const info = await gameInfo(page);
  const rules = await page.evaluate(() => window.seegaApp.game.rules.toText());
  check(info.historyLength === 0 || human === "o", `a new game has a history of ${info.historyLength}`);
  check(rules === `${preset} ${size}`, `New game gave rules "${rules}", not "${preset} ${size}"`);
  check(await page.locator("#board [data-square]").count() === size * size, `the board has not ${size * size} squares`);
}

// ---- The checks of the responsiveness probe -----------------------------------------

/** Where probeClick clicks, and the number of clicks recorded so far:
 *  asked before the click, since a question to a blocked page waits. */
async function probeTarget(page) {
  const box = await page.locator("#status").boundingBox();
  const count = await page.evaluate(() => window.__clicks.length);
  return { x: box.x + 5, y: box.y + box.height / 2, count };
}

/** Click #status (a harmless target) with real input events, `count`
 *  times, `gap` ms apart, asking the page nothing in between; return the
 *  round trip of each click as seen from here. */
async function probeClicks(page, target, count = 1, gap = 0) {
  const trips = [];
  for (let k = 0; k < count; k++) {
    if (k > 0) await sleep(gap);
    const t0 = Date.now();
    await page.mouse.click(target.x, target.y);
    trips.push(Date.now() - t0);
  }
  return trips;
}

/** The page's records of the probe clicks made after `target` was taken:
 *  the delay before each handler ran, and whether the AI was thinking when
 *  the click was sent. */
async function probeRecords(page, target, trips) {
  const records = await page.evaluate((i) => window.__clicks.slice(i)
    .filter((c) => c.target === "status")
    .map((c) => ({ ...c, thinking: window.__thinkingAt(c.sent) })), target.count);
  check(records.length === trips.length, `${trips.length} clicks on #status, ${records.length} handled`);
  return records.map((r, k) => ({ ...r, roundTrip: trips[k] }));
}

/** The probe sees a blocked main thread: block it for 500 ms, click in
 *  the middle, and the click must have waited until the end of the block.
 *  (Tried again if the click did not land well inside the block.) */
async function probeSelfCheck(page) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const target = await probeTarget(page);
    await page.evaluate(() => {
      setTimeout(() => {
        const start = performance.now();
        while (performance.now() < start + 500);
        window.__block = [start, performance.now()];
      }, 0);
    });
    await sleep(100);
    const [r] = await probeRecords(page, target, await probeClicks(page, target));
    const [start, end] = await page.evaluate(() => window.__block);
    if (r.sent < start || end - r.sent < 100) continue; // not well inside the block
    check(r.delay >= end - r.sent - 5,
      `the click probe missed a block of the main thread: ${r.delay.toFixed(1)} ms measured, ${(end - r.sent).toFixed(1)} ms blocked`);
    return r.delay;
  }
  throw new Failure("the click probe's self-check could not click during a block of the main thread");
}

/** Any click must be handled within 100 ms; one sent while the AI thought
 *  is a sample of the page's responsiveness during a search. */
function probeResults(records) {
  for (const r of records) {
    check(r.delay < CLICK_LIMIT_MS,
      `a click${r.thinking ? " while the AI thought" : ""} waited ${r.delay.toFixed(1)} ms for its handler ` +
      `(limit ${CLICK_LIMIT_MS} ms): is the main thread blocked?`);
    if (r.thinking) stats.clicks.push(r);
  }
}

// ---- Games ----------------------------------------------------------------------------

/** Play one game to its end: random human actions, and on the way the
 *  extra checks that `extras` asks for, each once. */
async function playGame(page, setup, extras = {}) {
  await newGame(page, setup);
  const label = `${setup.preset} ${setup.size}`;
  const done = new Set();
  let actions = 0;
  let undoSnapshot = null;
  let slowTurns = 0; // human turns of the moving phase with the AI at 500 ms
  for (;;) {
    check(Date.now() - started < DEADLINE_MS, `${label}: the test ran past ${DEADLINE_MS / 1000} s`);
    await waitForHuman(page, setup.human);
    await checkConsistent(page, `${label}, before action ${actions + 1}`);
    checkNoErrors(label);
    let info = await gameInfo(page);
    if (info.isOver) break;
    check(actions < 1500, `${label}: not over after ${actions} human actions`);
    const turnStart = info.turnState === "normal" || info.turnState === "extra";

    // Undo after the AI's reply: the snapshot is a human turn's start in
    // the placing; after that turn and the AI's, Undo must bring it back.
    if (extras.undo && !done.has("undo") && turnStart && info.phase === "place") {
      if (undoSnapshot === null && info.historyLength >= 4) {
        undoSnapshot = info;
      } else if (undoSnapshot !== null && info.historyLength > undoSnapshot.historyLength + 2) {
        await page.click("#undo");
        await waitForHuman(page, setup.human);
        info = await gameInfo(page);
        check(info.spn === undoSnapshot.spn && info.historyLength === undoSnapshot.historyLength,
          `Undo gave ${info.spn} (${info.historyLength} actions), expected ${undoSnapshot.spn} (${undoSnapshot.historyLength})`);
        await checkConsistent(page, "after Undo");
        stats.undo++;
        done.add("undo");
      }
    }

    // Hint: ask, check that it is legal and highlighted, and play it.
    if (extras.hint && !done.has("hint") && actions >= 3) {
      await page.click("#hint");
      await page.waitForFunction(() => /^(Hint|No hint)/.test(document.getElementById("message").textContent));
      const text = (await page.textContent("#message")).replace(/^Hint: /, "").trim();
      const action = info.legal.find((a) => a.text === text);
      check(action, `the hint "${text}" is not a legal action (${info.legal.map((a) => a.text).join(" ")})`);
      const marked = await page.evaluate(() =>
        [...document.querySelectorAll("#board [data-hint]")].map((el) => el.dataset.square).sort().join(" "));
      const want = action.kind === "pass" ? "" : [action.from, action.to].filter(Boolean).sort().join(" ");
      check(marked === want, `the hint ${text} highlights "${marked}", expected "${want}"`);
      if (action.kind === "pass") check(await page.getAttribute("#pass", "data-hint") === "1", "a pass hint does not mark Pass");
      stats.hints++;
      done.add("hint");
      await clickAction(page, action);
      actions++;
      continue;
    }

    // Save and load: in the moving phase, at the human's turn.
    if (extras.saveLoad && !done.has("save") && info.phase === "move" && turnStart) {
      await saveAndLoad(page, info);
      done.add("save");
    }

    // A slow AI (500 ms a move, full strength) for a few turns of the
    // moving phase: clicks must stay fast while it thinks, and Undo must
    // cancel its search.
    let slow = false;
    if (extras.slowAi && info.phase === "move" && (done.has("save") || !extras.saveLoad)) {
      slow = slowTurns < SLOW_TURNS || (extras.undoThinking && !done.has("undo-thinking"));
      // The weaker levels search only a few plies: full strength takes
      // all of its time.
      if (slow && slowTurns === 0) {
        await setSelect(page, "ai-time", 500);
        await setSelect(page, "level", 0);
      } else if (!slow && slowTurns > 0 && !done.has("slow")) {
        await setSelect(page, "ai-time", setup.time);
        await setSelect(page, "level", setup.level);
        done.add("slow");
      }
      if (slow) slowTurns++;
    }

    // On one of the even slow turns, Undo while the AI thinks; on the
    // others, clicks right after the human's action, while the AI thinks.
    const undoNow = slow && slowTurns % 2 === 0 && extras.undoThinking && !done.has("undo-thinking") && turnStart;
    const action = pick(info.legal);
    await clickAction(page, action, { probe: slow && !undoNow ? await probeTarget(page) : null });
    actions++;
    if (undoNow) {
      const thinking = await page.evaluate(() => document.body.dataset.thinking === "1");
      if (thinking) {
        // Undo while the AI thinks: back to the start of this turn, and
        // the stopped search must not play later.
        await page.click("#undo");
        const after = await gameInfo(page);
        check(after.spn === info.spn, `Undo while the AI thought gave ${after.spn}, expected ${info.spn}`);
        await sleep(700);
        const later = await gameInfo(page);
        check(later.spn === info.spn && (await page.evaluate(() => document.body.dataset.thinking)) !== "1",
          "after Undo while the AI thought, the AI moved anyway");
        await checkConsistent(page, "after Undo while the AI thought");
        stats.undo++;
        done.add("undo-thinking");
      }
    }
  }
  const info = await gameInfo(page);
  const result = await page.textContent("#result");
  for (const extra of ["undo", "hint"]) {
    if (extras[extra]) check(done.has(extra), `${label}: the game ended before the ${extra} check`);
  }
  if (extras.saveLoad) check(done.has("save"), `${label}: the game ended before the save/load check`);
  if (extras.undoThinking) check(done.has("undo-thinking"), `${label}: the game ended before the check of Undo while the AI thinks`);
  stats.games.push({ label, human: setup.human, actions, plies: info.historyLength, result: result.trim() });
}

/** Save (download + text area), a bad record, load from the text area and
 *  from a file: each load must give back the same game. */
async function saveAndLoad(page, info) {
  // No AI meanwhile: New game must not be followed by the AI's placing.
  const human = await page.inputValue("#human-side");
  await setSelect(page, "human-side", "both");
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#save")]);
  const saved = await page.inputValue("#record");
  const file = fs.readFileSync(await download.path(), "utf8");
  check(file === saved, "the downloaded record differs from the one in the text area");
  const rules = await page.evaluate(() => window.seegaApp.game.rules.toText());
  check(saved.includes(`[Rules "${rules}"]`), `the record has no [Rules "${rules}"] tag:\n${saved}`);
  const history = await page.evaluate(() => window.seegaApp.game.history.map((a) => a.text).join(" "));

  const expectSame = async (how) => {
    const now = await gameInfo(page);
    const h = await page.evaluate(() => window.seegaApp.game.history.map((a) => a.text).join(" "));
    check(now.spn === info.spn && h === history, `${how} gave ${now.spn} after ${now.historyLength} actions, expected ${info.spn}`);
    await checkConsistent(page, how);
  };

  await page.click("#new-game");
  check((await gameInfo(page)).historyLength === 0, "New game did not start from the beginning");
  await page.fill("#record", "[Rules \"modern 5\"]\n1. X zz9\n");
  await page.click("#load");
  check(/Cannot load/.test(await page.textContent("#message")), "a bad record gave no message");
  check((await gameInfo(page)).historyLength === 0, "a bad record changed the game");

  await page.fill("#record", saved);
  await page.click("#load");
  await expectSame("Load from the text area");

  await page.click("#new-game");
  await page.fill("#record", "");
  await page.setInputFiles("#load-file", { name: "game.txt", mimeType: "text/plain", buffer: Buffer.from(saved) });
  await page.waitForFunction((n) => window.seegaApp.game.history.length === n, info.historyLength);
  await expectSame("Load from a file");
  await setSelect(page, "human-side", human);
}

/** Load a position (a record with a Start tag) for the human to play. */
async function loadPosition(page, rules, spn, human) {
  await setSelect(page, "human-side", human);
  await page.fill("#record", `[Rules "${rules}"]\n[Start "${spn}"]\n\n*\n`);
  await page.click("#load");
  const info = await gameInfo(page);
  check(info.spn === spn, `loading ${rules} from ${spn} gave ${info.spn}`);
  await checkConsistent(page, `${rules}, loaded`);
}

async function attributes(page, name) {
  return page.evaluate((n) => Object.fromEntries([...document.querySelectorAll(`#board [data-${n}]`)]
    .map((el) => [el.dataset.square, el.getAttribute(`data-${n}`)])), name);
}

/** A chain (CLASSIC) and a removal (TRADITIONAL), from set positions: the
 *  random games rarely give the human either. */
async function chainAndRemoval(page) {
  await setSelect(page, "level", 1);
  await setSelect(page, "ai-time", 100);
  const start = "xoxox/oxoxo/xo1xo/oxoxo/xoxox o 0 0 0 -";
  await loadPosition(page, "classic 5", start, "o");
  const act = (text) => ({ text, kind: text === "pass" ? "pass" : "step", from: text.split("-")[0], to: text.split("-")[1] });

  // b3-c3 captures d3; then c3 may capture again (c3-d3, c3-b3) or pass.
  await clickAction(page, act("b3-c3"));
  check((await attributes(page, "captured")).d3 === "x", "the capture of d3 is not shown on d3");
  let info = await gameInfo(page);
  check(info.turnState === "chain", `after b3-c3 the turn state is ${info.turnState}, not chain`);
  check(JSON.stringify(await attributes(page, "chain")) === '{"c3":"1"}', "the chain piece c3 is not marked");
  check(JSON.stringify(await attributes(page, "selected")) === '{"c3":"1"}', "the chain piece c3 is not selected");
  const targets = Object.keys(await attributes(page, "target")).sort().join(" ");
  check(targets === "b3 d3", `in the chain the targets are "${targets}", not "b3 d3"`);
  check(await page.isVisible("#pass"), "Pass is hidden during a chain");
  await clickAction(page, act("pass"));
  await waitForHuman(page, "o");
  await checkConsistent(page, "after the chain and the AI's reply");

  // Undo takes back the AI's reply and the whole chain turn.
  await page.click("#undo");
  await waitForHuman(page, "o");
  info = await gameInfo(page);
  check(info.spn === start && info.historyLength === 0, `Undo after a chain gave ${info.spn}, expected ${start}`);
  stats.undo++;
  // Now go on capturing: b3-c3, c3-d3.
  await clickAction(page, act("b3-c3"));
  await clickAction(page, act("c3-d3"));
  await waitForHuman(page, "o");
  await checkConsistent(page, "after a chain of two captures");

  // TRADITIONAL: O cannot move, so it removes an X piece, then moves.
  await loadPosition(page, "traditional 5", "ooxoo/oxxxo/ox1xx/oxxoo/oxxox o 0 0 0 -", "o");
  info = await gameInfo(page);
  const removals = info.legal.filter((a) => a.kind === "remove").map((a) => a.to).sort().join(" ");
  const marked = Object.entries(await attributes(page, "target")).filter(([, k]) => k === "remove").map(([sq]) => sq).sort().join(" ");
  check(removals !== "" && marked === removals, `the removal targets are "${marked}", expected "${removals}"`);
  check(!(await page.isVisible("#pass")), "Pass is shown when only removals are legal");
  await clickAction(page, { text: "xb3", kind: "remove", from: null, to: "b3" });
  check((await attributes(page, "captured")).b3 === "x", "the removal of b3 is not shown");
  check((await gameInfo(page)).turnState === "removed", "after a removal the turn state is not 'removed'");
  await clickAction(page, act("a3-b3"));
  await waitForHuman(page, "o");
  await checkConsistent(page, "after a removal and a move");
}

// ---- The endgame tables ------------------------------------------------------------------

/** The packs the server has sent since `since` (an index into served). */
const tablesServed = (since = 0) =>
  served.slice(since).filter((n) => n.endsWith(".sgtbpack")).map((n) => n.replace(/.*\//, ""));

/** In the page: for every legal action, its value for the side that plays
 *  it and the plies it gives, from the binding's probe of the position
 *  after it (the tables of the game's rules are loaded in the page). The
 *  library's own rule inside a turn: the value of the position after,
 *  flipped when the side to move changes, one ply more; under a quiet
 *  limit, an action after which the counter is 0 (a capture) settles the
 *  result in its own ply. Also the probe of the position itself. */
async function tablesTruth(page) {
  return page.evaluate(() => {
    const g = window.seegaApp.game;
    const flip = { win: "loss", loss: "win", draw: "draw" };
    const actions = g.legalMoves().map((a) => {
      const c = g.copy();
      c.play(a);
      const p = c.probeSync();
      const value = c.toMove === g.toMove ? p.value : flip[p.value];
      let plies = value === "draw" ? null : p.distance + 1;
      if (plies !== null && g.rules.quietLimit > 0 && c.quietCount === 0) plies = 1;
      c.free();
      return { action: a.text, value, plies };
    });
    const p = g.probeSync();
    return { actions, value: p.value, distance: p.distance, best: p.best?.text ?? null, spn: g.spn };
  });
}

/** The analysis panel of the position on the board, once filled. */
async function panel(page, spn) {
  await page.waitForFunction((want) =>
    window.seegaApp.game.spn === want && document.getElementById("tables-line").dataset.state === "covered",
  spn, { timeout: 30_000 });
  return page.evaluate(() => [...document.querySelectorAll("#tables-moves li")].map((li) => ({
    action: li.dataset.action, value: li.dataset.value,
    plies: li.dataset.plies === "" ? null : Number(li.dataset.plies), text: li.textContent,
  })));
}

/** The panel lists each legal action of a covered position with its
 *  value and plies, best first, as the probes of the positions after them. */
async function checkPanel(page, where) {
  const rows = await panel(page, (await gameInfo(page)).spn);
  const truth = await tablesTruth(page);
  const key = (r) => `${r.action} ${r.value} ${r.plies}`;
  check(JSON.stringify(rows.map(key).sort()) === JSON.stringify(truth.actions.map(key).sort()),
    `${where}: the analysis panel shows\n  ${rows.map(key).join(", ")}\nthe probes give\n  ${truth.actions.map(key).join(", ")}`);
  for (const r of rows) {
    const word = { win: "Win", draw: "Draw", loss: "Loss" }[r.value];
    check(r.text.includes(r.action) && r.text.includes(r.plies === null ? word : `${word} in ${r.plies}`),
      `${where}: the row of ${r.action} reads "${r.text}"`);
  }
  // Best first: its value and plies are the position's.
  check(rows[0].value === truth.value && rows[0].plies === (truth.value === "draw" ? null : truth.distance),
    `${where}: the first row is ${key(rows[0])}, the position is ${truth.value} ${truth.distance}`);
  return truth;
}

/** Every AI action of the game since `from` (a history length) is one of
 *  the tables' best: it gives the position's value and distance. */
async function checkAiOptimal(page, from, aiSide) {
  const bad = await page.evaluate(({ from, aiSide }) => {
    const g = window.seegaApp.game.copy();
    const history = g.history;
    while (g.history.length > from) g.undo();
    const flip = { win: "loss", loss: "win", draw: "draw" };
    const out = { checked: 0, wrong: [] };
    for (const a of history.slice(from)) {
      if (g.toMove === aiSide && !g.isOver) {
        const p = g.probeSync();
        const c = g.copy();
        c.play(a);
        const q = c.probeSync();
        const value = c.toMove === g.toMove ? q.value : flip[q.value];
        let plies = value === "draw" ? null : q.distance + 1;
        if (plies !== null && g.rules.quietLimit > 0 && c.quietCount === 0) plies = 1;
        if (value !== p.value || plies !== p.distance)
          out.wrong.push(`${g.spn}: the AI played ${a.text} (${value} ${plies}), the tables' best is ${p.best.text} (${p.value} ${p.distance})`);
        out.checked++;
        c.free();
      }
      g.play(a);
    }
    g.free();
    return out;
  }, { from, aiSide });
  check(bad.wrong.length === 0, `AI actions that are not the tables' best:\n  ${bad.wrong.join("\n  ")}`);
  return bad.checked;
}

/** The tables on a fresh page: fetched only when needed, the analysis
 *  panel, the engine's line and the AI's play in covered positions. */
async function tablesChecks(browser, origin) {
  const since = served.length;
  const { context, page } = await openPage(browser, origin, { viewport: { width: 1280, height: 900 } });
  // A new game (classic 5x5, placing): X places, the AI answers. No table.
  await waitForHuman(page, "x");
  await clickAction(page, pick((await gameInfo(page)).legal));
  await waitForHuman(page, "x");
  check((await page.getAttribute("#tables-line", "data-reason")) === "placing",
    `in the placing phase the tables line says "${await page.textContent("#tables-line")}"`);
  check(tablesServed(since).length === 0, `tables fetched before any was needed: ${tablesServed(since)}`);

  // A covered CLASSIC position (X wins in 157), both sides human: only the
  // classic tables are fetched.
  await setSelect(page, "level", 1); // the weakest level: the tables still play perfectly
  await setSelect(page, "ai-time", 100);
  const won = "4o/5/xox2/1oo2/2x1x x 0 0 0 -";
  await loadPosition(page, "classic 5", won, "both");
  const truth = await checkPanel(page, "classic, X wins");
  check(truth.value === "win" && truth.distance === 157, `the probe of ${won} is ${truth.value} ${truth.distance}`);
  const fetched = new Set(tablesServed(since));
  check(fetched.size === 1 && fetched.has("classic+5.sgtbpack"), `fetched ${[...fetched]}, not only classic+5.sgtbpack`);
  // The engine's line: the search (in its worker, with the tables) sees the win.
  await page.waitForFunction(() => document.getElementById("engine-line").dataset.state === "done", null, { timeout: 30_000 });
  const engine = await page.evaluate(() => ({ ...document.getElementById("engine-line").dataset,
    text: document.getElementById("engine-line").textContent }));
  check(engine.proven === "win" && Number(engine.score) === 30000 - 157 && /X wins in 157 plies/.test(engine.text),
    `the engine's line is "${engine.text}" (score ${engine.score}, proven ${engine.proven})`);
  // Above the tables in the panel.
  check(await page.evaluate(() => document.getElementById("engine-line").compareDocumentPosition(
    document.getElementById("tables-moves")) & Node.DOCUMENT_POSITION_FOLLOWING), "the engine's line is not above the tables");

  // The AI plays X (winning) against random O actions; then MODERN, the AI
  // plays O, losing: the slowest losses, by the quiet limit's count.
  let aiActions = 0;
  for (const [rules, spn, human] of [["classic 5", won, "o"], ["modern 5", "2xx1/1o3/4x/1oox1/5 x 0 0 0 -", "x"]]) {
    // Loaded with both sides human, then the AI takes its side.
    await loadPosition(page, rules, spn, "both");
    await checkPanel(page, `${rules}, loaded`);
    await setSelect(page, "human-side", human);
    for (let turn = 0; turn < 6; turn++) {
      await waitForHuman(page, human);
      const info = await gameInfo(page);
      if (info.isOver) break;
      if (turn === 2) await checkPanel(page, `${rules}, turn ${turn}`);
      await clickAction(page, pick(info.legal));
    }
    await waitForHuman(page, human);
    aiActions += await checkAiOptimal(page, 0, human === "x" ? "o" : "x");
  }
  check(aiActions >= 6, `only ${aiActions} AI actions in covered positions were checked`);
  const all = new Set(tablesServed(since));
  check(all.size === 2 && all.has("modern+5.sgtbpack"), `the pages fetched ${[...all]}`);
  checkNoErrors("tables");
  stats.tables = { aiActions, fetched: tablesServed(since).length };
  await context.close();
}

// ---- Main ---------------------------------------------------------------------------------

const server = await serve(webDir);
const origin = `http://127.0.0.1:${server.address().port}`;
let browser = null;
let page = null;
let status = 0;
const timer = setTimeout(() => {
  console.error(`FAIL: the test did not finish in ${DEADLINE_MS / 1000 + 20} s`);
  process.exit(1);
}, DEADLINE_MS + 20_000);

try {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: ["--no-sandbox"],
  });
  ({ page } = await openPage(browser, origin, { viewport: { width: 1280, height: 900 } }));
  await checkConsistent(page, "the page as loaded");
  const selfCheck = await probeSelfCheck(page);
  await tablesChecks(browser, origin);

  // A human (O) against the AI at level 2, modern 5x5: with undo, hint,
  // save/load, and the slow AI's responsiveness checks.
  await playGame(page, { preset: "modern", size: 5, human: "o", level: 2, time: 100 },
    { undo: true, hint: true, saveLoad: true, slowAi: true, undoThinking: true });
  // A human (X) against the AI at level 3, diagonal 7x7. (Not O: O moves
  // first, and a random placing often leaves it blocked, which loses.)
  await playGame(page, { preset: "diagonal", size: 7, human: "x", level: 3, time: 100 }, { slowAi: true });
  await sleep(1000); // the last captures' marks fade
  await page.screenshot({ path: path.join(outDir, "web-screenshot.png") });
  await chainAndRemoval(page);

  // A new 9x9 game, three turns into it, with the AI at full strength
  // thinking 500 ms a placement: more clicks while it thinks.
  await newGame(page, { preset: "classic", size: 9, human: "x", level: 0, time: 500 });
  for (let i = 0; i < 6; i++) {
    await waitForHuman(page, "x");
    await clickAction(page, pick((await gameInfo(page)).legal), { probe: await probeTarget(page) });
  }
  await waitForHuman(page, "x");
  await checkConsistent(page, "classic 9");
  checkNoErrors("classic 9");
  check(stats.clicks.length >= 3, `only ${stats.clicks.length} clicks landed while the AI thought; at least 3 are needed`);

  // A phone: 375x740, taps, no horizontal scrolling.
  const phone = await openPage(browser, origin, {
    viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2,
  });
  const noScroll = async (where) => {
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    check(width <= 375, `${where}: the page is ${width} px wide on a 375 px phone (horizontal scrolling)`);
  };
  await noScroll("phone, 5x5");
  await setSelect(phone.page, "preset", "traditional");
  await setSelect(phone.page, "size", "9");
  await phone.page.tap("#new-game");
  await noScroll("phone, 9x9");
  for (let i = 0; i < 3; i++) {
    await waitForHuman(phone.page, "x");
    await clickAction(phone.page, pick((await gameInfo(phone.page)).legal), { tap: true });
  }
  await waitForHuman(phone.page, "x");
  await noScroll("phone, 9x9 after taps");
  await phone.page.screenshot({ path: path.join(outDir, "web-phone.png") });
  checkNoErrors("phone");

  const worst = Math.max(...stats.clicks.map((c) => c.delay));
  const worstTrip = Math.max(...stats.clicks.map((c) => c.roundTrip));
  console.log(`web page test, seed ${seed}:`);
  for (const g of stats.games)
    console.log(`  ${g.label}: human ${g.human}, ${g.actions} human actions, ${g.plies} plies, ${g.result}`);
  console.log(`  human actions clicked: ${stats.humanActions}; undo ${stats.undo}, hint ${stats.hints}, ` +
    "save/load 1, a chain and a removal from loaded positions, a 9x9 game, a phone");
  console.log(`  clicks while the AI thought: ${stats.clicks.length}, worst handler delay ${worst.toFixed(1)} ms ` +
    `(round trip from the test ${worstTrip} ms); self-check: a click during a 500 ms block waited ${selfCheck.toFixed(0)} ms`);
  console.log(`  tables: ${stats.tables.aiActions} AI actions in covered positions, all the tables' best; ` +
    `${stats.tables.fetched} packs fetched by the page and its workers`);
  console.log(`  screenshots: ${path.join(outDir, "web-screenshot.png")}, ${path.join(outDir, "web-phone.png")}`);
  console.log(`  time ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log("PASS");
} catch (e) {
  status = 1;
  console.error(`FAIL (seed ${seed}): ${e instanceof Failure ? e.message : e.stack}`);
  if (errors.length) console.error(`  errors in the page:\n  ${errors.join("\n  ")}`);
  if (page) await page.screenshot({ path: path.join(outDir, "web-failure.png") }).catch(() => {});
} finally {
  clearTimeout(timer);
  await browser?.close().catch(() => {});
  server.close();
}
process.exit(status);
