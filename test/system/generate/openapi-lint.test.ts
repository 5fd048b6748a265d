import { execFileSync } from "node:child_process";
import { expect, it } from "vitest";
import { ROOT } from "../../kit/runtimes/harness.js";

it("generated/openapi.json passes Redocly's recommended lint with no errors or warnings", () => {
  const out = execFileSync(
    "node_modules/.bin/redocly",
    ["lint", "generated/openapi.json", "--format=json"],
    {
      cwd: ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    },
  );
  const report = JSON.parse(out) as {
    totals: { errors: number; warnings: number };
    problems: unknown[];
  };
  expect(report.problems).toEqual([]);
  expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
});
