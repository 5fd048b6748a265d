/** The changelog's schema section, written from a diff. */
import { describe, expect, it } from "vitest";
import { changelogSection, END, START, spliceChangelog } from "../../../scripts/spec/changelog.js";
import { diffSchemas } from "../../../scripts/spec/diff.js";
import { verdictOf } from "../../../scripts/spec/report.js";
import { baseText, edit, parse } from "../../kit/spec/helpers.js";

const section = (edits: [string, string][]) => {
  const before = parse(baseText());
  const after = parse(edit(baseText(), edits));
  return changelogSection(
    verdictOf(
      { label: "schema/baseline/service.ridl", version: before.version },
      { label: "schema/service.ridl", version: after.version },
      diffSchemas(before, after),
    ),
  );
};

describe("spec:changelog", () => {
  it("sorts changes into breaking, changed and added, with paths", () => {
    const text = section([
      ["version = v0.3.1", "version = v0.4.0"],
      ["  - fee: uint64\n", "  - tip?: uint64\n"],
      ["  - SHIPPED\n", "  - SHIPPED\n  - REFUNDED\n"],
      ["  - SLOW\n  - FAST\n", "  - SLOW\n  - FAST\n  - INSTANT\n"],
    ]);
    expect(text).toBe(
      [
        "Schema v0.4.0, compared with the last release's schema v0.3.1 (`schema/baseline/service.ridl`).",
        "",
        "#### Breaking",
        "",
        "- required field removed, `QuoteResponse.fee`: uint64 (TypeScript source break).",
        "",
        "#### Changed",
        "",
        "- enum value added, `Speed.INSTANT` (at `QuoteRequest.speed`) (new clients need new servers: deploy servers first).",
        "",
        "#### Added",
        "",
        "- enum value added, `Status.REFUNDED` (at `QuoteResponse.order.status` and 1 more) (response enums are open: old clients of this SDK accept it; a strict client in another language may not).",
        "- optional field added, `QuoteResponse.tip`: uint64.",
      ].join("\n"),
    );
  });

  it("replaces only what is between its markers", () => {
    const doc = `# Changelog\n\n## [Unreleased]\n\n### Other\n\n- kept\n`;
    const once = spliceChangelog(doc, "first");
    expect(once).toBe(
      `# Changelog\n\n## [Unreleased]\n\n### Schema\n\n${START}\n\nfirst\n\n${END}\n\n### Other\n\n- kept\n`,
    );
    expect(spliceChangelog(once, "second")).toBe(once.replace("first", "second"));
  });
});
