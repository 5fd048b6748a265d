/**
 * The published OpenAPI document, as the package ships it (`generated/openapi.json`, read from
 * the packed tarball), linted by tools nobody here wrote, offline: Redocly's `recommended`
 * rules and Spectral's `oas` ruleset, with no error and no warning. System tier (child
 * processes).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { packedPath } from "../../kit/package/packed.js";
import { ROOT } from "../../kit/runtimes/harness.js";

const SPEC = packedPath("generated/openapi.json");
const dir = mkdtempSync(join(tmpdir(), "xchain-lint-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const bin = (name: string) => join(ROOT, "node_modules", ".bin", name);

describe("the published OpenAPI document in other tools", () => {
  it("is shipped by the package, byte for byte the generated one", () => {
    expect(readFileSync(SPEC, "utf8")).toBe(
      readFileSync(join(ROOT, "generated/openapi.json"), "utf8"),
    );
  });

  it("passes Redocly's recommended rules with no error and no warning", () => {
    const run = spawnSync(
      bin("redocly"),
      ["lint", "--extends", "recommended", "--format", "json", SPEC],
      {
        cwd: ROOT,
        encoding: "utf8",
        timeout: 120_000,
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      },
    );
    const report = JSON.parse(run.stdout) as { totals: { errors: number; warnings: number } };
    expect(report.totals, run.stdout.slice(0, 2000)).toEqual(
      expect.objectContaining({ errors: 0, warnings: 0 }),
    );
    expect(run.status).toBe(0);
  }, 150_000);

  it("passes Spectral's oas ruleset with no error and no warning", () => {
    const ruleset = join(dir, ".spectral.json");
    writeFileSync(ruleset, JSON.stringify({ extends: ["spectral:oas"] }));
    const run = spawnSync(
      bin("spectral"),
      ["lint", SPEC, "--ruleset", ruleset, "--format", "json", "--fail-severity", "hint"],
      { cwd: ROOT, encoding: "utf8", timeout: 120_000 },
    );
    // The JSON report, then a line of prose ("No results with a severity of …").
    const report = run.stdout.slice(0, run.stdout.lastIndexOf("]") + 1) || "[]";
    const found = JSON.parse(report) as { code: string; message: string }[];
    expect(found.map((f) => `${f.code}: ${f.message}`)).toEqual([]);
    expect(run.status).toBe(0);
  }, 150_000);
});
