// Compiled, never run (tsc --noEmit): the declarations of seega.d.ts
// accept what the documentation shows and refuse what the binding refuses.
import {
  Game, Rules, SeegaError, IllegalMoveError, SearchStoppedError, PRESETS,
  NotCoveredError, TABLES, loadTables, tablesLoaded,
  memoryBytes, shutdown, version,
  type Action, type PlayoutStats, type ProbeResult, type SearchResult, type Side,
  type TablesInfo,
} from "seega";

const game = new Game("modern", 7);
const moves: Action[] = game.legalMoves();
const text: string = moves[0].text;
const kind: "place" | "step" | "remove" | "pass" = moves[0].kind;
game.play(moves[0]);
game.play("c2");
game.place("c3");
game.place(12);
game.move("c2", "c3");
const undone: Action = game.undo();
const side: Side = game.toMove;
const over: boolean = game.isOver;
const result: Side | "draw" | null = game.result;
const leaves: bigint = game.perft(3);
const hash: bigint = game.hash;
const stats: PlayoutStats = game.playouts(10, { seed: 1n, maxActions: 500 });
const record: string = game.record({ x: "Amal", Annotator: "me" });
const copy: Game = Game.fromRecord(record);
const rules: Rules = Rules.preset("diagonal", 9).with({ quietLimit: 100 });
const fromText: Game = new Game(Rules.fromText(rules.toText()));
const names: readonly string[] = game.squares;
const bytes: number = memoryBytes();
const v: string = version;
const presets: readonly string[] = PRESETS;

async function play(): Promise<void> {
  const controller = new AbortController();
  const r: SearchResult = await game.search({
    timeMs: 100, level: 2, signal: controller.signal,
    onProgress: (p: SearchResult) => p.depth > 5,
  });
  if (r.best) game.play(r.best);
  const hint: Action = await game.hint(50);
  game.play(hint);
  game.stop();
  try {
    game.play("a1");
  } catch (e) {
    if (e instanceof IllegalMoveError) console.log(e.status, e.code);
    else if (e instanceof SeegaError) console.log(e.message);
    else if (e instanceof SearchStoppedError) console.log(e.message);
  }
  shutdown();
}

async function tables(): Promise<void> {
  const shipped: readonly string[] = TABLES.presets;
  const max: number = TABLES.maxPieces;
  const info: TablesInfo | null = await loadTables("classic");
  if (info) console.log(info.bytes, info.maxPieces, info.rules, info.timeMs);
  const ready: boolean = tablesLoaded(game.rules) && tablesLoaded(game);
  const end = Game.fromSpn("4o/5/xox2/1oo2/2x1x x 0 0 0 -", "classic");
  try {
    const p: ProbeResult = await end.probe();
    const value: "win" | "draw" | "loss" = p.value;
    const plies: number | null = p.distance;
    if (p.best) end.play(p.best);
    const again: ProbeResult = end.probeSync();
    void [value, plies, again];
  } catch (e) {
    if (e instanceof NotCoveredError) console.log(e.reason, e.status);
  }
  const r: SearchResult = await end.search({ depth: 3, tables: false });
  end.searchSync({ depth: 1, tables: true });
  await end.hint(10, { tables: false });
  void [shipped, max, ready, r];
}

// @ts-expect-error an action is an Action or its text, not a number
game.play(42);
// @ts-expect-error rules are immutable
rules.boardSize = 7;
// @ts-expect-error a limit is a number
game.search({ depth: "3" });
// @ts-expect-error sides are "x" and "o"
game.pieces("white");
// @ts-expect-error the tables option is a boolean
game.search({ tables: "no" });
// @ts-expect-error a probe's value is a word, not a number
const wrong: number = game.probeSync().value;

void [text, kind, undone, side, over, result, leaves, hash, stats, copy, fromText, names,
  bytes, v, presets, play, tables, wrong];
