/**
 * The published JSON Schemas say what the SDK does about enums, checked with Python's
 * `jsonschema` against `generated/schemas/`: a status added after the schema was published
 * validates in a response (open enums), a typo in a request enum is refused (closed enums), and a
 * request member that carries back a response's value (the intent to commit) keeps the open form.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import { createClient } from "../../../src/index.js";
import { OWNER, USDC_ARB, USDC_BASE } from "../../kit/constants.js";
import { packedPath } from "../../kit/package/packed.js";
import { lastJson, repoPath, run } from "../../kit/runtimes/harness.js";
import { startServer } from "../../kit/server.js";

let srv: DevServer;
let dir: string;

beforeAll(async () => {
  srv = await startServer({ port: 0, bigintAs: "string" });
  dir = mkdtempSync(join(tmpdir(), "xchain-jsonschema-"));
});
afterAll(async () => {
  await srv.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Case {
  label: string;
  schema: string;
  instance: unknown;
}

async function validate(cases: Case[]): Promise<Record<string, boolean>> {
  const file = join(dir, "cases.json");
  // Bigints as decimal strings, as webrpc servers send them.
  const bigintsAsText = (_key: string, v: unknown) => (typeof v === "bigint" ? v.toString() : v);
  writeFileSync(file, JSON.stringify(cases, bigintsAsText));
  const py = await run("python3", [
    repoPath("test/kit/python/validate_published.py"),
    packedPath("generated/schemas"),
    file,
  ]);
  expect(py.stderr).toBe("");
  return lastJson(py) as Record<string, boolean>;
}

describe("the published JSON Schemas' enums, from Python jsonschema", () => {
  it("accept a new status in responses and refuse a typo in requests", async () => {
    const client = createClient({ baseUrl: srv.url, accessKey: srv.accessKey });
    const request = {
      ownerAddress: OWNER,
      originChainId: 8453,
      originTokenAddress: USDC_BASE,
      destinationChainId: 42161,
      destinationTokenAddress: USDC_ARB,
      destinationTokenAmount: 1_000_000n,
      tradeType: "EXACT_OUTPUT" as const,
    };
    const quoted = await client.quoteIntent(request);
    const intent = quoted.intent;
    const settling = { intent: { ...intent, status: "SETTLING" } };
    const results = await validate([
      { label: "response as sent", schema: "GetIntentResponse", instance: { intent } },
      { label: "response, new status", schema: "GetIntentResponse", instance: settling },
      {
        label: "response, status not a string",
        schema: "GetIntentResponse",
        instance: { intent: { ...intent, status: 7 } },
      },
      {
        label: "execute response, new status",
        schema: "ExecuteIntentResponse",
        instance: { intentId: intent.intentId, intentStatus: "SETTLING" },
      },
      { label: "request as sent", schema: "QuoteIntentRequest", instance: request },
      {
        label: "request, typo",
        schema: "QuoteIntentRequest",
        instance: { ...request, tradeType: "EXACT_OUT" },
      },
      {
        label: "request, nested typo",
        schema: "QuoteIntentRequest",
        instance: { ...request, options: { bridgeProvider: "RELAYY" } },
      },
      {
        label: "commit of an intent with a new status",
        schema: "CommitIntentRequest",
        instance: settling,
      },
    ]);
    expect(results).toEqual({
      "response as sent": true,
      "response, new status": true,
      "response, status not a string": false,
      "execute response, new status": true,
      "request as sent": true,
      "request, typo": false,
      "request, nested typo": false,
      "commit of an intent with a new status": true,
    });
  });
});
