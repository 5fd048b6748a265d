/**
 * The published OpenAPI document (`generated/openapi.json`, read from the packed tarball) in the
 * hands of an orval user (pinned 7.13.2, the last release that runs on Node 20): its default
 * fetch client, compiled with `tsc --strict` (every error status is its own response, so the
 * answer types name real statuses), runs the lifecycle through GetIntentReceipt against the dev
 * server on loopback, amounts exact on the strings wire. System tier (child processes).
 *
 * Options, and why:
 * - `output.client: "fetch"`, `mode: "single"`: the default fetch client in one file.
 * - `output.baseUrl: { getBaseUrlFromSpecification: true, variables: { baseUrl } }`: the
 *   document's server is `{baseUrl}`; orval writes the base URL into each operation's URL at
 *   generation time (its fetch client takes no base URL at run time).
 * - At run time, `X-Access-Key` and `X-Bigint-As: string` in each call's `RequestInit` headers
 *   (orval's fetch client sends no header parameter of its own); it sets `Content-Type`.
 */
import { join } from "node:path";
import { generate } from "orval";
import { describe, expect, it } from "vitest";
import { packedPath } from "../../kit/package/packed.js";
import {
  compileAndRunLifecycle,
  EXACT_AMOUNT,
  userProject,
} from "../../kit/package/strict-project.js";

const project = userProject("orval");

describe("orval's fetch client from the published document", () => {
  it("compiles under --strict and runs the lifecycle exact on the strings wire", async () => {
    await generate({
      input: { target: packedPath("generated/openapi.json") },
      output: {
        target: join(project.dir, "client/api.ts"),
        client: "fetch",
        mode: "single",
        baseUrl: {
          getBaseUrlFromSpecification: true,
          variables: { baseUrl: project.srv.url },
        },
      },
    });
    const seen = await compileAndRunLifecycle(project, "orval");
    const exact = EXACT_AMOUNT;
    expect(seen).toEqual({
      quoteRequestAmount: exact,
      fromAmount: exact,
      committed: true,
      status: "EXECUTING",
      receiptAmount: exact,
      missing: { status: 400, error: "NotFound" },
    });
  }, 240_000);
});
