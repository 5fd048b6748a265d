/**
 * The request edges a double cannot judge, judged exactly: JSON numbers at 2^256 − 1 and 2^256 in
 * amount fields, and at 2^64 − 1 and 2^64 in `ExactUint64` fields, plain and in exponent form.
 * Python's `jsonschema` reads them as the exact integers they are; its verdict on the published
 * schemas must equal the dev server's (a 400 listing `issues` or `WebrpcBadRequest` is a refusal
 * for breaking the schema). The rest of the differential check, in JavaScript with ajv, is
 * `test/integration/spec/request-differential.test.ts`. System tier (a Python child process).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import { OWNER, USDC_ARB } from "../../kit/constants.js";
import { packedPath } from "../../kit/package/packed.js";
import { lastJson, repoPath, run } from "../../kit/runtimes/harness.js";
import { startServer } from "../../kit/server.js";

const UNKNOWN = "0x1111111111111111111111111111111111111111";

let srv: DevServer;
let dir: string;
beforeAll(async () => {
  srv = await startServer({ port: 0, rateLimit: false });
  dir = mkdtempSync(join(tmpdir(), "xchain-py-edges-"));
});
afterAll(async () => {
  await srv.close();
  rmSync(dir, { recursive: true, force: true });
});

const MAX256 = 2n ** 256n - 1n;
const MAX64 = 2n ** 64n - 1n;

/** JSON number texts around `bound`, exact and in exponent form. */
function around(bound: bigint): string[] {
  const out: string[] = [];
  for (const v of [bound - 2n ** 60n, bound - 1n, bound, bound + 1n, bound + 2n ** 60n]) {
    const d = v.toString();
    out.push(d, `${d[0]}.${d.slice(1)}e${d.length - 1}`, `${d}.0`);
  }
  return out;
}

/** Each case: operation, request type, and the body text with the value in place. */
function cases(): { op: string; schema: string; label: string; body: string }[] {
  const quote = (field: string, v: string) =>
    `{"ownerAddress":"${OWNER}","originChainId":42161,"originTokenAddress":"${USDC_ARB}","destinationChainId":8453,"destinationTokenAddress":"${UNKNOWN}","tradeType":"EXACT_INPUT","originTokenAmount":${field === "originTokenAmount" ? v : "1"}${field === "destinationCallValue" ? `,"destinationCallData":"0x12","destinationCallValue":${v}` : ""}}`;
  const out: { op: string; schema: string; label: string; body: string }[] = [];
  for (const v of around(MAX256)) {
    for (const field of ["originTokenAmount", "destinationCallValue"]) {
      out.push({
        op: "QuoteIntent",
        schema: "QuoteIntentRequest",
        label: `${field}=${v}`,
        body: quote(field, v),
      });
    }
  }
  for (const v of around(MAX64)) {
    out.push({
      op: "SearchIntents",
      schema: "SearchIntentsRequest",
      label: `byProjectId=${v}`,
      body: `{"byProjectId":${v}}`,
    });
    out.push({
      op: "GetIntentHistory",
      schema: "GetIntentHistoryRequest",
      label: `history byProjectId=${v}`,
      body: `{"byProjectId":${v}}`,
    });
  }
  return out;
}

async function serverAccepts(op: string, body: string): Promise<boolean> {
  const res = await srv.fetch(
    new Request(`${srv.url}/rpc/Service/${op}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-access-key": srv.accessKey },
      body,
    }),
  );
  const text = await res.text();
  if (res.status !== 400) return true;
  const b = JSON.parse(text) as { error?: string; issues?: unknown };
  return !(b.error === "WebrpcBadRequest" || Array.isArray(b.issues));
}

describe("request edges past a double's precision, judged exactly (Python jsonschema)", () => {
  it("the published schemas and the dev server agree on every one", async () => {
    const all = cases();
    const file = join(dir, "cases.json");
    // The instances as raw text: Python reads every digit.
    writeFileSync(
      file,
      `[${all.map((c) => `{"label":${JSON.stringify(c.label)},"schema":"${c.schema}","instance":${c.body}}`).join(",")}]`,
    );
    const py = await run("python3", [
      repoPath("test/kit/python/validate_published.py"),
      packedPath("generated/schemas"),
      file,
    ]);
    expect(py.stderr).toBe("");
    const verdicts = lastJson(py) as Record<string, boolean>;
    const disagreements: string[] = [];
    for (const c of all) {
      const server = await serverAccepts(c.op, c.body);
      if (verdicts[c.label] !== server) {
        disagreements.push(`${c.op} ${c.label}: schema ${verdicts[c.label]}, server ${server}`);
      }
    }
    expect(disagreements).toEqual([]);
    // Both sides of each bound were judged, and judged differently.
    expect(verdicts[`originTokenAmount=${MAX256}`]).toBe(true);
    expect(verdicts[`originTokenAmount=${MAX256 + 1n}`]).toBe(false);
    expect(verdicts[`byProjectId=${MAX64}`]).toBe(true);
    expect(verdicts[`byProjectId=${MAX64 + 1n}`]).toBe(false);
  }, 120_000);
});
