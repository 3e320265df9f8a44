// The Game and Rules of the JavaScript binding: the perft table of
// docs/notation.md, play and undo, SPN, records, copies, memory, and bad
// input answered by clear errors that leave the game unchanged.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import v8 from "node:v8";
import vm from "node:vm";
import { repo, seega } from "./support.mjs";

const { Game, Rules } = seega;

// Every row of the perft table of docs/notation.md (#notation_perft), as
// the C test test_perft checks it.
function perftRows() {
  const text = readFileSync(new URL("docs/notation.md", repo), "utf8");
  const mid = /"mid" is the position\s+`([^`]+)`/.exec(text)[1];
  const rows = [];
  let table = false;
  for (const line of text.split("\n")) {
    if (line.startsWith("| position | preset |")) table = true;
    else if (table && !line.startsWith("|")) break;
    if (!table || line.startsWith("| position") || line.startsWith("|---")) continue;
    const cells = line.split("|").slice(1, -1).map((c) => c.trim());
    const spnMatch = /`([^`]+)`/.exec(cells[0]);
    let spn = spnMatch ? spnMatch[1] : cells[0] === "mid" ? mid : null;
    const size = /^(\d)x\d/.exec(cells[0])?.[1] ?? "5";
    if (cells[0] === "start") spn = null;
    const counts = cells.slice(2).filter((c) => c !== "").map(BigInt);
    for (const preset of cells[1].split(",").map((p) => p.trim().toLowerCase()))
      rows.push({ preset, size: Number(size), spn, counts });
  }
  return rows;
}

test("perft: every row of the table in docs/notation.md", () => {
  const rows = perftRows();
  assert.ok(rows.length >= 10, `found ${rows.length} rows`);
  for (const { preset, size, spn, counts } of rows) {
    const game = spn ? Game.fromSpn(spn, Rules.preset(preset, size)) : new Game(preset, size);
    const before = game.spn;
    assert.equal(game.perft(0), 1n);
    counts.forEach((want, i) =>
      assert.equal(game.perft(i + 1), want, `${preset} ${size} ${spn ?? "start"} depth ${i + 1}`));
    assert.equal(game.spn, before, "perft leaves the game as it was");
    game.free();
  }
});

test("rules: presets, text, fields", () => {
  const modern = Rules.preset("modern", 7);
  assert.equal(modern.boardSize, 7);
  assert.equal(modern.quietLimit, 50);
  assert.equal(modern.toText(), "modern 7");
  assert.ok(Rules.fromText("modern 7").equals(modern));
  const custom = modern.with({ quietLimit: 100 });
  assert.equal(custom.toText(), "modern 7 quiet_limit=100");
  assert.deepEqual(Rules.fromText(custom.toText()).toJSON(), custom.toJSON());
  assert.ok(new Rules().equals(Rules.preset("classic")));
  assert.equal(new Rules({ blocked: "loses" }).blocked, "loses");
  assert.ok(Object.isFrozen(modern));
  for (const name of seega.PRESETS)
    for (const size of seega.SIZES)
      assert.equal(new Game(name, size).rules.toText(), `${name} ${size}`);
  assert.throws(() => Rules.preset("chess"), seega.RulesError);
  assert.throws(() => Rules.preset("classic", 6), seega.RulesError);
  assert.throws(() => new Rules({ boardSize: 6 }), seega.RulesError);
  assert.throws(() => new Rules({ blocked: "sometimes" }), /loses/);
  assert.throws(() => new Rules({ colour: "x" }), /unknown rules field 'colour'/);
  assert.throws(() => new Rules({ quietLimit: "50" }), TypeError);
  assert.throws(() => Rules.fromText("classic 5 nonsense=1"), seega.ParseError);
  assert.throws(() => Rules.fromText("classic\u00005"), seega.ParseError);
});

