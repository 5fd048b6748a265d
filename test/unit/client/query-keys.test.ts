import { describe, expect, it } from "vitest";
import { queryKeyHashFn, queryKeys, toKeySafe } from "../../../src/query.js";

describe("query keys", () => {
  it("are root, operation, request", () => {
    expect(queryKeys.getIntent({ intentId: "i-1" })).toEqual([
      "xchain-intents",
      "GetIntent",
      { intentId: "i-1" },
    ]);
    expect(queryKeys.all).toEqual(["xchain-intents"]);
  });
  it("encode bigints so JSON.stringify (TanStack's hash) works", () => {
    const key = queryKeys.quoteIntent({
      ownerAddress: "0x1",
      originChainId: 1,
      originTokenAddress: "0x2",
      destinationChainId: 8453,
      destinationTokenAddress: "0x3",
      destinationTokenAmount: 2n ** 200n,
    });
    expect(JSON.stringify(key)).toContain(`{"$bigint":"${2n ** 200n}"}`);
    expect(toKeySafe({ a: [1n, undefined, { b: 2n }], c: undefined })).toEqual({
      a: [{ $bigint: "1" }, undefined, { b: { $bigint: "2" } }],
    });
  });
  it("queryKeyHashFn hashes raw bigints deterministically, member order ignored", () => {
    const a = queryKeyHashFn(["x", { b: 1n, a: { d: 2, c: 3n } }]);
    const b = queryKeyHashFn(["x", { a: { c: 3n, d: 2 }, b: 1n }]);
    expect(a).toBe(b);
    expect(a).toMatchInlineSnapshot(
      `"["x",{"a":{"c":{"$bigint":"3"},"d":2},"b":{"$bigint":"1"}}]"`,
    );
    expect(queryKeyHashFn(queryKeys.getIntent({ intentId: "z" }))).toBe(
      JSON.stringify(["xchain-intents", "GetIntent", { intentId: "z" }]),
    );
  });
});
