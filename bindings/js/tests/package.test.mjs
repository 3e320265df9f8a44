// `npm pack` gives a package that installs and imports in Node.js, with
// its types, its search worker and its endgame tables.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { packageDir, seega } from "./support.mjs";

const work = mkdtempSync(join(tmpdir(), "seega-npm-"));
after(() => rmSync(work, { recursive: true, force: true }));

const npm = (args, cwd) =>
  execFileSync("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"],
    { cwd, encoding: "utf8", env: { ...process.env, npm_config_cache: join(work, "cache") } });

test("npm pack, install offline, import, play and search", () => {
  const packed = JSON.parse(npm(["pack", "--json", "--pack-destination", work], packageDir));
  const files = packed[0].files.map((f) => f.path).sort();
  const tables = seega.TABLES.presets.map((p) => `tables/${p}+5.sgtbpack`);
  assert.deepEqual(files, ["README.md", "package.json", "seega.d.ts", "seega.mjs",
    "seega_tables.mjs", "seega_wasm.mjs", "seega_wasm.wasm", ...tables, "worker.mjs"].sort());
  const app = join(work, "app");
  execFileSync("mkdir", ["-p", app]);
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", type: "module", private: true }));
  npm(["install", "--offline", join(work, packed[0].filename)], app);
  assert.ok(readdirSync(join(app, "node_modules", "seega")).includes("seega_wasm.wasm"));
  writeFileSync(join(app, "main.mjs"), `
    import { Game, version } from "seega";
    const g = new Game("traditional", 7);
    const r = await g.search({ depth: 2 });
    const end = Game.fromSpn("4o/5/xox2/1oo2/2x1x x 0 0 0 -", "classic");
    const p = await end.probe().catch((e) => ({ error: e.name }));
    console.log(JSON.stringify({ version, moves: g.legalMoves().length, best: r.best.text,
      probe: p.error ?? [p.value, p.distance, p.best.text] }));
  `);
  const out = JSON.parse(execFileSync(process.execPath, ["main.mjs"], { cwd: app, encoding: "utf8" }));
  assert.equal(out.version, JSON.parse(npm(["pkg", "get", "version"], packageDir)));
  assert.equal(out.moves, 2, "TRADITIONAL opens on two marked squares");
  assert.match(out.best, /^[a-g][1-7]$/);
  assert.deepEqual(out.probe, tables.length ? ["win", 157, "e1-e2"] : "NotCoveredError");
});

// The sizes are reported (the aim is 1.5 MB a rule set), not
// asserted: they are the packer's figures, which docs/tablebases.md gives.
(process.env.SEEGA_JS_TABLES === "1" ? test : () => {})(
  "the tables of every preset up to 4 a side, one pack each", (t) => {
    assert.deepEqual([...seega.TABLES.presets], ["classic", "diagonal", "modern", "traditional"]);
    assert.equal(seega.TABLES.maxPieces, 4);
    for (const p of seega.TABLES.presets) {
      const bytes = statSync(join(packageDir, "tables", `${p}+5.sgtbpack`)).size;
      assert.ok(bytes > 0);
      t.diagnostic(`${p}+5.sgtbpack: ${bytes} bytes`);
    }
  });
