/**
 * A machine without Chromium skips the browser runtime test, and says so in one visible line
 * naming why and how to run it, so that a skip is not taken for a pass.
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../kit/runtimes/harness.js";

describe("the Chromium runtime test, without Chromium", () => {
  it("is skipped with one line saying why and how to run it", () => {
    const run = spawnSync(
      `${ROOT}node_modules/.bin/vitest`,
      [
        "run",
        "test/system/runtimes/chromium.test.ts",
        "--typecheck.enabled=false",
        "--color=false",
      ],
      {
        cwd: ROOT,
        encoding: "utf8",
        env: { ...process.env, CHROMIUM_PATH: "/nonexistent/chromium", CI: "", NO_COLOR: "1" },
        timeout: 60_000,
      },
    );
    const out = `${run.stdout}${run.stderr}`;
    expect(run.status, out).toBe(0);
    const lines = out.split("\n").filter((l) => l.includes("the Chromium runtime test needs"));
    expect(lines).toEqual([
      "skipped: the Chromium runtime test needs a browser at /nonexistent/chromium; install it " +
        "(apt-get install chromium) or set CHROMIUM_PATH=/path/to/chrome, and run it with " +
        "npx vitest run test/system/runtimes/chromium.test.ts",
    ]);
    expect(out).toMatch(/1 skipped/);
  }, 60_000);
});
