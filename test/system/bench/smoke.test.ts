/**
 * Every bench script runs: each `bench:*` script of package.json, read from the file (so a new
 * bench is covered without a change here), runs as `npm run -s <name>` with `BENCH_SMOKE=1` (one
 * short sample of everything, see `test/bench/smoke.ts`) in a process group of its own, and must
 * end by itself, with status 0, within its time bound. Its figures are not looked at: a bench
 * that no longer runs (a request the client now refuses, a renamed export) fails here instead of
 * in the hands of whoever runs it next.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { spawnCli, within } from "../../kit/reliability/serve-child.js";
import { repoPath } from "../../kit/runtimes/harness.js";

/** How long one bench may take in smoke mode: about 20 s on a loaded machine, at most. */
const BOUND_MS = 150_000;

const scripts = (
  JSON.parse(readFileSync(repoPath("package.json"), "utf8")) as { scripts: Record<string, string> }
).scripts;
const benches = Object.keys(scripts).filter((name) => name.startsWith("bench:"));

describe("every bench runs in smoke mode", () => {
  it("finds the bench scripts, each a file of test/bench", () => {
    expect(benches.length).toBeGreaterThanOrEqual(8);
    for (const name of benches) expect(scripts[name]).toMatch(/test\/bench\/[\w-]+\.ts\b/);
  });

  for (const name of benches) {
    it(
      name,
      async () => {
        const run = spawnCli([], {
          command: ["npm", "run", "-s", name],
          env: { BENCH_SMOKE: "1", NO_COLOR: "1" },
          group: true,
        });
        try {
          const exit = await within(run.closed, BOUND_MS, `npm run ${name} should end`);
          expect({ ...exit, output: exit.code === 0 ? "" : run.output() }).toEqual({
            code: 0,
            signal: null,
            output: "",
          });
          // A table or a line of figures came out: the bench ran to its report.
          expect(run.output()).toMatch(/\|.*\d/);
        } finally {
          // Whatever is left of the group (dev servers, anvils, child processes of the bench).
          try {
            if (run.child.pid !== undefined) process.kill(-run.child.pid, "SIGKILL");
          } catch {
            // the group is gone
          }
        }
      },
      BOUND_MS + 10_000,
    );
  }
});
