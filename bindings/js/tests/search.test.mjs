// The search of the JavaScript binding: in a worker, never blocking the
// caller's event loop; the same result as on the calling thread; progress,
// stop, abort signals, hints and errors.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { seega } from "./support.mjs";

const { Game } = seega;
after(() => seega.shutdown());

const MID = "xoxox/oxoxo/xo1ox/oxoxo/xoxox o 0 0 0 -";

function texts(result) {
  return { ...result, timeMs: 0, best: result.best.text, pv: result.pv.map((a) => a.text) };
}

test("the worker's search equals the calling thread's (one thread, fixed depth)", async () => {
  for (const [preset, size] of [["classic", 5], ["modern", 7], ["diagonal", 9]]) {
    const g = new Game(preset, size);
    for (let i = 0; i < size * size + 4; i++) g.play(g.legalMoves()[(i * 7) % g.legalMoves().length]);
    const depth = size === 9 ? 3 : 4;
    const sync = g.searchSync({ depth, seed: 3 });
    const inWorker = await g.search({ depth, seed: 3 });
    assert.deepEqual(texts(inWorker), texts(sync), `${preset} ${size}`);
    assert.ok(g.legalMoves().some((a) => a.text === inWorker.best.text));
    g.free();
  }
});

test("the event loop keeps running while the worker searches", async () => {
  const g = new Game("classic", 7);
  let last = performance.now();
  let worst = 0;
  let ticks = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
    ticks++;
  }, 5);
  const r = await g.search({ timeMs: 600 });
  clearInterval(timer);
  assert.ok(r.timeMs >= 500, `searched ${r.timeMs} ms`);
  assert.ok(ticks > 40, `${ticks} timer ticks during the search`);
  assert.ok(worst < 100, `the longest gap between ticks was ${worst.toFixed(1)} ms`);
});

test("progress after each iteration; returning true stops", async () => {
  const g = Game.fromSpn(MID, "modern");
  const depths = [];
  const r = await g.search({
    onProgress: (p) => {
      depths.push(p.depth);
      assert.ok(p.best && typeof p.best.text === "string");
      return p.depth >= 5;
    },
  });
  assert.deepEqual(depths.slice(0, 5), [1, 2, 3, 4, 5]);
  assert.equal(r.depth, 5);
});

test("stop() and an abort signal resolve with the best so far", async () => {
  const g = new Game("classic", 9);
  const pending = g.search({}); // no limit: runs until stopped
  await new Promise((r) => setTimeout(r, 400));
  const t0 = performance.now();
  g.stop();
  const r = await pending;
  assert.ok(performance.now() - t0 < 100, "stop answers at once");
  assert.ok(r.depth >= 1 && r.best !== null);
  assert.ok(g.legalMoves().some((a) => a.text === r.best.text));

  const controller = new AbortController();
  const p2 = g.search({ signal: controller.signal });
  setTimeout(() => controller.abort(), 300);
  const r2 = await p2;
  assert.ok(r2.best !== null);

  // Stopped before the worker started: nothing to give.
  const early = new AbortController();
  early.abort();
  await assert.rejects(g.search({ signal: early.signal }), seega.SearchStoppedError);

  // A new search after a stop starts a new worker and works.
  const r3 = await g.search({ depth: 3 });
  assert.equal(r3.depth, 3);
});

test("the search sees the position of the call, not later changes", async () => {
  const g = new Game("classic", 5);
  g.play("a1");
  const before = g.copy();
  const pending = g.search({ depth: 3 });
  g.play("b1");
  assert.deepEqual(texts(await pending), texts(before.searchSync({ depth: 3 })));
});

test("hints, concurrent searches, a freed game", async () => {
  const a = new Game("modern", 5);
  const b = new Game("diagonal", 5);
  const [ha, hb] = await Promise.all([a.hint(100), b.hint(100)]);
  assert.ok(a.legalMoves().some((m) => m.text === ha.text));
  assert.ok(b.legalMoves().some((m) => m.text === hb.text));
  const pending = a.search({});
  a.free(); // stops the search
  const r = await pending.catch((e) => e);
  assert.ok(r instanceof seega.SearchStoppedError || typeof r.best?.text === "string");
  await assert.rejects(a.search({ depth: 1 }), /freed/);
});

test("errors reject the promise", async () => {
  const g = new Game();
  await assert.rejects(g.search({ timeMs: -5 }), seega.InvalidArgumentError);
  await assert.rejects(g.search({ level: 9 }), seega.InvalidArgumentError);
  await assert.rejects(g.search({ onProgress: "x" }), TypeError);
  await assert.rejects(g.search(null), TypeError);
  await assert.rejects(g.hint(-1), seega.InvalidArgumentError);
  await assert.rejects(g.search({ ttMb: 1 << 20 }), seega.InvalidArgumentError);
  const over = Game.fromSpn("x4/5/5/5/5 o 0 0 0 -", "classic");
  await assert.rejects(over.search({ depth: 2 }), seega.GameOverError);
  await assert.rejects(over.hint(10), seega.GameOverError);
});
