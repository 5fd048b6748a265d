import { readFileSync } from "node:fs";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { SCHEMA_VERSION } from "../../../generated/operations.js";
import { SDK_VERSION, WEBRPC_HEADER } from "../../../src/client/version.js";
import { repoPath } from "../../kit/runtimes/harness.js";

/**
 * The client entries as bundlers see them. Their names are checked in the unit tier
 * (`test/unit/package/entries.test.ts`).
 */
describe("the client entries", () => {
  it("names the package version in the Webrpc header", () => {
    const pkg = JSON.parse(readFileSync(repoPath("package.json"), "utf8"));
    expect(SDK_VERSION).toBe(pkg.version);
    expect(WEBRPC_HEADER).toBe(
      `webrpc@v1;xchain-intents@${pkg.version};xchain-intents@${SCHEMA_VERSION}`,
    );
  });

  it.each(["index", "errors", "query"])(
    "src/%s.ts imports no Node built-in and no ajv compiler, and evaluates no code",
    async (entry) => {
      const out = await build({
        entryPoints: [repoPath(`src/${entry}.ts`)],
        bundle: true,
        write: false,
        format: "esm",
        platform: "neutral",
        metafile: true,
        logLevel: "silent",
      });
      const inputs = Object.keys(out.metafile.inputs);
      expect(inputs.filter((p) => p.startsWith("node:") || /\bajv\b/.test(p))).toEqual([]);
      const imports = Object.values(out.metafile.outputs).flatMap((o) =>
        o.imports.map((i) => i.path),
      );
      expect(imports).toEqual([]);
      const code = out.outputFiles[0]?.text ?? "";
      expect(code).not.toMatch(/\beval\(|new Function\(/);
    },
  );
});
