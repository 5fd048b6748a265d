import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { repoPath } from "../../kit/runtimes/harness.js";

/**
 * The fetch-standard handler (`src/devserver/http`) as a bundler for a non-Node platform sees it:
 * `createDevHandler` alone, bundled by esbuild for the `neutral` platform, imports no Node
 * built-in. Node built-ins are marked external so that one reached would stay an import in the
 * output (and be found) instead of failing the build with a less telling message.
 */
async function bundle(contents: string): Promise<string[]> {
  const out = await build({
    stdin: { contents, resolveDir: repoPath("."), loader: "ts" },
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    external: ["node:*"],
    metafile: true,
    logLevel: "silent",
  });
  return Object.values(out.metafile.outputs).flatMap((o) => o.imports.map((i) => i.path));
}

describe("the dev server's fetch handler", () => {
  it("bundles for a neutral platform with no node: import", async () => {
    const imports = await bundle(
      'export { createDevHandler } from "./src/devserver/http/index.ts";',
    );
    expect(imports.filter((p) => p.startsWith("node:"))).toEqual([]);
  });

  it("finds the node: imports of the Node adapter (the check can fail)", async () => {
    const imports = await bundle('export { startDevServer } from "./src/devserver/node/index.ts";');
    expect(imports).toContain("node:http");
  });
});
