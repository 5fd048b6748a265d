/** The exit status rule: breaking old clients needs the breaking digit raised. */
import { describe, expect, it } from "vitest";
import { diffSchemas } from "../../../scripts/spec/diff.js";
import { changeLine, verdictOf } from "../../../scripts/spec/report.js";
import { bumpsBreakingDigit } from "../../../scripts/spec/version.js";
import { baseText, edit, parse } from "../../kit/spec/helpers.js";

const verdict = (edits: [string, string][], strictBoth = false) => {
  const before = parse(baseText());
  const after = parse(edit(baseText(), edits));
  return verdictOf(
    { label: "base", version: before.version },
    { label: "head", version: after.version },
    diffSchemas(before, after),
    strictBoth,
  );
};

const REMOVE_FEE: [string, string] = ["  - fee: uint64\n", ""];
const ADD_OP: [string, string] = [
  "  @retry:unsafe\n",
  "  - Cancel(orderId: string) => ()\n  @retry:unsafe\n",
];

describe("verdict", () => {
  it("fails a change that breaks old clients when the version is not bumped", () => {
    const v = verdict([REMOVE_FEE]);
    expect(v.exitCode).toBe(1);
    expect(v.failure).toMatch(
      /v0\.3\.1 → v0\.3\.1 does not raise the breaking digit \(0\.3\).*v0\.4\.0/,
    );
  });

  it("passes it when the minor is raised while the major is 0", () => {
    expect(verdict([REMOVE_FEE, ["version = v0.3.1", "version = v0.4.0"]]).exitCode).toBe(0);
  });

  it("a patch bump is not enough", () => {
    expect(verdict([REMOVE_FEE, ["version = v0.3.1", "version = v0.3.2"]]).exitCode).toBe(1);
  });

  it("passes a change that only breaks new clients against old servers, unless --strict-both", () => {
    expect(verdict([ADD_OP]).exitCode).toBe(0);
    const strict = verdict([ADD_OP], true);
    expect(strict.exitCode).toBe(1);
    expect(strict.failure).toMatch(/--strict-both: 1 change/);
  });

  it("knows the breaking digit", () => {
    expect(bumpsBreakingDigit("v1.2.3", "v1.3.0")).toBe(false);
    expect(bumpsBreakingDigit("v1.2.3", "v2.0.0")).toBe(true);
    expect(bumpsBreakingDigit("v0.2.3", "v0.3.0")).toBe(true);
    expect(bumpsBreakingDigit("v0.2.3", "v1.0.0")).toBe(true);
    expect(bumpsBreakingDigit("v0.2.3", "v0.2.9")).toBe(false);
    expect(bumpsBreakingDigit("v0.2.3", "v0.1.9")).toBe(false);
    expect(bumpsBreakingDigit("garbage", "v9.0.0")).toBe(false);
  });

  it("prints one line per change with its kind, path and both directions", () => {
    const [change] = verdict([REMOVE_FEE]).changes;
    expect(change && changeLine(change)).toBe(
      "BREAKING   field-removed-required QuoteResponse.fee uint64: old client/new server BREAKS, " +
        "new client/old server ok, TypeScript BREAKS (old clients require it in responses)",
    );
  });
});
