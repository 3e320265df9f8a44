// `npm pack` gives a package that installs and imports in Node.js, with
// its types and its search worker.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { packageDir } from "./support.mjs";

const work = mkdtempSync(join(tmpdir(), "seega-npm-"));
after(() => rmSync(work, { recursive: true, force: true }));

const npm = (args, cwd) =>
  execFileSync("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"],
    { cwd, encoding: "utf8", env: { ...process.env, npm_config_cache: join(work, "cache") } });

test("npm pack, install offline, import, play and search", () => {
  const packed = JSON.parse(npm(["pack", "--json", "--pack-destination", work], packageDir));
  const files = packed[0].files.map((f) => f.path).sort();
  assert.deepEqual(files, ["README.md", "package.json", "seega.d.ts", "seega.mjs",
    "seega_wasm.mjs", "seega_wasm.wasm", "worker.mjs"]);
  const app = join(work, "app");
  execFileSync("mkdir", ["-p", app]);
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", type: "module", private: true }));
  npm(["install", "--offline", join(work, packed[0].filename)], app);
  assert.ok(readdirSync(join(app, "node_modules", "seega")).includes("seega_wasm.wasm"));
  writeFileSync(join(app, "main.mjs"), `
    import { Game, version } from "seega";
    const g = new Game("traditional", 7);
    const r = await g.search({ depth: 2 });
    console.log(JSON.stringify({ version, moves: g.legalMoves().length, best: r.best.text }));
  `);
  const out = JSON.parse(execFileSync(process.execPath, ["main.mjs"], { cwd: app, encoding: "utf8" }));
  assert.equal(out.version, JSON.parse(npm(["pkg", "get", "version"], packageDir)));
  assert.equal(out.moves, 2, "TRADITIONAL opens on two marked squares");
  assert.match(out.best, /^[a-g][1-7]$/);
});
