// Command-line runner of the smoke for Node, Bun and Deno: imports the built ESM entry, runs the
// lifecycle against BASE_URL with ACCESS_KEY, and prints the result as one JSON line.
import * as sdk from "../../../../dist/index.js";
import { lifecycleSmoke } from "./lifecycle.mjs";

const env = (name) => globalThis.Deno?.env.get(name) ?? globalThis.process?.env[name];
const runtime = globalThis.Deno ? "deno" : globalThis.Bun ? "bun" : "node";
const result = await lifecycleSmoke(sdk, {
  baseUrl: env("BASE_URL"),
  accessKey: env("ACCESS_KEY"),
  runtime,
});
console.log(JSON.stringify(result));
