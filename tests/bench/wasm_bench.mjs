// The WebAssembly build against the native library, side by side in one
// run: the size of the module, then perft leaves per second (the moving
// positions of positions.txt at their depths) and random playout actions
// per second (from the start), per preset and board size. Both sides count
// the same work; the native side is seega-bench's single modes (they
// print their counts and seconds), the WebAssembly side the binding in
// this Node process. The work is scaled so that the native side takes at
// least 0.2 s; each figure is the median of three runs, native and
// WebAssembly alternating.
//
//   node tests/bench/wasm_bench.mjs build/tests/seega-bench build-wasm/js
//
// Not a test: speed is measured here, never asserted.
import { execFileSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const [bench, jsDir] = process.argv.slice(2);
if (!bench || !jsDir) {
  console.error("usage: node wasm_bench.mjs SEEGA-BENCH JS-DIR");
  process.exit(2);
}
const seega = await import(pathToFileURL(`${jsDir}/seega.mjs`).href);
const REPEATS = 3;
const PLAYOUTS = { 5: 200, 7: 40, 9: 15 };
const MIN_SECONDS = 0.2; // of native work per measurement

const wasm = readFileSync(`${jsDir}/seega_wasm.wasm`);
const glue = statSync(`${jsDir}/seega_wasm.mjs`).size + statSync(`${jsDir}/seega.mjs`).size +
  statSync(`${jsDir}/worker.mjs`).size;
console.log(`seega_wasm.wasm: ${wasm.length} bytes (${gzipSync(wasm, { level: 9 }).length} gzipped); ` +
  `JavaScript: ${glue} bytes`);

const positions = readFileSync(new URL("positions.txt", import.meta.url), "utf8")
  .split("\n").filter((l) => l && !l.startsWith("#"))
  .map((l) => {
    const [preset, size, depth, ...spn] = l.split(" ");
    return { preset, size: Number(size), depth: Number(depth), spn: spn.join(" ") };
  });

function native(args) {
  const out = execFileSync(bench, args, { encoding: "utf8" });
  const value = (word) => Number(new RegExp(`^${word} (\\S+)$`, "m").exec(out)[1]);
  return { work: value(args[0] === "perft" ? "leaves" : "actions"), seconds: value("seconds") };
}

function timed(fn) {
  const t0 = performance.now();
  const work = fn();
  return { work, seconds: (performance.now() - t0) / 1000 };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (x) => (x >= 1e6 ? `${(x / 1e6).toFixed(1)}M` : `${(x / 1e3).toFixed(0)}k`);

console.log(`\n${"preset".padEnd(12)} size  ${"work".padEnd(9)} ${"count".padStart(12)}` +
  ` ${"native/s".padStart(10)} ${"wasm/s".padStart(10)}  native/wasm`);
for (const preset of seega.PRESETS) {
  for (const size of seega.SIZES) {
    const rows = positions.filter((p) => p.preset === preset && p.size === size);
    // Each job takes a repeat factor k: the work is k times the base work.
    const jobs = [];
    if (rows.length) {
      const depth = rows[0].depth;
      const same = rows.filter((p) => p.depth === depth);
      jobs.push({
        name: "perft",
        native: (k) => native(["perft", preset, String(size), String(depth),
          ...Array.from({ length: k }, () => same.map((p) => p.spn)).flat()]),
        wasm: (k) => {
          const games = same.map((p) => seega.Game.fromSpn(p.spn, seega.Rules.preset(preset, size)));
          const r = timed(() => {
            let n = 0;
            for (let i = 0; i < k; i++) for (const g of games) n += Number(g.perft(depth));
            return n;
          });
          games.forEach((g) => g.free());
          return r;
        },
      });
    }
    jobs.push({
      name: "playouts",
      native: (k) => native(["playouts", preset, String(size), String(k * PLAYOUTS[size]), "1"]),
      wasm: (k) => {
        const g = new seega.Game(preset, size);
        const r = timed(() => g.playouts(k * PLAYOUTS[size], { seed: 1, maxActions: 3000 }).actions);
        g.free();
        return r;
      },
    });
    for (const spec of jobs) {
      // Enough work for the native side to take MIN_SECONDS.
      const once = spec.native(1);
      const k = Math.max(1, Math.ceil(MIN_SECONDS / Math.max(once.seconds, 1e-6)));
      const job = { name: spec.name, native: () => spec.native(k), wasm: () => spec.wasm(k) };
      const n = [];
      const w = [];
      let count = null;
      for (let i = 0; i < REPEATS; i++) {
        const a = job.native();
        const b = job.wasm();
        if (a.work !== b.work)
          throw new Error(`${preset} ${size} ${job.name}: native counted ${a.work}, wasm ${b.work}`);
        count = a.work;
        n.push(a.work / a.seconds);
        w.push(b.work / b.seconds);
      }
      console.log(`${preset.padEnd(12)} ${String(size).padStart(4)}  ${job.name.padEnd(9)} ` +
        `${String(count).padStart(12)} ${fmt(median(n)).padStart(10)} ${fmt(median(w)).padStart(10)}` +
        `  ${(median(n) / median(w)).toFixed(1)}`);
    }
  }
}
