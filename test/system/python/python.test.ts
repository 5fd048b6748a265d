import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import { createClient } from "../../../src/index.js";
import { packedPath } from "../../kit/package/packed.js";
import { lastJson, npmBin, repoPath, run } from "../../kit/runtimes/harness.js";
import { startServer } from "../../kit/server.js";

/** 1,234.567… WETH in wei: past 2^53 and past 2^64. */
const AMOUNT = 1_234_567_890_123_456_789_012n;

let srv: DevServer;
let dir: string;

beforeAll(async () => {
  // Number mode: bigints are JSON numbers on the wire; the price-impact bound is lifted so that
  // the large amount is quoted.
  srv = await startServer({ port: 0, bigintAs: "number", maxPriceImpact: 0.5 });
  dir = mkdtempSync(join(tmpdir(), "xchain-python-"));
});

afterAll(async () => {
  await srv.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the published JSON Schemas from Python", () => {
  it("generate Python types (quicktype) that decode a live QuoteIntent answer exactly", async () => {
    const gen = await run(npmBin("quicktype"), [
      "--lang",
      "python",
      "--python-version",
      "3.7",
      "--src-lang",
      "schema",
      "--no-date-times",
      "--top-level",
      "QuoteIntentResponse",
      "--out",
      join(dir, "quote_intent_response.py"),
      packedPath("generated/schemas/QuoteIntentResponse.json"),
    ]);
    expect(gen.stderr).toBe("");
    expect(gen.code).toBe(0);

    const py = await run("python3", [
      repoPath("test/kit/python/decode_quote.py"),
      dir,
      srv.url,
      srv.accessKey,
      AMOUNT.toString(),
    ]);
    expect(py.stderr).toBe("");
    const decoded = lastJson(py) as {
      intentId: string;
      status: string;
      amounts: Record<string, string>;
      checks: Record<string, boolean>;
    };
    expect(decoded.checks).toEqual({
      allInts: true,
      pastTwoTo53: true,
      toAmountExact: true,
      digitsInBody: true,
      roundTrip: true,
    });
    expect(decoded.status).toBe("QUOTED");

    // The same intent read by the TypeScript client: every amount agrees digit for digit.
    const client = createClient({ baseUrl: srv.url, accessKey: srv.accessKey });
    const { intent } = await client.getIntent({ intentId: decoded.intentId });
    expect(decoded.amounts).toEqual({
      salt: intent.salt.toString(),
      fromAmount: intent.quote.fromAmount.toString(),
      toAmount: AMOUNT.toString(),
      depositAmount: intent.depositTransaction.amount.toString(),
      minAmount: intent.originPrecondition.minAmount.toString(),
      totalFeeAmount: intent.fees.totalFeeAmount.toString(),
    });
    expect(BigInt(decoded.amounts.fromAmount ?? "0")).toBeGreaterThan(2n ** 64n);
  });
});
