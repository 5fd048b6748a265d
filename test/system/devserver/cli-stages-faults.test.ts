/**
 * `serve --stage-ms` and `serve --fault`, as a user runs them: the arguments read, the help listing
 * every fault value, and a child `serve` that a client drives over loopback HTTP — an intent that
 * settles in well under a second, and scheduled faults the client sees as retries, then success.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SIGNAL_LINE } from "../../../src/cli/banner.js";
import { FAULT_VALUES, parseServeArgs, SERVE_USAGE } from "../../../src/cli/serve-args.js";
import { parseFault } from "../../../src/devserver/faults/index.js";
import { createClient, isFinalStatus } from "../../../src/index.js";
import { isUsageError } from "../../../src/internal/command/usage-error.js";
import type { RetryInfo } from "../../../src/types.js";
import { usdcRequest } from "../../kit/devserver/helpers.js";
import { runCli, startServeChild, stopServeChild } from "../../kit/reliability/serve-child.js";
import { ROOT } from "../../kit/runtimes/harness.js";

const dir = mkdtempSync(join(tmpdir(), "xchain-stages-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function mistakeOf(args: string[]): string {
  try {
    parseServeArgs(args);
  } catch (e) {
    expect(isUsageError(e), String(e)).toBe(true);
    return (e as Error).message;
  }
  throw new Error(`no mistake found in ${JSON.stringify(args)}`);
}

describe("serve --stage-ms and --fault: the arguments", () => {
  it("reads --stage-ms, 1000 by default, and refuses what is not a duration", () => {
    expect(parseServeArgs([]).stageMs).toBe(1000);
    expect(parseServeArgs(["--stage-ms", "50"]).stageMs).toBe(50);
    expect(parseServeArgs(["--stage-ms=7"]).stageMs).toBe(7);
    for (const bad of ["0", "-5", "1.5", "abc", "600001"]) {
      expect(mistakeOf(["--stage-ms", bad])).toBe(
        `--stage-ms must be a whole number of milliseconds from 1 to 600000, not ${JSON.stringify(bad)}`,
      );
    }
  });

  it("reads --fault OPERATION=FAULT[xN], repeatable, N counting calls (429:S keeps its seconds)", () => {
    expect(
      parseServeArgs([
        "--fault",
        "QuoteIntent=429x3",
        "--fault=GetIntent=429:2x2",
        "--fault",
        "503",
        "--fault",
        "CommitIntent=slow-body:300",
      ]).faultRules,
    ).toEqual([
      { operation: "QuoteIntent", fault: "429", times: 3 },
      { operation: "GetIntent", fault: "429:2", times: 2 },
      { fault: "503", times: 1 },
      { operation: "CommitIntent", fault: "slow-body:300", times: 1 },
    ]);
    expect(parseServeArgs([]).faultRules).toEqual([]);
  });

  it("names what is wrong in a --fault", () => {
    expect(mistakeOf(["--fault", "QuoteIntent=418"])).toBe(
      '--fault must be OPERATION=FAULT[xN] (QuoteIntent=429x3; see --help for the faults), not "QuoteIntent=418"',
    );
    expect(mistakeOf(["--fault", "Quote=429"])).toMatch(
      /^--fault names no operation of the service: "Quote" \(operations: .*QuoteIntent.*\)$/,
    );
    expect(mistakeOf(["--fault", "QuoteIntent=429x0"])).toBe(
      '--fault must fail at least one call, not "QuoteIntent=429x0"',
    );
    expect(mistakeOf(["--fault"])).toBe("--fault needs a value");
  });

  it("lists in --help every fault value, each one a fault the server takes", () => {
    const kinds = new Set<string>();
    for (const [values, what] of FAULT_VALUES) {
      for (const v of values.split(", ")) {
        const fault = parseFault(v.replace(/:S$/, ":2").replace(/:MS$/, ":20"));
        expect(fault, v).toBeDefined();
        kinds.add(`${fault?.kind}${fault?.kind === "429" ? fault.retryAfter : ""}`);
        expect(SERVE_USAGE).toContain(values.padEnd(18) + what);
      }
    }
    // Every fault the server knows is listed.
    expect([...kinds].sort()).toEqual(
      [
        "429seconds",
        "429date",
        "429ms",
        "429none",
        "500",
        "503",
        "html-502",
        "reset-before",
        "slow-headers",
        "empty",
        "truncated",
        "slow-body",
        "reset-after",
        "deposit-dropped",
        "payout-delayed",
      ].sort(),
    );
    expect(SERVE_USAGE).toMatch(/--stage-ms N +time of each receipt stage in ms \(default 1000/);
    expect(SERVE_USAGE).toContain("--fault OP=FAULT[xN]");
  });
});

describe("serve --stage-ms and --fault: a client against the command", () => {
  it("settles an intent in 9 stages of 50 ms with --stage-ms 50; scheduled faults are retried, then pass", async () => {
    const srv = await startServeChild([
      "--simulated",
      "--stage-ms",
      "50",
      "--fault",
      "QuoteIntent=503x2",
      "--fault",
      "GetIntent=429-nonex1",
    ]);
    try {
      expect(srv.output()).toMatch(
        /stages: +50 ms each: an intent settles 450 ms after ExecuteIntent \(300 ms on one chain\); --stage-ms N changes it/,
      );
      expect(srv.output()).toContain(
        "faults:      on (X-Dev-Fault request header; first calls failing: QuoteIntent=503 x2, GetIntent=429-none x1)",
      );
      const retries: RetryInfo[] = [];
      const client = createClient({
        baseUrl: srv.url,
        accessKey: srv.key,
        retry: { baseDelayMs: 10, maxDelayMs: 50, onRetry: (r) => retries.push(r) },
      });
      const { intent } = await client.quoteIntent(usdcRequest());
      expect(retries.map((r) => [r.operation, r.error.status])).toEqual([
        ["QuoteIntent", 503],
        ["QuoteIntent", 503],
      ]);
      const { intentId } = await client.commitIntent({ intent });
      await client.executeIntent({ intentId, depositTransactionHash: `0x${"ab".repeat(32)}` });
      const started = Date.now();
      const final = await client.waitForIntent(intentId, { signal: AbortSignal.timeout(10_000) });
      expect(isFinalStatus(final.status)).toBe(true);
      expect(final.status).toBe("SUCCEEDED");
      // A generous bound, not a timing bar: the default stage (1 s) would take about 9 s.
      expect(Date.now() - started).toBeLessThan(5_000);
      expect((await client.getIntent({ intentId })).intent.intentId).toBe(intentId);
      expect(retries.map((r) => [r.operation, r.error.status]).slice(2)).toEqual([
        ["GetIntent", 429],
      ]);
      // The schedule is used up: the next calls pass at once.
      retries.length = 0;
      await client.quoteIntent(usdcRequest());
      await client.getIntent({ intentId });
      expect(retries).toEqual([]);

      // A second serve on the same port fails to start, says what to do and leaves no state file.
      const state = join(dir, "never.jsonl");
      const second = await runCli(["serve", "--port", String(srv.port), "--state", state]);
      expect(second.code).toBe(1);
      expect(second.output).toContain(
        `port ${srv.port} on 127.0.0.1 is already in use (EADDRINUSE)`,
      );
      expect(second.output).toContain("--port 0");
      expect(existsSync(state)).toBe(false);
    } finally {
      await stopServeChild(srv);
    }
  }, 60_000);
});

describe("the banner and the dev server's docs agree", () => {
  const readme = readFileSync(join(ROOT, "docs", "dev-server.md"), "utf8");
  it("on signals: the banner's line is in the README's banner, which says what its Signals paragraph says", () => {
    expect(readme).toContain(SIGNAL_LINE);
    const signals = /\*\*Signals\.\*\*([\s\S]*?)\n\n/.exec(readme)?.[1] ?? "";
    expect(signals).toContain("do not pass SIGTERM on");
    expect(SIGNAL_LINE).toContain("a SIGTERM to npm does not reach it");
  });
  it("on the stage time: the default and the option are stated", () => {
    expect(readme).toContain(
      "stages:      1000 ms each: an intent settles 9 s after ExecuteIntent",
    );
    expect(readme).toMatch(/`--stage-ms N` +\| +\| +time of each receipt stage \(default 1000 ms/);
  });
});
