/**
 * Every answer of an intent's lifecycle, read by Python's standard library and validated by
 * `jsonschema` against the published `<Operation>Response` schemas, on both wires (asked per
 * request with `X-Bigint-As`), with the amount read back exactly. System tier (Python).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operationTable } from "../../../generated/operations.js";
import type { DevServer } from "../../../src/devserver/index.js";
import { packedPath } from "../../kit/package/packed.js";
import { lastJson, repoPath, run } from "../../kit/runtimes/harness.js";
import { startServer } from "../../kit/server.js";

/** 1.234567891234567891 WETH in wei: past 2^53. */
const AMOUNT = "1234567891234567891";

let srv: DevServer;
beforeAll(async () => {
  srv = await startServer({ port: 0, rateLimit: false });
});
afterAll(() => srv.close());

describe("a lifecycle's answers from Python jsonschema", () => {
  for (const wire of ["number", "string"] as const) {
    it(`are valid against the published schemas, amounts exact, on the ${wire}s wire`, async () => {
      const py = await run(
        "python3",
        [
          repoPath("test/kit/python/lifecycle_valid.py"),
          srv.url,
          srv.accessKey,
          packedPath("generated/schemas"),
          wire,
          AMOUNT,
        ],
        { cwd: repoPath("test/kit/python") },
      );
      expect(py.stderr).toBe("");
      const seen = lastJson(py) as {
        valid: Record<string, boolean>;
        errors: Record<string, string>;
        amount: string;
        amountType: string;
        receiptAmount: string;
      };
      expect(seen.errors).toEqual({});
      // Every operation of the interface, each answer validated.
      expect(Object.keys(seen.valid).sort()).toEqual(Object.keys(operationTable).sort());
      expect(Object.values(seen.valid).every(Boolean)).toBe(true);
      expect(seen.amount).toBe(AMOUNT);
      expect(seen.receiptAmount).toBe(AMOUNT);
      expect(seen.amountType).toBe(wire === "number" ? "int" : "str");
    }, 60_000);
  }
});
