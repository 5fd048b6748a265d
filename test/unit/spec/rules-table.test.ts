/** The table of breaking changes in docs/schema-changes.md is written from the check's rules. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RULES } from "../../../scripts/spec/rules.js";
import { RULES_START, rulesTable, withRulesTable } from "../../../scripts/spec/rules-table.js";

const doc = readFileSync("docs/schema-changes.md", "utf8");

describe("docs/schema-changes.md", () => {
  it("has the table as the rules give it (run `npm run docs` when stale)", () => {
    expect(doc).toContain(RULES_START);
    expect(withRulesTable(doc) === doc, "docs/schema-changes.md: run `npm run docs`").toBe(true);
  });

  it("has a row per kind and place, with the rule's effects", () => {
    const rows = rulesTable().split("\n").slice(2);
    const places = Object.values(RULES).reduce(
      (n, r) => n + (r.any ? 1 : 0) + (r.request ? 1 : 0) + (r.response ? 1 : 0),
      0,
    );
    expect(rows).toHaveLength(places);
    const cells = (r: string | undefined) =>
      (r ?? "").split(" | ").map((c) => c.replace(/^\| |\s*\|?$/g, "").trim());
    const required = rows.find(
      (r) => r.includes("`field-added-required`") && r.includes("| request "),
    );
    expect(cells(required).slice(1)).toEqual([
      "request",
      "**breaks**",
      "—",
      "**breaks**",
      "old clients do not send it",
    ]);
    const enumAdded = rows.find(
      (r) => r.includes("`enum-value-added`") && r.includes("| response "),
    );
    expect(cells(enumAdded).slice(1, 5)).toEqual(["response", "note", "—", "—"]);
  });

  it("is linked from the README", () => {
    expect(readFileSync("README.md", "utf8")).toContain("(docs/schema-changes.md)");
  });
});
