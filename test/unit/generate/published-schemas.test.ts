import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { SCHEMA_VERSION } from "../../../generated/operations.js";
import { repoPath } from "../../kit/runtimes/harness.js";

const dir = repoPath("generated/schemas/");
const docs = readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as { $id: string; title: string });

function compiler() {
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, validateFormats: false });
  ajv.addFormat("bigint", true);
  for (const doc of docs) ajv.addSchema(doc);
  return ajv;
}

describe("published JSON Schemas (generated/schemas/)", () => {
  it("are one 2020-12 document per type, each with an $id and a title", () => {
    expect(docs.length).toBeGreaterThan(50);
    for (const doc of docs) {
      expect(doc).toMatchObject({ $schema: "https://json-schema.org/draft/2020-12/schema" });
      expect(doc.$id).toBe(
        `https://schemas.xchain-intents.dev/${SCHEMA_VERSION}/${doc.title}.json`,
      );
    }
  });

  it("compile, every $ref resolving, under ajv's strict 2020-12 mode", () => {
    const ajv = compiler();
    for (const doc of docs) expect(() => ajv.getSchema(doc.$id)).not.toThrow();
  });

  it("accept amounts as JSON integers or decimal strings, and reject floats", () => {
    const validate = compiler().getSchema(
      `https://schemas.xchain-intents.dev/${SCHEMA_VERSION}/DepositTransaction.json`,
    );
    if (!validate) throw new Error("DepositTransaction schema missing");
    const tx = {
      toAddress: "0x0000000000000000000000000000000000000001",
      tokenAddress: "0x0000000000000000000000000000000000000002",
      amount: "115792089237316195423570985008687907853269984665640564039457584007913129639935",
      chainId: 1,
      to: "0x0000000000000000000000000000000000000003",
      data: "0x",
      value: 0,
      decimals: 6,
    };
    expect(validate(tx)).toBe(true);
    expect(validate({ ...tx, amount: 1000000 })).toBe(true);
    expect(validate({ ...tx, amount: 1.5 })).toBe(false);
    expect(validate({ ...tx, amount: "1.5" })).toBe(false);
  });
});
