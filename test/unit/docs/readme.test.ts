import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { errorDefinitions } from "../../../generated/error-table.js";
import {
  ERRORS_END,
  ERRORS_START,
  errorsTable,
  README_PATH,
  retryColumn,
  withErrorsTable,
} from "../../../scripts/docs.js";
import { repoPath } from "../../kit/runtimes/harness.js";

const readme = readFileSync(README_PATH, "utf8");

describe("README", () => {
  it("opens with the two commands for a fresh machine", () => {
    const block = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
    const commands = block
      .trim()
      .split("\n")
      .map((l) => l.replace(/\s+#.*$/, "").trim());
    expect(commands).toEqual([
      "npm ci && npm run demo",
      "npm test && npm run test:system && npm run test:long",
    ]);
    expect(readme.indexOf("```sh")).toBeLessThan(readme.indexOf("\n## "));
  });

  it("has the error table as generated from the schema (run `npm run docs` when stale)", () => {
    expect(readme).toContain(ERRORS_START);
    expect(withErrorsTable(readme)).toBe(readme);
  });

  it("lists every error of the schema, with the retry policy", () => {
    const rows = errorsTable().split("\n").slice(2);
    expect(rows).toHaveLength(errorDefinitions.length);
    expect(errorDefinitions).toHaveLength(43);
    expect(retryColumn(1007)).toBe("always");
    expect(retryColumn(1201)).toBe("always");
    expect(retryColumn(1200)).toBe("no");
    expect(retryColumn(2001)).toBe("safe operations only");
    expect(retryColumn(9001)).toBe("safe operations only");
    expect(retryColumn(2000)).toBe("no");
  });

  it("keeps the reliability region that the fault-matrix run writes (docs/reliability.md)", () => {
    const doc = readFileSync(repoPath("docs/reliability.md"), "utf8");
    expect(doc.indexOf("<!-- reliability:start -->")).toBeLessThan(
      doc.indexOf("<!-- reliability:end -->"),
    );
    expect(readme.indexOf(ERRORS_END)).toBeGreaterThan(readme.indexOf(ERRORS_START));
  });

  it("names the CI test command exactly as .ci/run runs it", () => {
    const ci = readFileSync(repoPath(".ci/run"), "utf8");
    const lines = ci.split("\n").map((l) => l.trim());
    const block = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
    const testCommand = (block.trim().split("\n")[1] ?? "").replace(/\s+#.*$/, "").trim();
    // The README's test command (the fast tiers, the system tier, the long tier) is the last line CI runs.
    expect(lines.filter((l) => l !== "").at(-1)).toBe(testCommand);
    expect(lines.findIndex((l) => l.startsWith("npm ci"))).toBeLessThan(lines.indexOf(testCommand));
  });
});
