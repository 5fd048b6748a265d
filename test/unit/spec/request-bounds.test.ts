/** Request bounds compared between two versions of a field, with the bounds a type implies. */
import { describe, expect, it } from "vitest";
import { boundChanges } from "../../../scripts/spec/request-bounds.js";

describe("boundChanges", () => {
  it("reads an absent bound as the one the published schema implies for the type", () => {
    expect(boundChanges({}, { maxLength: "4096" }, "string", "string")).toEqual([]);
    expect(boundChanges({}, { maxLength: "100" }, "string", "string")).toEqual([
      { way: "tightened", detail: "maxLength 4096 → 100" },
    ]);
    expect(boundChanges({}, { minimum: "0" }, "bigint", "bigint")).toEqual([]);
    expect(boundChanges({}, { minimum: "1" }, "bigint", "bigint")).toEqual([
      { way: "tightened", detail: "minimum 0 → 1" },
    ]);
    expect(boundChanges({}, { maximum: "300" }, "uint8", "uint8")).toEqual([
      { way: "loosened", detail: "maximum 255 → 300" },
    ]);
  });

  it("compares integers past 2^53 exactly, and decimals as numbers", () => {
    const big = (n: bigint) => ({ maximum: n.toString() });
    expect(boundChanges(big(2n ** 200n), big(2n ** 200n - 1n), "bigint", "bigint")).toEqual([
      { way: "tightened", detail: `maximum ${2n ** 200n} → ${2n ** 200n - 1n}` },
    ]);
    expect(boundChanges({ maximum: "0.5" }, { maximum: "0.75" }, "float64", "float64")).toEqual([
      { way: "loosened", detail: "maximum 0.5 → 0.75" },
    ]);
  });

  it("calls a bound stated where none applied tightened, one dropped loosened, a new pattern changed", () => {
    expect(boundChanges({}, { maxItems: "10" }, "[]string", "[]string")).toEqual([
      { way: "tightened", detail: "maxItems none → 10" },
    ]);
    expect(boundChanges({ pattern: "^a$" }, {}, "string", "string")).toEqual([
      { way: "loosened", detail: "pattern ^a$ → none" },
    ]);
    expect(boundChanges({ pattern: "^a$" }, { pattern: "^b$" }, "string", "string")).toEqual([
      { way: "changed", detail: "pattern ^a$ → ^b$" },
    ]);
  });

  it("compares only stated bounds when the type itself changed (reported on its own)", () => {
    expect(boundChanges({}, {}, "uint8", "uint16")).toEqual([]);
    expect(boundChanges({ maximum: "9" }, { maximum: "5" }, "uint8", "uint16")).toEqual([
      { way: "tightened", detail: "maximum 9 → 5" },
    ]);
  });
});