test("play, undo, SPN and the state queries", () => {
  const g = new Game("classic", 5);
  assert.equal(g.boardSize, 5);
  assert.equal(g.squares.length, 25);
  assert.equal(g.squareName(0), "a1");
  assert.equal(g.squareIndex("c3"), 12);
  assert.equal(g.spn, "5/5/5/5/5 x 12 12 0 -");
  assert.equal(g.phase, "place");
  assert.equal(g.toMove, "x");
  assert.equal(g.legalMoves().length, 24);
  assert.ok(!g.legalMoves().some((a) => a.text === "c3"), "the centre stays empty");
  g.place("a1");
  assert.equal(g.turnState, "placed_one");
  g.play("b1");
  assert.equal(g.toMove, "o");
  g.play({ text: "e5" });
  g.place(23);
  assert.deepEqual(g.history.map((a) => a.text), ["a1", "b1", "e5", "d5"]);
  assert.equal(g.at("a1"), "x");
  assert.equal(g.at(24), "o");
  assert.equal(g.at("c3"), null);
  assert.equal(g.board().filter((p) => p !== null).length, 4);
  assert.equal(g.inHand("x"), 10);
  assert.equal(g.pieces("o"), 2);
  const undone = g.undo();
  assert.equal(undone.text, "d5");
  assert.equal(undone.kind, "place");
  assert.equal(undone.to, "d5");
  assert.equal(g.history.length, 3);
  assert.equal(typeof g.hash, "bigint");

  // A capture from a hand-made moving position (docs/rules.md): X steps
  // b2-b3... here X at a3 steps to b3? Use the library's own list instead
  // of restating a rule: every legal action is playable and undoable.
  const m = Game.fromSpn("xoxox/oxoxo/xo1ox/oxoxo/xoxox o 0 0 0 -", "classic");
  assert.equal(m.phase, "move");
  for (const a of m.legalMoves()) {
    const spn = m.spn;
    m.play(a);
    assert.equal(m.history.at(-1).text, a.text);
    assert.equal(m.undo().text, a.text);
    assert.equal(m.spn, spn);
  }
  const step = m.legalMoves().find((a) => a.kind === "step");
  assert.match(step.text, /^[a-e][1-5]-[a-e][1-5]$/);
  m.move(step.from, step.to);
  assert.deepEqual(m.lastCaptures, m.lastCaptures.filter((s) => m.at(s) === null));
});

test("records: write, read back, tags, and errors naming the line", () => {
  const g = new Game("modern", 5);
  const next = (() => { let i = 7; return (n) => (i = (i * 1103515245 + 12345) % 2147483648) % n; })();
  for (let k = 0; k < 40 && !g.isOver; k++) {
    const moves = g.legalMoves();
    g.play(moves[next(moves.length)]);
  }
  const text = g.record({ x: "Amal", o: "Badr", event: "test", Annotator: "me" });
  assert.match(text, /\[X "Amal"\]/);
  assert.match(text, /\[Annotator "me"\]/);
  const h = Game.fromRecord(text);
  assert.equal(h.spn, g.spn);
  assert.deepEqual(h.history.map((a) => a.text), g.history.map((a) => a.text));
  assert.ok(h.rules.equals(g.rules));
  assert.throws(() => Game.fromRecord("[Rules \"modern 5\"]\n\n1. X zz\n"), (e) =>
    e instanceof seega.ParseError && /line/.test(e.message));
  assert.throws(() => Game.fromRecord("no record"), seega.ParseError);
  assert.throws(() => g.record({ x: "two\nlines" }), seega.InvalidArgumentError);
});

test("copy is independent, with its history", () => {
  const g = new Game("diagonal", 7);
  g.play(g.legalMoves()[3]);
  const c = g.copy();
  assert.equal(c.spn, g.spn);
  c.play(c.legalMoves()[0]);
  assert.notEqual(c.spn, g.spn);
  assert.equal(c.history.length, 2);
  assert.equal(g.history.length, 1);
  c.undo();
  c.undo();
  assert.equal(c.history.length, 0);
});

test("playouts: deterministic for a seed, game unchanged", () => {
  const g = new Game("classic", 5);
  const a = g.playouts(20, { seed: 5 });
  const b = g.playouts(20, { seed: 5n });
  assert.deepEqual(a, b);
  assert.equal(a.playouts, 20);
  assert.equal(a.xWins + a.oWins + a.draws + a.unfinished, 20);
  assert.ok(a.actions >= 20 * 24);
  assert.equal(g.history.length, 0);
});

