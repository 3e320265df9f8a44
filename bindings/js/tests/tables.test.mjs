// The endgame tables shipped in the package: probe() compared with the
// native seega-tb on random covered positions of every preset, the
// positions the tables do not cover, loading on first need only (the
// tables are read by the module that needs them, and by nothing before),
// and the search's use of them.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath } from "node:url";
import { nativeTool, packageDir, random, seega } from "./support.mjs";

const { Game, NotCoveredError, SeegaError, TABLES, loadTables, tablesLoaded } = seega;
after(() => seega.shutdown());

const PRESETS = ["classic", "diagonal", "modern", "traditional"];
// SEEGA_JS_TABLES (set by ctest): "1" when the build was given tables.
// A build without them (no SEEGA_TABLES_DIR) checks that the package says
// so, and the tests that need tables are not registered.
const haveTables = process.env.SEEGA_JS_TABLES === "1";
test("the package has tables exactly when the build was given them", () => {
  assert.ok(["0", "1"].includes(process.env.SEEGA_JS_TABLES), "SEEGA_JS_TABLES is set by ctest");
  assert.equal(TABLES.presets.length > 0, haveTables);
});
const withTables = haveTables ? test : () => {};
const PER_PRESET = 120;
const pack = (preset) => join(packageDir, "tables", `${preset}+5.sgtbpack`);
const work = mkdtempSync(join(tmpdir(), "seega-tables-"));
after(() => rmSync(work, { recursive: true, force: true }));

// A won position of CLASSIC 5x5, X to move: a win in 157 plies.
const WON = "4o/5/xox2/1oo2/2x1x x 0 0 0 -";

/** Positions of random games of `preset` once both sides have at most
 *  `max` pieces (chains, passes and finished games included). */
function coveredPositions(preset, count, seed, max = TABLES.maxPieces) {
  const rnd = random(seed);
  const out = [];
  for (let games = 0; out.length < count && games < 20 * count; games++) {
    const g = new Game(preset, 5);
    for (let ply = 0; ply < 600 && out.length < count; ply++) {
      if (g.phase === "move" && (g.isOver || (g.pieces("x") <= max && g.pieces("o") <= max))) {
        if (rnd(3) === 0 || g.isOver) out.push(g.spn);
      }
      if (g.isOver) break;
      const moves = g.legalMoves();
      g.play(moves[rnd(moves.length)]);
    }
    g.free();
  }
  return out;
}

/** A probe as seega-tb prints it: "win 157 e1-e2", "draw - b3-b4", "loss 0 -"
 *  (a draw without its distance: null, or 0 for a finished game). */
function line(p) {
  return `${p.value} ${p.value === "draw" ? "-" : p.distance} ${p.best?.text ?? "-"}`;
}

/** The value and distance an action gives the position, from the probe
 *  of the position after it (as the library finds them inside a turn). */
function throughAction(game, action) {
  const child = game.copy();
  const mover = game.toMove;
  child.play(action);
  const c = child.probeSync();
  const value = child.toMove === mover ? c.value : { win: "loss", loss: "win", draw: "draw" }[c.value];
  let distance = value === "draw" ? null : c.distance + 1;
  if (distance !== null && game.rules.quietLimit > 0 && child.quietCount === 0) distance = 1;
  child.free();
  return { value, distance };
}

withTables("the package has tables of every preset up to 4 a side", () => {
  assert.deepEqual([...TABLES.presets], PRESETS);
  assert.equal(TABLES.maxPieces, 4);
});

withTables("probeSync before the tables are loaded: NotCoveredError, nothing loaded", () => {
  assert.equal(tablesLoaded("traditional"), false);
  const g = Game.fromSpn("1o3/5/2x2/5/o4 x 0 0 0 -", "traditional");
  assert.throws(() => g.probeSync(), (e) => e instanceof NotCoveredError && e.reason === "not-loaded");
  assert.equal(tablesLoaded("traditional"), false);
  g.free();
});

