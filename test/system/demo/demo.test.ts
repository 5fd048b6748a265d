import { describe, expect, it } from "vitest";
import { parseDemoArgs } from "../../../src/demo/options.js";
import { createProgress } from "../../../src/demo/progress.js";
import { runDemo } from "../../../src/demo/run.js";
import { startServer } from "../../kit/server.js";

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: {
      stdout: { write: (t: string) => out.push(t), isTTY: false },
      stderr: { write: (t: string) => err.push(t) },
      env: {},
    },
  };
}

describe("the demo", () => {
  it("walks one intent to SUCCEEDED against the embedded dev server", async () => {
    const c = capture();
    const code = await runDemo(["--stage-ms", "20"], c.io);
    const text = c.out.join("");
    expect(c.err.join("")).toBe("");
    expect(code).toBe(0);
    for (const step of ["Pay routes", "Quote", "Commit", "Execute", "Progress", "Get", "Search"])
      expect(text).toContain(step);
    expect(text).toContain("you pay     25.166782 USDC");
    // The real deposit from the funded test account, and the balances it moved on both chains.
    expect(text).toMatch(/deposit tx {2}0x[0-9a-f]{64} mined on Arbitrum One/);
    expect(text).toContain("on Arbitrum One: 999,974.833218 USDC (-25.166782 USDC)");
    expect(text).toContain("on Base: 1,000,025 USDC (+25 USDC)");
    expect(text).not.toMatch(/simulated/i);
    expect(text).toMatch(/expires {5}\d{4}-\d\d-\d\dT/);
    expect(text).toMatch(/\[ *\d+\.\ds\] EXECUTING {2}deposit/);
    expect(text).toContain("✔ SUCCEEDED");
    expect(text).toContain("identical to the quote, every digit");
    expect(text).toMatch(/│ status +│ SUCCEEDED +│/);
    expect(text).not.toContain("\u001b[");
  });

  it("uses a service given by --base-url and --access-key (or the environment)", async () => {
    const srv = await startServer({ port: 0, durations: { stageMs: 20 } });
    try {
      const c = capture();
      c.io.env = { XCHAIN_INTENTS_ACCESS_KEY: srv.accessKey };
      const code = await runDemo(["--base-url", srv.url], c.io);
      expect(code).toBe(0);
      expect(c.out.join("")).toContain(`service     ${srv.url}\n`);
      expect(c.out.join("")).not.toContain(srv.accessKey);
      const bad = capture();
      expect(await runDemo([`--base-url=${srv.url}`, "--access-key", "nope"], bad.io)).toBe(1);
      expect(bad.err.join("")).toMatch(/demo failed: AccessKeyNotFoundError \(code 1101\)/);
    } finally {
      await srv.close();
    }
  });

  it("reads its arguments strictly", () => {
    expect(parseDemoArgs([], { XCHAIN_INTENTS_BASE_URL: "http://h:1/" }).baseUrl).toBe(
      "http://h:1/",
    );
    expect(parseDemoArgs(["--base-url=http://h:1/"]).baseUrl).toBe("http://h:1");
    expect(parseDemoArgs(["--plain"]).live).toBe(false);
    expect(() => parseDemoArgs(["--base-url"])).toThrow("--base-url needs a value");
    expect(() => parseDemoArgs(["--stage-ms", "-1"])).toThrow();
    expect(() => parseDemoArgs(["--what"])).toThrow('unknown option "--what"');
  });
});

describe("the progress display", () => {
  it("prints one plain line per change when not live", () => {
    const lines: string[] = [];
    let t = 0;
    const p = createProgress({ write: (s) => lines.push(s) }, { live: false, now: () => t });
    p.update("A");
    t = 500;
    p.update("A");
    p.update("B");
    p.done("C");
    expect(lines).toEqual(["  [ 0.0s] A\n", "  [ 0.5s] B\n", "  ✔ C  0.5s\n"]);
  });

  it("redraws one line in place when live", () => {
    const chunks: string[] = [];
    const p = createProgress({ write: (s) => chunks.push(s) }, { live: true, intervalMs: 1e6 });
    p.update("EXECUTING");
    p.done("SUCCEEDED", true);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the progress line starts with an ANSI escape
    expect(chunks[0]).toMatch(/^\r\u001b\[2K {2}. EXECUTING {2}\d\.\ds$/);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the progress line starts with an ANSI escape
    expect(chunks.at(-1)).toMatch(/^\r\u001b\[2K {2}✔ SUCCEEDED {2}\d\.\ds\n$/);
  });
});
