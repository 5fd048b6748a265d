/**
 * The published OpenAPI document (`generated/openapi.json`, read from the packed tarball) in the
 * hands of an openapi-typescript-codegen user (pinned 0.31.0): its fetch client, compiled with
 * `tsc --strict`, runs the lifecycle through GetIntentReceipt against the dev server on loopback,
 * amounts exact on the strings wire; an error answer arrives as `ApiError` with the description
 * of its own status (every status the service uses is declared, not only 429). System tier
 * (child processes).
 *
 * Options, and why:
 * - `--client fetch` (`httpClient: "fetch"`); nothing else.
 * - Its imports name no extension: the user's project resolves them as a bundler does
 *   (`moduleResolution: "bundler"`), and `tsx` runs them.
 * - At run time, `OpenAPI.BASE` (generated from the document's `{baseUrl}` variable, whose
 *   default is a dev server's address: set it) and `OpenAPI.HEADERS` for the key (the
 *   generator does not apply API-key schemes); `X-Bigint-As: string` as each operation's
 *   `xBigintAs` parameter.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { generate } from "openapi-typescript-codegen";
import { describe, expect, it } from "vitest";
import { packedPath } from "../../kit/package/packed.js";
import {
  compileAndRunLifecycle,
  EXACT_AMOUNT,
  userProject,
} from "../../kit/package/strict-project.js";

const project = userProject("openapi-typescript-codegen");

describe("openapi-typescript-codegen's fetch client from the published document", () => {
  it("compiles under --strict and runs the lifecycle exact on the strings wire", async () => {
    await generate({
      input: packedPath("generated/openapi.json"),
      output: join(project.dir, "client"),
      httpClient: "fetch",
    });
    const config = readFileSync(join(project.dir, "client/core/OpenAPI.ts"), "utf8");
    // The server variable's default, which the lifecycle replaces.
    expect(config).toContain("BASE: 'http://127.0.0.1:8787'");
    const seen = await compileAndRunLifecycle(project, "openapi-typescript-codegen", "bundler");
    const exact = EXACT_AMOUNT;
    expect(seen).toEqual({
      quoteRequestAmount: exact,
      fromAmount: exact,
      committed: true,
      status: "EXECUTING",
      receiptAmount: exact,
      missing: {
        status: 400,
        statusText: expect.stringMatching(/^Bad request \(webrpc error body: .*NotFound/),
        error: "NotFound",
      },
    });
  }, 240_000);
});