for (const [i, preset] of PRESETS.entries()) {
  withTables(`${preset}: probe of ${PER_PRESET} random covered positions equals the native seega-tb`, async () => {
    const spns = coveredPositions(preset, PER_PRESET, 1000 + i);
    assert.equal(spns.length, PER_PRESET, `only ${spns.length} covered positions found`);
    const info = await loadTables(preset);
    assert.equal(info.rules, `${preset} 5`);
    assert.equal(info.maxPieces, 4);
    assert.equal(info.bytes, readFileSync(pack(preset)).length);
    assert.equal(tablesLoaded(preset), true);
    const native = await nativeTool("seega-tb", ["probe", pack(preset), ...spns]);
    assert.equal(native.length, spns.length);
    const kinds = new Set();
    spns.forEach((spn, k) => {
      const g = Game.fromSpn(spn, preset);
      const p = g.probeSync();
      assert.equal(line(p), native[k], `${preset} ${spn}`);
      kinds.add(p.value);
      if (p.value === "draw") assert.equal(p.distance, g.isOver ? 0 : null, `${preset} ${spn}`);
      else assert.ok(Number.isInteger(p.distance) && p.distance >= 0);
      if (p.best) {
        // The best action is legal and keeps the value and the distance.
        assert.ok(g.legalMoves().some((a) => a.text === p.best.text), `${spn}: ${p.best.text}`);
        assert.deepEqual(throughAction(g, p.best), { value: p.value, distance: p.distance }, `${preset} ${spn} ${p.best.text}`);
      } else {
        assert.ok(g.isOver, `${spn}: no best action, but the game is not over`);
        assert.equal(p.distance, 0);
      }
      g.free();
    });
    assert.ok(kinds.size >= 2, `${preset}: the positions have one value only (${[...kinds]})`);
  });
}

for (const [i, preset] of PRESETS.entries()) {
  withTables(`${preset}: probeActionsSync gives each action's value through the position after it`, async () => {
    await loadTables(preset);
    let rows = 0;
    for (const spn of coveredPositions(preset, 40, 2000 + i)) {
      const g = Game.fromSpn(spn, preset);
      const actions = g.probeActionsSync();
      if (g.isOver) {
        assert.deepEqual(actions, []);
      } else {
        // One row per legal action, each as the probe after it says, best
        // first, the first as good as the position's own value.
        assert.deepEqual(actions.map((r) => r.action.text).sort(),
          g.legalMoves().map((a) => a.text).sort(), spn);
        for (const r of actions)
          assert.deepEqual({ value: r.value, distance: r.distance }, throughAction(g, r.action),
            `${preset} ${spn} ${r.action.text}`);
        const p = g.probeSync();
        assert.deepEqual({ value: actions[0].value, distance: actions[0].distance },
          { value: p.value, distance: p.distance }, spn);
        const order = { win: 0, draw: 1, loss: 2 };
        for (let k = 1; k < actions.length; k++) {
          const [a, b] = [actions[k - 1], actions[k]];
          assert.ok(order[a.value] < order[b.value] || (order[a.value] === order[b.value] &&
            (a.value === "win" ? a.distance <= b.distance : a.value === "loss" ? a.distance >= b.distance : true)),
            `${spn}: not best first`);
        }
        rows += actions.length;
      }
      assert.deepEqual(await g.probeActions(), actions);
      g.free();
    }
    assert.ok(rows > 40, `${preset}: only ${rows} actions checked`);
  });
}

withTables("probe() resolves as probeSync() does, for the position of the call", async () => {
  const g = Game.fromSpn(WON, "classic");
  const pending = g.probe();
  g.play(g.legalMoves()[0]); // after the call: not the probed position
  const p = await pending;
  assert.deepEqual([p.value, p.distance, p.best.text], ["win", 157, "e1-e2"]);
  g.undo();
  assert.equal(line(g.probeSync()), line(p));
  g.free();
});

