/**
 * The previous code beside the current one, in the same process: `--baseline <dir>` names a
 * checkout (for example `git worktree add /tmp/prev main`, with `node_modules` linked in), whose
 * `createClient` the benches that support it run as one more variant.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { createClient } from "../../src/index.js";

/** The `createClient` of the checkout after `--baseline`, or `undefined` without one. */
export async function baselineClient(): Promise<typeof createClient | undefined> {
  const i = process.argv.indexOf("--baseline");
  const dir = i >= 0 ? process.argv[i + 1] : undefined;
  if (dir === undefined) return undefined;
  const entry = pathToFileURL(resolve(dir, "src/index.ts")).href;
  return ((await import(entry)) as { createClient: typeof createClient }).createClient;
}
