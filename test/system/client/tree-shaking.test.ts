/**
 * A bundle that calls one operation carries that operation's validators and no other's: each
 * generated function imports only its own. Bundled from the sources with esbuild (minified), as a
 * user's bundler would.
 */
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { repoPath } from "../../kit/runtimes/harness.js";

async function bundle(imports: string): Promise<string> {
  const out = await build({
    stdin: {
      contents: `export { ${imports} } from "./src/index.ts";`,
      resolveDir: repoPath("."),
      loader: "ts",
    },
    bundle: true,
    minify: true,
    format: "esm",
    write: false,
    platform: "neutral",
    logLevel: "silent",
  });
  return out.outputFiles[0]?.text ?? "";
}

describe("one operation, its validators only", () => {
  it("createBaseClient + getIntent holds the Intent's checks and none of other operations'", async () => {
    const code = await bundle("createBaseClient, getIntent");
    expect(code).toContain("quoteRequest");
    for (const field of ["byQueryString", "lastReceiptStates", "tokenPrices", "nextPage"]) {
      expect(code, field).not.toContain(field);
    }
  }, 60_000);

  it("createBaseClient + getTokenPrices holds no Intent checks", async () => {
    const code = await bundle("createBaseClient, getTokenPrices");
    expect(code).toContain("tokenPrices");
    // Field names of the Intent that no bigint path mentions (the codec's table lists every type).
    for (const field of ["serviceVersion", "timedRefundUnlockTimestamp", "byQueryString"]) {
      expect(code, field).not.toContain(field);
    }
  }, 60_000);
});
