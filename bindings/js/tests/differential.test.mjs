// The WebAssembly build against the native library: random games of every
// preset and size, played here, then replayed action by action by the
// native seega-engine; at every step the legal action list (in order), the
// SPN and the result must be the same.
import assert from "node:assert/strict";
import { test } from "node:test";
import { spawn } from "node:child_process";
import { nativeEngine, random, seega } from "./support.mjs";

const { Game } = seega;
const GAMES = 8;          // per preset and size
const MAX_ACTIONS = 400;  // per game

const RESULT_TEXT = { x: "1-0", o: "0-1", draw: "1/2-1/2" };

function playRandom(rules, seed) {
  const game = new Game(rules);
  const next = random(seed);
  const steps = [];
  const snapshot = () => ({
    legal: game.legalMoves().map((a) => a.text).join(" "),
    spn: game.spn,
    result: game.result === null ? "*" : `${RESULT_TEXT[game.result]} ${game.reason}`,
  });
  steps.push(snapshot());
  const actions = [];
  while (!game.isOver && actions.length < MAX_ACTIONS) {
    const moves = game.legalMoves();
    const a = moves[next(moves.length)];
    game.play(a);
    actions.push(a.text);
    steps.push(snapshot());
  }
  game.free();
  return { actions, steps };
}

async function replayNative(rulesText, actions) {
  const lines = [`rules ${rulesText}`];
  for (let k = 0; k <= actions.length; k++) {
    lines.push(k ? `position startpos moves ${actions.slice(0, k).join(" ")}` : "position startpos");
    lines.push("legal", "show");
  }
  const out = await nativeEngine(lines);
  const errors = out.filter((l) => l.startsWith("error"));
  assert.deepEqual(errors, [], "the native engine refused an action");
  const legal = out.filter((l) => l === "legal" || l.startsWith("legal ")).map((l) => l.slice(6));
  const spn = out.filter((l) => l.startsWith("spn ")).map((l) => l.slice(4));
  const result = out.filter((l) => l.startsWith("result ")).map((l) => l.slice(7));
  return legal.map((l, k) => ({ legal: l, spn: spn[k], result: result[k] }));
}

for (const preset of seega.PRESETS) {
  for (const size of seega.SIZES) {
    test(`${preset} ${size}: ${GAMES} random games, move by move, native = wasm`, async () => {
      const rules = seega.Rules.preset(preset, size);
      let compared = 0;
      for (let i = 0; i < GAMES; i++) {
        const { actions, steps } = playRandom(rules, 1000 * size + 17 * i + preset.length);
        const native = await replayNative(rules.toText(), actions);
        assert.equal(native.length, steps.length);
        steps.forEach((s, k) => assert.deepEqual(native[k], s,
          `game ${i}, after ${k} actions: ${actions.slice(0, k).join(" ")}`));
        compared += steps.length;
      }
      assert.ok(compared > GAMES * 2 * (size * size - 1) * 0.5, `${compared} positions compared`);
    });
  }
}

// One search per preset and size, from a position of a random game: the
// native engine's `go depth D` and the module's search must find the same
// line with the same score after the same number of nodes (one thread, a
// fixed depth: the search is deterministic).
function nativeSearch(rulesText, actions, depth) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.env.SEEGA_NATIVE_ENGINE, [], { stdio: ["pipe", "pipe", "inherit"] });
    let out = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (d) => {
      out += d;
      if (/^bestmove /m.test(out)) child.stdin.end("quit\n");
    });
    child.on("error", reject);
    child.on("close", () => {
      const info = out.split("\n").filter((l) => l.startsWith(`info depth ${depth} `)).at(-1) ?? "";
      resolve({
        best: /^bestmove (\S+)/m.exec(out)?.[1],
        nodes: Number(/ nodes (\d+)/.exec(info)?.[1]),
        pv: / pv (.*)$/.exec(info)?.[1],
        score: / score cp (-?\d+)/.exec(info)?.[1],
      });
    });
    child.stdin.write(`rules ${rulesText}\nposition startpos moves ${actions.join(" ")}\ngo depth ${depth}\n`);
  });
}

test("the search: native = wasm at a fixed depth, every preset and size", async () => {
  let compared = 0;
  for (const preset of seega.PRESETS) {
    for (const size of seega.SIZES) {
      const rules = seega.Rules.preset(preset, size);
      const { actions } = playRandom(rules, 77 + size);
      const cut = actions.slice(0, Math.max(1, Math.floor(actions.length / 2)));
      const game = new Game(rules);
      cut.forEach((a) => game.play(a));
      if (game.isOver) continue;
      const depth = size === 9 ? 3 : 4;
      const mine = game.searchSync({ depth });
      const native = await nativeSearch(rules.toText(), cut, depth);
      const what = `${preset} ${size} after ${cut.length} actions`;
      assert.equal(mine.best.text, native.best, what);
      assert.equal(mine.nodes, native.nodes, what);
      assert.equal(mine.pv.map((a) => a.text).join(" "), native.pv, what);
      if (native.score !== undefined) assert.equal(String(mine.score), native.score, what);
      game.free();
      compared++;
    }
  }
  assert.ok(compared >= 10, `${compared} searches compared`);
});