withTables("NotCoveredError beyond the tables, before anything is read", async () => {
  const cases = [
    // [what, game, reason]
    ["the placing phase", () => new Game("classic"), "placing"],
    ["placing, one placed", () => { const g = new Game("modern"); g.play(g.legalMoves()[0]); return g; }, "placing"],
    ["5 pieces a side", () => Game.fromSpn("xxxxx/5/5/5/ooooo x 0 0 0 -", "classic"), "pieces"],
    ["5 against 1", () => Game.fromSpn("xxxxx/5/5/5/o4 o 0 0 0 -", "diagonal"), "pieces"],
    ["7x7", () => Game.fromSpn("7/7/7/3x3/7/7/o6 x 0 0 0 -", "classic"), "rules"],
    ["9x9", () => new Game("traditional", 9), "rules"],
    ["custom rules", () => Game.fromSpn(WON, "classic 5 quiet_limit=50"), "rules"],
    ["custom rules", () => Game.fromSpn(WON, "modern 5 quiet_limit=0"), "rules"],
  ];
  for (const [what, make, reason] of cases) {
    const g = make();
    for (const probe of [() => g.probeSync(), () => g.probe()]) {
      let error = null;
      try {
        await probe();
      } catch (e) {
        error = e;
      }
      assert.ok(error instanceof NotCoveredError, `${what}: ${error}`);
      assert.ok(error instanceof SeegaError);
      assert.equal(error.reason, reason, `${what}: ${error.message}`);
      assert.equal(error.status, -11);
      assert.equal(error.code, "SEEGA_E_NOT_COVERED");
    }
    g.free();
  }
  assert.equal(await loadTables("classic 7"), null);
  assert.equal(await loadTables("classic 5 quiet_limit=50"), null);
  const freed = Game.fromSpn(WON, "classic");
  freed.free();
  await assert.rejects(freed.probe(), seega.InvalidArgumentError);
  await assert.rejects(loadTables(42), TypeError);
});

withTables("a finished game: its result at distance 0", async () => {
  const g = Game.fromSpn("x4/5/5/5/5 o 0 0 0 -", "classic");
  assert.deepEqual(await g.probe(), { value: "loss", distance: 0, best: null });
  g.free();
});

withTables("the search of a covered won position plays the tables' line", async () => {
  for (const [preset, spn] of [["classic", WON], ...PRESETS.map((p, i) => [p, null, i])]) {
    // A won position of each preset from the random games, and WON.
    let position = spn;
    if (position === null) {
      const rules = `${preset} 5`;
      await loadTables(preset);
      position = coveredPositions(preset, 60, 77 + preset.length).find((s) => {
        const g = Game.fromSpn(s, rules);
        const ok = !g.isOver && g.probeSync().value === "win" && g.probeSync().distance > 2;
        g.free();
        return ok;
      });
      assert.ok(position, `${preset}: no won position found`);
    }
    const g = Game.fromSpn(position, preset);
    const p = await g.probe();
    assert.equal(p.value, "win");
    for (const result of [g.searchSync({ depth: 2 }), await g.search({ depth: 2 })]) {
      assert.equal(result.proven, "win", `${preset} ${position}`);
      assert.equal(result.score, seega.SCORE_PROVEN - p.distance, `${preset} ${position}: score`);
      assert.deepEqual(throughAction(g, result.best), { value: "win", distance: p.distance },
        `${preset} ${position}: ${result.best.text} is not one of the tables' best actions (${p.best.text})`);
    }
    if (position === WON) {
      // Without the tables the search sees no win at this depth.
      const blind = g.searchSync({ depth: 2, tables: false });
      assert.equal(blind.proven, null);
      assert.ok(blind.score < 1000, `score ${blind.score} without tables`);
      const blindWorker = await g.search({ depth: 2, tables: false });
      assert.equal(blindWorker.proven, null);
      assert.equal(blindWorker.score, blind.score);
      assert.equal((await g.hint(50)).text, p.best.text);
    }
    g.free();
  }
  await assert.rejects(new Game().search({ depth: 1, tables: "yes" }), TypeError);
});

