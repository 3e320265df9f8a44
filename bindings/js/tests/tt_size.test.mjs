// A transposition table larger than the module can hold (ttMb 2048 and
// up: 2 GiB or more, past what one block can be in 32-bit WebAssembly) is
// refused with OutOfMemoryError at once: never a search that does not
// return, never a smaller table than asked for. The game searches on.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { pathToFileURL } from "node:url";
import { after, test } from "node:test";
import { packageDir, seega } from "./support.mjs";

const { Game } = seega;
after(() => seega.shutdown());

const SIZES = [2048, 3000, 4095, 4096, 8192, 16384];
const SECONDS = 20; // each size answers in milliseconds

test("searchSync refuses a table over 2 GiB at once, then searches on", () => {
  // In a child process, killed after SECONDS per size: a searchSync that
  // never returns blocks its thread, so no timer of this one could end it.
  const url = pathToFileURL(`${packageDir}/seega.mjs`).href;
  const code = `
    const seega = await import(${JSON.stringify(url)});
    for (const ttMb of ${JSON.stringify(SIZES)}) {
      const g = new seega.Game("classic", 5);
      const t0 = performance.now();
      let what;
      try {
        const r = g.searchSync({ ttMb, depth: 1 });
        what = "returned depth " + r.depth;
      } catch (e) {
        what = e.constructor.name + ": " + e.message;
      }
      const ms = performance.now() - t0;
      const after = g.searchSync({ depth: 3 });
      console.log(JSON.stringify({ ttMb, what, ms, after: after.best.text,
                                   legal: g.legalMoves().some((a) => a.text === after.best.text) }));
      g.free();
    }
    seega.shutdown();
  `;
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", code], {
    encoding: "utf8",
    timeout: SECONDS * SIZES.length * 1000,
  });
  assert.equal(r.error, undefined, `the child did not finish: ${r.error?.message} (a search that never returns?)\n${r.stdout}`);
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
  assert.deepEqual(lines.map((l) => l.ttMb), SIZES);
  for (const l of lines) {
    assert.match(l.what, /^OutOfMemoryError: .*transposition table/, `ttMb ${l.ttMb}: ${l.what}`);
    assert.ok(l.ms < 2000, `ttMb ${l.ttMb}: refused after ${l.ms.toFixed(0)} ms`);
    assert.ok(l.legal, `ttMb ${l.ttMb}: the next search gave ${l.after}`);
  }
});

test("search (in a worker) rejects a table over 2 GiB at once", async () => {
  for (const ttMb of [2048, 4095, 4096, 16384]) {
    const g = new Game("classic", 5);
    const t0 = performance.now();
    // A worker that spins is stopped by the signal: the search then
    // rejects with SearchStoppedError, not OutOfMemoryError.
    await assert.rejects(g.search({ ttMb, depth: 1, signal: AbortSignal.timeout(SECONDS * 1000) }),
      (e) => e instanceof seega.OutOfMemoryError && /transposition table/.test(e.message),
      `ttMb ${ttMb}`);
    assert.ok(performance.now() - t0 < SECONDS * 1000);
    const r = await g.search({ depth: 3 });
    assert.ok(g.legalMoves().some((a) => a.text === r.best.text));
    g.free();
  }
});
