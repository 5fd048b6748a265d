import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { README_PATH } from "../../../scripts/docs.js";
import { npmBin, repoPath, run } from "../../kit/runtimes/harness.js";

/** The first `ts` code block under a heading of the README. */
function codeUnder(heading: string): string {
  const readme = readFileSync(README_PATH, "utf8");
  const at = readme.indexOf(`\n## ${heading}\n`);
  const block = /```ts\n([\s\S]*?)```/.exec(readme.slice(at));
  if (at < 0 || !block?.[1]) throw new Error(`no ts block under ## ${heading}`);
  return block[1];
}

describe("the README's quick start", () => {
  it("runs as written (the package's name mapped to the sources)", async () => {
    const code = codeUnder("Quick start")
      .replace('"xchain-intents/devserver"', JSON.stringify(repoPath("src/devserver.ts")))
      .replace('"xchain-intents/viem"', JSON.stringify(repoPath("src/viem.ts")))
      .replace(
        '"viem/accounts"',
        JSON.stringify(repoPath("node_modules/viem/_esm/accounts/index.js")),
      )
      .replace('"viem"', JSON.stringify(repoPath("node_modules/viem/_esm/index.js")))
      .replace('"xchain-intents"', JSON.stringify(repoPath("src/index.ts")));
    const dir = mkdtempSync(join(tmpdir(), "xchain-quickstart-"));
    try {
      writeFileSync(join(dir, "quickstart.mts"), code);
      const out = await run(npmBin("tsx"), [join(dir, "quickstart.mts")]);
      expect(out.stderr).toBe("");
      expect(out.code).toBe(0);
      expect(out.stdout).toContain("EXECUTING");
      expect(out.stdout.trim().split("\n").at(-1)).toBe("SUCCEEDED 25166782n");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
