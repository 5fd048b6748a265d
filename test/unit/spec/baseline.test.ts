/**
 * The release promise, checked on every `npm test`: the schema against the last release's
 * (`schema/baseline/service.ridl`), and the changelog's schema section written from that diff.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { changelogSection, spliceChangelog } from "../../../scripts/spec/changelog.js";
import { checkSchema } from "../../../scripts/spec/check.js";
import { textReport } from "../../../scripts/spec/report.js";

describe("the schema against the last release", () => {
  const verdict = checkSchema();

  it("breaks no old client, or raises the breaking digit (npm run spec:diff)", () => {
    // On failure the message is the list of changes, as `npm run spec:diff` prints it.
    expect(verdict.exitCode, textReport(verdict)).toBe(0);
  });

  it("has its changes in CHANGELOG.md (npm run spec:changelog)", () => {
    const changelog = readFileSync("CHANGELOG.md", "utf8");
    const current = spliceChangelog(changelog, changelogSection(verdict)) === changelog;
    expect(current, "CHANGELOG.md: the schema section is stale; run `npm run spec:changelog`").toBe(
      true,
    );
  });
});
