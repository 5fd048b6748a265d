/** What is not a change: the same schema, comments, formatting and declaration order. */
import { describe, expect, it } from "vitest";
import { diffSchemas } from "../../../scripts/spec/diff.js";
import { baseText, edit, parse } from "../../kit/spec/helpers.js";

describe("spec:diff reports nothing", () => {
  const base = parse(baseText());

  it("on an unchanged schema", () => {
    expect(diffSchemas(base, parse(baseText()))).toEqual([]);
  });

  it("on the repository's schema against itself", async () => {
    const { loadSchema } = await import("../../../scripts/spec/load.js");
    const { schema } = loadSchema("schema/service.ridl");
    expect(diffSchemas(schema, schema)).toEqual([]);
  });

  it("on comment-only edits", () => {
    const text = edit(baseText(), [
      ["# Quote a price.", "# Quote a price, in the token's base units.\n  # Second line."],
      ["struct Item\n", "# One line of an order.\nstruct Item # trailing\n"],
      ["  - SLOW\n", "  # The slow lane.\n  - SLOW\n"],
      ["error 1000", "# Errors.\nerror 1000"],
    ]);
    expect(text).not.toBe(baseText());
    expect(diffSchemas(base, parse(text))).toEqual([]);
  });

  it("on formatting-only edits: spacing, indentation, blank lines, declaration order", () => {
    const moved = "struct Item\n  - sku: string\n  - price: float64\n";
    const text = edit(baseText(), [
      ["  - owner: string", "-owner:string"],
      ["  - amount: bigint\n  - speed", "      - amount:   bigint\n\n\n  - speed"],
      ["=> (QuoteResponse)", "=>(QuoteResponse)"],
      [moved, ""],
      ["webrpc = v1\n", `webrpc=v1\n\n${moved}\n`],
      ["  - sku: string", "\t- sku: string"],
    ]);
    expect(diffSchemas(base, parse(text))).toEqual([]);
  });
});
