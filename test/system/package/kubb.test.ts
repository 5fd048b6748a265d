/**
 * The published OpenAPI document (`generated/openapi.json`, read from the packed tarball) in the
 * hands of a kubb user (pinned 4.39.3, the last line that runs on Node 20): its TypeScript and
 * fetch-client plugins generate (the error codes are one-value enums: kubb's TypeScript plugin
 * aborts on a negative `const`), the client compiles with `tsc --strict` and runs the lifecycle
 * through GetIntentReceipt against the dev server on loopback, amounts exact on the strings wire.
 * System tier (child processes).
 *
 * Options, and why:
 * - `pluginOas()`, `pluginTs()`, `pluginClient({ client: "fetch", bundle: true,
 *   dataReturnType: "full" })`: the types and the fetch client, its runtime written beside the
 *   code (`.kubb/fetch.ts`); `full` answers carry the HTTP status (the default returns the body
 *   alone, an error body typed as the success's).
 * - `output.extension: { ".ts": ".js" }`: imports end in `.js`, as a `module: nodenext` project
 *   compiles them (kubb writes `.ts` otherwise).
 * - At run time, `fetch.setConfig({ baseURL, headers })` with `Content-Type: application/json`
 *   (kubb's fetch client does not send it; the service answers WebrpcBadRequest without it) and
 *   the key; `X-Bigint-As: string` as the operations' typed header parameter.
 */
import { memoryStorage, safeBuild } from "@kubb/core";
import { pluginClient } from "@kubb/plugin-client";
import { pluginOas } from "@kubb/plugin-oas";
import { pluginTs } from "@kubb/plugin-ts";
import { describe, expect, it } from "vitest";
import { packedPath } from "../../kit/package/packed.js";
import {
  compileAndRunLifecycle,
  EXACT_AMOUNT,
  userProject,
} from "../../kit/package/strict-project.js";

const project = userProject("kubb");

describe("kubb's TypeScript and fetch plugins from the published document", () => {
  it("generate, compile under --strict and run the lifecycle exact on the strings wire", async () => {
    const built = await safeBuild({
      config: {
        root: project.dir,
        input: { path: packedPath("generated/openapi.json") },
        output: {
          path: "./client",
          clean: true,
          extension: { ".ts": ".js" },
          // kubb's default file storage resolves its keys (relative to `root`) against the
          // working directory and writes a second copy there; the files under `root` are
          // written all the same.
          storage: memoryStorage(),
        },
        plugins: [
          pluginOas(),
          pluginTs(),
          pluginClient({ client: "fetch", bundle: true, dataReturnType: "full" }),
        ],
      },
    });
    expect(built.error).toBeUndefined();
    expect([...built.failedPlugins]).toEqual([]);
    const seen = await compileAndRunLifecycle(project, "kubb");
    const exact = EXACT_AMOUNT;
    expect(seen).toEqual({
      quoteRequestAmount: exact,
      fromAmount: exact,
      committed: true,
      status: "EXECUTING",
      receiptAmount: exact,
    });
  }, 240_000);
});
