/**
 * Address and hash fields: the schema's `Address` and `Hash` types carry a pattern; the generated
 * validators check it where the field is (inlined), the published schemas name the type.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  validateExecuteIntentRequest,
  validateGetExactOutputRoutesRequest,
} from "../../../generated/validators.js";

const ADDRESS = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const routes = (destinationTokenAddress: string) =>
  validateGetExactOutputRoutesRequest({ destinationChainId: 8453, destinationTokenAddress });
const execute = (depositTransactionHash: string) =>
  validateExecuteIntentRequest({ intentId: "i", depositTransactionHash });

describe("Address and Hash fields", () => {
  it("accept 0x and 40 (or 64) hex digits in any case; empty only where the service sends it", () => {
    expect(routes(ADDRESS)).toBe(true);
    expect(routes(ADDRESS.toLowerCase())).toBe(true);
    expect(execute(`0x${"aB".repeat(32)}`)).toBe(true);
    // Go's unset string is what a server may send; a request never carries an empty address.
    expect(routes("")).toBe(false);
    expect(execute("")).toBe(false);
  });

  it("refuse anything else, naming the field", () => {
    for (const bad of ["0x1234", ADDRESS.slice(2), `${ADDRESS}0`, `0x${"g".repeat(40)}`, " "]) {
      expect(routes(bad), bad).toBe(false);
      expect(validateGetExactOutputRoutesRequest.errors?.[0]).toMatchObject({
        instancePath: "/destinationTokenAddress",
        keyword: "pattern",
      });
    }
    expect(execute(ADDRESS)).toBe(false); // an address is not a transaction hash
    expect(validateExecuteIntentRequest.errors?.[0]?.instancePath).toBe("/depositTransactionHash");
  });

  it("are named types in the published schemas", () => {
    const read = (name: string) =>
      JSON.parse(
        readFileSync(new URL(`../../../generated/schemas/${name}.json`, import.meta.url), "utf8"),
      );
    expect(read("Address")).toMatchObject({ type: "string", pattern: "^(?:0x[0-9a-fA-F]{40})?$" });
    expect(read("Hash")).toMatchObject({ type: "string", pattern: "^(?:0x[0-9a-fA-F]{64})?$" });
    expect(read("Call").properties.to).toEqual({ $ref: "Address.json" });
    // Optional: `null` too, as webrpc's Go servers write an unset member.
    expect(read("IntentTransaction").properties.txnHash.anyOf[0].$ref).toBe("Hash.json");
  });
});
