import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { README_PATH } from "../../../scripts/docs.js";
import { npmBin, repoPath, run } from "../../kit/runtimes/harness.js";

/** Names the README's snippets use without defining them (what a reader's code would have). */
const CONTEXT = `import type { Intent, IntentClient } from "xchain-intents";
declare const depositTransactionHash: string;
declare const intentId: string;
declare const intent: Intent;
declare const text: string;
declare const baseUrl: string;
declare const accessKey: string;
declare const committedAt: Date;
declare const queryClient: import("@tanstack/query-core").QueryClient;
declare const request: import("xchain-intents").QuoteIntentRequest;
declare const wallet: import("viem").WalletClient;
declare function log(...values: unknown[]): void;
declare function render(...values: unknown[]): void;
declare function requote(): unknown;
declare function later(): unknown;
`;

/** A snippet as a module: its imports on top, the rest in an async function. */
function asModule(snippet: string, index: number): string {
  const imports = snippet.match(/import[^;]*?from\s*"[^"]+";/g) ?? [];
  let body = snippet;
  for (const i of imports) body = body.replace(i, "");
  const client = /\bconst client =/.test(body) ? "" : "declare const client: IntentClient;\n";
  return `${imports.join("\n")}\n${CONTEXT}${client}\nexport async function snippet${index}() {\n${body}\n}\n`;
}

describe("the TypeScript snippets of the README and docs/", () => {
  it("type-check against the package's types (strict)", async () => {
    const docs = readdirSync(repoPath("docs/")).filter((f) => f.endsWith(".md"));
    const readme = [README_PATH, ...docs.map((f) => repoPath(`docs/${f}`))]
      .map((path) => readFileSync(path, "utf8"))
      .join("\n");
    const snippets = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] ?? "");
    expect(snippets.length).toBeGreaterThan(5);
    const dir = mkdtempSync(join(tmpdir(), "xchain-snippets-"));
    try {
      snippets.forEach((s, i) => {
        writeFileSync(join(dir, `snippet${i}.mts`), asModule(s, i));
      });
      writeFileSync(
        join(dir, "tsconfig.json"),
        JSON.stringify({
          extends: repoPath("tsconfig.json"),
          compilerOptions: {
            noEmit: true,
            noUnusedLocals: false,
            typeRoots: [repoPath("node_modules/@types")],
            paths: {
              "xchain-intents": [repoPath("src/index.ts")],
              "xchain-intents/devserver": [repoPath("src/devserver.ts")],
              "xchain-intents/devserver/browser": [repoPath("src/devserver/browser/index.ts")],
              "xchain-intents/errors": [repoPath("src/errors.ts")],
              "xchain-intents/query": [repoPath("src/query.ts")],
              "xchain-intents/types": [repoPath("src/types.ts")],
              "xchain-intents/viem": [repoPath("src/viem.ts")],
              viem: [repoPath("node_modules/viem/_types/index.d.ts")],
              "viem/*": [repoPath("node_modules/viem/_types/*/index.d.ts")],
              "@tanstack/query-core": [
                repoPath("node_modules/@tanstack/query-core/build/modern/index.d.ts"),
              ],
            },
          },
          include: ["./*.mts"],
        }),
      );
      const out = await run(npmBin("tsc"), ["-p", join(dir, "tsconfig.json")], {
        timeoutMs: 120_000,
      });
      expect(out.stdout + out.stderr).toBe("");
      expect(out.code).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 150_000);
});
