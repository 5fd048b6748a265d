import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { readDiscovery } from "../../../src/demo/discover.js";
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
    expect(text).toContain("minimums    pay 25.041574 USDC");
    expect(text).toContain(
      "you pay the minimum the route needs at the quoted price plus a slippage margin of 0.125208 USDC (≤ 0.5%)",
    );
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
      expect(c.out.join("")).toContain(
        `service     ${srv.url} (dev server, simulated: from GET /dev/chains)\n`,
      );
      expect(c.out.join("")).not.toContain(srv.accessKey);
      const bad = capture();
      expect(await runDemo([`--base-url=${srv.url}`, "--access-key", "nope"], bad.io)).toBe(1);
      expect(bad.err.join("")).toMatch(/demo failed: AccessKeyNotFoundError \(code 1101\)/);
    } finally {
      await srv.close();
    }
  });

  it("stops after the commit at a service that does not describe its chains", async () => {
    const srv = await startServer({ port: 0, durations: { stageMs: 20 } });
    // A service like the dev server but without its discovery call (as a real deployment).
    const proxy = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", async () => {
        if (req.url === "/dev/chains") {
          res.writeHead(404).end();
          return;
        }
        const headers = new Headers();
        for (const [k, v] of Object.entries(req.headers))
          if (typeof v === "string") headers.set(k, v);
        const answer = await srv.fetch(`${srv.url}${req.url}`, {
          method: req.method ?? "POST",
          headers,
          body: Buffer.concat(chunks),
        });
        res.writeHead(answer.status, Object.fromEntries(answer.headers));
        res.end(Buffer.from(await answer.arrayBuffer()));
      });
    });
    await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", r));
    const { port } = proxy.address() as AddressInfo;
    try {
      const c = capture();
      const code = await runDemo(
        ["--base-url", `http://127.0.0.1:${port}`, "--access-key", srv.accessKey],
        c.io,
      );
      const text = c.out.join("");
      expect(code).toBe(0);
      expect(text).toContain("committed   ");
      expect(text.replace(/\s+/g, " ")).toContain("Stopping after the commit: http://127.0.0.1:");
      expect(text).toContain("never sends a made-up deposit hash");
      expect(text).not.toContain("[4/7] Execute");
      expect(srv.stats().succeeded.ExecuteIntent ?? 0).toBe(0);
    } finally {
      await new Promise((r) => proxy.close(r));
      await srv.close();
    }
  });

  it("reads a discovery answer strictly", () => {
    const key = `0x${"ab".repeat(32)}`;
    const address = `0x${"cd".repeat(20)}`;
    const good = {
      mode: "chains",
      chains: { 42161: { rpcUrl: "http://127.0.0.1:1" } },
      testAccounts: [{ address, privateKey: key }],
    };
    expect(readDiscovery(good)).toEqual({
      mode: "chains",
      rpcUrls: { 42161: "http://127.0.0.1:1" },
      testAccounts: [{ address, privateKey: key }],
    });
    for (const bad of [
      null,
      "chains",
      { ...good, mode: "real" },
      { ...good, chains: { x: { rpcUrl: "http://h" } } },
      { ...good, chains: { 1: { rpcUrl: "file:///etc/passwd" } } },
      { ...good, testAccounts: [{ address, privateKey: "0x12" }] },
      { ...good, testAccounts: [] },
    ])
      expect(readDiscovery(bad)).toBeUndefined();
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
