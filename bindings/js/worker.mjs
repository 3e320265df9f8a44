// The search worker of the JavaScript binding (seega.mjs starts it): a Web
// Worker in a browser, a worker thread in Node. It loads its own copy of
// the WebAssembly module and answers one request at a time:
//
//   { id, kind: "search", record, limits }   -> progress..., then done
//   { id, kind: "hint", record, timeMs }     -> done
//
// The game travels as its record (rules, start position and every action),
// so the search sees the same history, repetitions included. Unless the
// request says `tables: false` (in `limits` for a search), a position of
// the moving phase first loads the package's tables of its rules into
// this worker's own module (once; they stay for the worker's life), and
// the search uses them. Replies:
//   { id, type: "progress", result }   after each completed iteration
//   { id, type: "done", result }       the result (a hint: an action text)
//   { id, type: "error", status, message }   (status null: not the library's)
// Actions travel as their texts.

const isNode = typeof process === "object" && typeof process.versions?.node === "string" &&
  typeof self === "undefined";

// The handler is registered at once; the module is loaded meanwhile.
const seega = import("./seega.mjs");
let post;
let listen;
if (isNode) {
  const { parentPort } = await import("node:worker_threads");
  post = (m) => parentPort.postMessage(m);
  listen = (fn) => parentPort.on("message", fn);
} else {
  post = (m) => self.postMessage(m);
  listen = (fn) => self.addEventListener("message", (e) => fn(e.data));
}

function plain(result) {
  return { ...result, best: result.best?.text ?? null, pv: result.pv.map((a) => a.text) };
}

listen(async (request) => {
  const { id } = request;
  let game = null;
  try {
    const { Game, loadTables } = await seega;
    game = Game.fromRecord(request.record);
    const tables = request.kind === "hint" ? request.tables : request.limits.tables;
    if (tables && game.phase === "move") await loadTables(game.rules);
    if (request.kind === "hint") {
      post({ id, type: "done", result: game.hintSync(request.timeMs, { tables }).text });
    } else {
      const result = game.searchSync({
        ...request.limits,
        onProgress: (r) => void post({ id, type: "progress", result: plain(r) }),
      });
      post({ id, type: "done", result: plain(result) });
    }
  } catch (e) {
    post({ id, type: "error", status: e.status ?? null, message: String(e.message ?? e) });
  } finally {
    game?.free();
  }
});
