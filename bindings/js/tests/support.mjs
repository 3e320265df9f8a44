// Shared by the tests: the binding under test (the package that the build
// assembled in $SEEGA_JS_DIR) and the native engine to compare with.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

const dir = process.env.SEEGA_JS_DIR;
if (!dir || !existsSync(`${dir}/seega.mjs`))
  throw new Error("SEEGA_JS_DIR must name the built package (build-wasm/js); ctest sets it");
export const packageDir = dir;
export const seega = await import(pathToFileURL(`${dir}/seega.mjs`).href);

/** The repository's root, for docs and tools. */
export const repo = new URL("../../../", import.meta.url);

/** A small deterministic generator (xorshift32) for random games. */
export function random(seed) {
  let s = seed >>> 0 || 1;
  return (n) => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s % n;
  };
}

/**
 * Run the native seega-engine ($SEEGA_NATIVE_ENGINE) on a list of command
 * lines; resolve with its output lines.
 */
export function nativeEngine(lines) {
  const engine = process.env.SEEGA_NATIVE_ENGINE;
  if (!engine || !existsSync(engine))
    throw new Error("SEEGA_NATIVE_ENGINE must name a native seega-engine " +
      "(cmake -DSEEGA_NATIVE_ENGINE=build/examples/seega-engine)");
  return new Promise((resolve, reject) => {
    const child = spawn(engine, [], { stdio: ["pipe", "pipe", "inherit"] });
    let out = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(out.split("\n").filter((l) => l !== ""))
                 : reject(new Error(`seega-engine exited with status ${code}`)));
    child.stdin.end(lines.join("\n") + "\nquit\n");
  });
}

/**
 * Run a native tool that sits beside $SEEGA_NATIVE_ENGINE (the examples of
 * a native build: seega-tb); resolve with its output lines.
 */
export function nativeTool(name, args) {
  const engine = process.env.SEEGA_NATIVE_ENGINE;
  if (!engine || !existsSync(engine))
    throw new Error("SEEGA_NATIVE_ENGINE must name a native seega-engine " +
      "(cmake -DSEEGA_NATIVE_ENGINE=build/examples/seega-engine)");
  const tool = join(dirname(engine), name);
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8");
    child.stderr.setEncoding("utf8");
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(out.split("\n").filter((l) => l !== ""))
                 : reject(new Error(`${name} exited with status ${code}: ${err}`)));
  });
}