test("bad input: a clear error, and the game unchanged", () => {
  const g = new Game("classic", 5);
  g.play("a1");
  const spn = g.spn;
  const cases = [
    [() => g.play("zz9"), seega.ParseError],
    [() => g.play("a1"), seega.IllegalMoveError],
    [() => g.play("c3"), seega.IllegalMoveError],
    [() => g.play(42), TypeError],
    [() => g.play(null), TypeError],
    [() => g.play("b1\u0000"), seega.ParseError],
    [() => g.place(25), seega.InvalidArgumentError],
    [() => g.place(-1), seega.InvalidArgumentError],
    [() => g.place(1.5), seega.InvalidArgumentError],
    [() => g.place("f1"), seega.ParseError],
    [() => g.place({}), TypeError],
    [() => g.move("a1", "a2"), seega.IllegalMoveError],
    [() => g.setSpn("5/5/5/5 x 12 12 0 -"), seega.ParseError],
    [() => g.setSpn("x".repeat(100000)), seega.ParseError],
    [() => g.perft(-1), seega.InvalidArgumentError],
    [() => g.perft(33), seega.InvalidArgumentError],
    [() => g.perft(2 ** 40), seega.InvalidArgumentError],
    [() => g.perft("3"), TypeError],
    [() => g.playouts(-1), seega.InvalidArgumentError],
    [() => g.playouts(1, { seed: -1 }), seega.InvalidArgumentError],
    [() => g.playouts(1, { seed: 2n ** 64n }), seega.InvalidArgumentError],
    [() => g.pieces("z"), seega.InvalidArgumentError],
    [() => g.searchSync({ depth: -1 }), seega.InvalidArgumentError],
    [() => g.searchSync({ level: 4 }), seega.InvalidArgumentError],
    [() => g.searchSync({ ttMb: 1 << 20 }), seega.InvalidArgumentError],
    [() => g.searchSync({ depth: 1.5 }), seega.InvalidArgumentError],
    [() => g.searchSync({ onProgress: 3 }), TypeError],
    [() => new Game("classic", 6), seega.RulesError],
    [() => new Game(Rules.preset("classic"), 5), seega.InvalidArgumentError],
    [() => new Game(17), TypeError],
    [() => Game.fromSpn("5/5/5/5/5 q 12 12 0 -"), seega.ParseError],
    [() => Game.fromSpn("5/5/5/5 x 12 12 0 -"), seega.ParseError],
  ];
  for (const [fn, Class] of cases) {
    assert.throws(fn, Class, String(fn));
    assert.equal(g.spn, spn, `unchanged after ${fn}`);
  }
  const e = (() => { try { g.play("a1"); } catch (x) { return x; } })();
  assert.equal(e.status, -2);
  assert.equal(e.code, "SEEGA_E_ILLEGAL");
  assert.match(e.message, /a1/);
  // A finished game refuses actions and searches with GameOverError.
  const over = Game.fromSpn("x4/5/5/5/5 o 0 0 0 -", "classic");
  assert.equal(over.result, "x");
  assert.equal(over.reason, "material");
  assert.throws(() => over.play("pass"), seega.GameOverError);
  assert.throws(() => over.searchSync({ depth: 1 }), seega.GameOverError);
});

test("free: later calls throw, twice is harmless, memory is reused", () => {
  const g = new Game();
  g.free();
  assert.ok(g.freed);
  g.free();
  assert.throws(() => g.spn, seega.InvalidArgumentError);
  assert.throws(() => g.play("a1"), /freed/);
  assert.equal(String(g), "<seega.Game (freed)>");
  // Each game's search holds a 1 MiB table: 300 of them freed one by one
  // never need more than a few MiB at once.
  const start = seega.memoryBytes();
  for (let i = 0; i < 300; i++) {
    const h = new Game();
    h.searchSync({ depth: 1, ttMb: 1 });
    h.free();
  }
  assert.ok(seega.memoryBytes() - start < 32 << 20,
    `memory grew by ${seega.memoryBytes() - start} bytes`);
});