withTables("tables are read on first need, once, by each module that needs them", () => {
  // A child process counts the reads of the packs (its preload wraps
  // fs.promises.readFile, in the main thread and in the workers).
  const preload = join(work, "count-reads.cjs");
  writeFileSync(preload, `
    const fsp = require("node:fs/promises");
    const { isMainThread } = require("node:worker_threads");
    const readFile = fsp.readFile;
    fsp.readFile = function (file, ...rest) {
      const name = String(file instanceof URL ? file.pathname : file);
      if (name.endsWith(".sgtbpack"))
        process.stdout.write(JSON.stringify({ read: name.replace(/.*\\//, ""), main: isMainThread }) + "\\n");
      return readFile.call(this, file, ...rest);
    };
    require("node:module").syncBuiltinESMExports();
  `);
  const script = join(work, "lazy.mjs");
  writeFileSync(script, `
    const seega = await import(${JSON.stringify(new URL("seega.mjs", `file://${packageDir}/`).href)});
    const { Game } = seega;
    const say = (step) => console.log(JSON.stringify({ step }));
    say("imported");
    const opening = new Game("classic");
    await opening.search({ depth: 2 });
    await opening.probe().catch(() => {});
    const seven = new Game("modern", 7);
    for (let i = 0; i < 60; i++) seven.play(seven.legalMoves()[(i * 5) % seven.legalMoves().length]);
    await seven.search({ depth: 2 });
    Game.fromSpn(${JSON.stringify(WON)}, "classic").searchSync({ depth: 1 });
    await Game.fromSpn(${JSON.stringify(WON)}, "classic").search({ depth: 1, tables: false });
    say("no need yet");
    const won = Game.fromSpn(${JSON.stringify(WON)}, "classic");
    await won.probe();
    await won.probe();
    await seega.loadTables("classic");
    say("probed twice");
    await won.search({ depth: 1 });
    say("searched");
    seega.shutdown();
  `);
  const out = execFileSync(process.execPath, ["--require", preload, script], { encoding: "utf8" })
    .split("\n").filter(Boolean).map((l) => JSON.parse(l));
  const steps = [];
  let reads = [];
  for (const o of out) {
    if (o.step) {
      steps.push([o.step, reads]);
      reads = [];
    } else {
      reads.push(`${o.main ? "main" : "worker"} ${o.read}`);
    }
  }
  assert.deepEqual(steps, [
    ["imported", []],
    ["no need yet", []],
    ["probed twice", ["main classic+5.sgtbpack"]],
    ["searched", ["worker classic+5.sgtbpack"]],
  ]);
});

test("a package built without tables: NotCoveredError says so; searches run", () => {
  const copy = join(work, "no-tables");
  cpSync(packageDir, copy, { recursive: true, filter: (src) => !src.includes(`${packageDir}/tables`) });
  // seega_tables.mjs as the build writes it without tables.
  const template = readFileSync(fileURLToPath(new URL("../seega_tables.mjs.in", import.meta.url)), "utf8");
  writeFileSync(join(copy, "seega_tables.mjs"),
    template.replace("@SEEGA_JS_TABLE_PRESETS@", "").replace("@SEEGA_JS_TABLE_MAX@", "0"));
  const script = join(work, "no-tables.mjs");
  writeFileSync(script, `
    const seega = await import(${JSON.stringify(new URL("seega.mjs", `file://${copy}/`).href)});
    const g = seega.Game.fromSpn(${JSON.stringify(WON)}, "classic");
    const error = await g.probe().catch((e) => e);
    const result = await g.search({ depth: 2 });
    console.log(JSON.stringify({
      tables: seega.TABLES, loaded: await seega.loadTables("classic"), name: error.name,
      reason: error.reason, message: error.message, sync: (() => { try { g.probeSync(); } catch (e) { return e.reason; } })(),
      proven: result.proven, best: result.best.text,
    }));
    seega.shutdown();
  `);
  const out = JSON.parse(execFileSync(process.execPath, [script], { encoding: "utf8" }));
  assert.deepEqual(out.tables, { presets: [], maxPieces: 0 });
  assert.equal(out.loaded, null);
  assert.equal(out.name, "NotCoveredError");
  assert.equal(out.reason, "no-tables");
  assert.equal(out.sync, "no-tables");
  assert.match(out.message, /built without tables/);
  assert.equal(out.proven, null);
  assert.match(out.best, /^[a-e][1-5]-[a-e][1-5]$/);
});