test("a game dropped without free() is freed when collected", async () => {
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc");
  const collect = async () => {
    for (let i = 0; i < 3; i++) {
      gc();
      await new Promise((r) => setImmediate(r));
    }
  };
  await collect();
  const start = seega.memoryBytes();
  // 300 games of 1 MiB each, never freed: without the finalizer the
  // module would grow by 300 MiB.
  for (let batch = 0; batch < 30; batch++) {
    for (let i = 0; i < 10; i++) new Game().searchSync({ depth: 1, ttMb: 1 });
    await collect();
  }
  assert.ok(seega.memoryBytes() - start < 100 << 20,
    `memory grew by ${seega.memoryBytes() - start} bytes`);
});

test("toString: the board and a status line", () => {
  const g = new Game("classic", 5);
  g.play("a1");
  assert.equal(String(g).split("\n").at(-1), "x to place; in hand: x 11, o 12");
  assert.match(String(g), /^5 {2}\. \. \. \. \.$/m);
  assert.match(String(g), /^1 {2}x \. \. \. \.$/m);
});

test("random bad input: only SeegaError or TypeError, never a trap", () => {
  const next = (() => { let s = 12345; return (n) => ((s = (s * 1103515245 + 12345) >>> 0) >>> 8) % n; })();
  const junk = [
    undefined, null, NaN, Infinity, -Infinity, -0, 0.5, 1e20, 2 ** 31, -(2 ** 31) - 1, 2 ** 53,
    -1, 25, 81, 1000, "", "\u0000", "a1\u0000b1", "é", "\u{1F600}", "c3-c4-c5", "x".repeat(100000),
    "5/5/5/5/5 x 12 12 0 -", "pass", "xa1", "a1-a2", "9/9", "[Rules \"x\"]", {}, [], [1, 2],
    { text: 7 }, { text: "a1" }, 10n, -(2n ** 70n), true, () => 1, new Uint8Array(4),
  ];
  const calls = [
    (g, a, b) => g.play(a), (g, a) => g.place(a), (g, a, b) => g.move(a, b),
    // Valid but long work (a deep perft, millions of playouts) is left out.
    (g, a) => g.setSpn(a), (g, a) => g.perft(Number.isInteger(a) && a > 3 ? -a : a),
    (g, a, b) => g.playouts(Number.isInteger(a) && a > 50 ? -a : a, b),
    (g, a) => g.at(a), (g, a) => g.pieces(a), (g, a) => g.inHand(a),
    (g, a) => g.squareName(a), (g, a) => g.squareIndex(a), (g, a) => g.parseAction(a),
    (g, a) => g.record(a), (g, a) => g.searchSync({ depth: 1, nodes: a }),
    (g, a) => g.searchSync({ depth: a, nodes: 2000, ttMb: 1 }),
    (g, a) => g.hintSync(Number.isInteger(a) && a > 0 ? 1 : a ?? -1),
    (g, a, b) => new Game(a, b), (g, a) => Game.fromSpn(a), (g, a) => Game.fromRecord(a),
    (g, a) => Rules.fromText(a), (g, a, b) => Rules.preset(a, b), (g, a) => new Rules(a),
    (g, a) => new Rules({ boardSize: a }), (g, a) => new Rules({ blocked: a }),
  ];
  const g = new Game("traditional", 5);
  let refused = 0;
  for (let i = 0; i < 3000; i++) {
    const a = junk[next(junk.length)];
    const b = junk[next(junk.length)];
    try {
      const r = calls[next(calls.length)](g, a, b);
      if (r instanceof Game) r.free();
    } catch (e) {
      assert.ok(e instanceof seega.SeegaError || e instanceof TypeError,
        `${e?.constructor?.name}: ${e?.message}`);
      refused++;
    }
    if (g.isOver) g.setSpn("5/5/5/5/5 x 12 12 0 -");
  }
  assert.ok(refused > 2000, `${refused} refused`);
  const fresh = new Game("classic", 5);
  assert.equal(fresh.perft(3), 12144n, "the module still works");
});
