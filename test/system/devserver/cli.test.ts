/**
 * `xchain-intents serve` as a user runs it: a child process, its URL and key read from stdout,
 * real HTTP, then a signal. The time limits only keep a hung child from hanging the run.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { QuoteIntentResponse, WaitIntentReceiptResponse } from "../../../generated/types.js";
import { parseJson, stringifyJson } from "../../../src/codec/index.js";
import { createClient } from "../../../src/index.js";
import { usdcRequest } from "../../kit/quote-request.js";
import {
  runCli,
  type ServeChild,
  startServeChild,
  stopServeChild,
  within,
} from "../../kit/reliability/serve-child.js";

const LIMIT_MS = 20_000;

/** `serve --port 0 --simulated …args`, its URL and key read from its banner. */
function serve(args: string[] = [], env: Record<string, string> = {}): Promise<ServeChild> {
  // These tests are about serve itself: the simulated mode (real chains: test/system/chains/).
  return startServeChild(args, { env, readyMs: LIMIT_MS });
}

/** POSTs an operation over HTTP with the codec, as any client would; expects a 200. */
async function post<T>(base: { url: string; key: string }, op: string, body: unknown): Promise<T> {
  const res = await fetch(`${base.url}/rpc/Service/${op}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-access-key": base.key },
    body: stringifyJson(body, `${op}Request`),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${op}: ${res.status} ${text}`);
  return parseJson(text, `${op}Response`) as T;
}

describe("xchain-intents serve", () => {
  it("prints its URL and key, answers Ping, and exits with 0 on SIGINT", async () => {
    const srv = await serve();
    expect(srv.key).toMatch(/^dev_[0-9a-f]{32}$/);
    expect(await post(srv, "Ping", {})).toMatchObject({ version: expect.any(String) });
    expect(srv.child.kill("SIGINT")).toBe(true);
    expect(await within(srv.exit, LIMIT_MS, "exit after SIGINT")).toEqual({
      code: 0,
      signal: null,
    });
    await expect(fetch(`${srv.url}/rpc/Service/Ping`, { method: "POST" })).rejects.toThrow();
  }, 60_000);

  it("exits with 0 on SIGTERM while a WaitIntentReceipt long poll is held, cutting it", async () => {
    const srv = await serve();
    const { intent } = await post<QuoteIntentResponse>(srv, "QuoteIntent", usdcRequest());
    const now = await post<WaitIntentReceiptResponse>(srv, "WaitIntentReceipt", {
      intentId: intent.intentId,
    });
    expect(now.done).toBe(false);
    // Unchanged states: the server holds this one (a quoted intent's states move only on commit).
    const held = post(srv, "WaitIntentReceipt", {
      intentId: intent.intentId,
      lastReceiptStates: now.receiptStates,
    }).then(
      () => "answered",
      () => "cut",
    );
    // A later round trip, so that the long poll has reached the server before the signal.
    await post(srv, "Ping", {});
    expect(await stopServeChild(srv)).toEqual({ code: 0, signal: null });
    expect(await within(held, LIMIT_MS, "the long poll")).toBe("cut");
  }, 60_000);

  it("exits with 2 on an unknown option, and with 1 when the port is taken", async () => {
    const bad = await runCli(["serve", "--prot", "80"]);
    expect(bad).toMatchObject({ code: 2, signal: null });
    expect(bad.output).toBe(
      'xchain-intents serve: unknown option "--prot"\nRun "xchain-intents serve --help" for usage.\n',
    );
    const srv = await serve();
    const port = new URL(srv.url).port;
    const second = await runCli(["serve", "--port", port]);
    expect(second).toMatchObject({ code: 1, signal: null });
    expect(second.output).toBe(
      `xchain-intents serve: port ${port} on 127.0.0.1 is already in use (EADDRINUSE): stop what ` +
        "listens there, or pick another port (--port N; --port 0 or startDevServer({ port: 0 }) " +
        "picks a free one)\n",
    );
    expect(await stopServeChild(srv)).toEqual({ code: 0, signal: null });
  }, 60_000);

  it("prints a base URL that createClient takes, the key, and the bigint mode with its option", async () => {
    const srv = await serve();
    try {
      expect(srv.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(srv.output()).toContain("(generated: --access-key KEY or XCHAIN_INTENTS_ACCESS_KEY");
      expect(srv.output()).toMatch(/bigints: +JSON numbers.*--string-bigints/);
      expect(srv.output()).toContain(
        `createClient({ baseUrl: "${srv.url}", accessKey: "${srv.key}" })`,
      );
      const client = createClient({ baseUrl: srv.url, accessKey: srv.key, retry: false });
      const { intent } = await client.quoteIntent(usdcRequest());
      expect(await client.commitIntent({ intent })).toEqual({ intentId: intent.intentId });
    } finally {
      await stopServeChild(srv);
    }
  }, 60_000);

  it("accepts the key given by --access-key or XCHAIN_INTENTS_ACCESS_KEY, and only that one", async () => {
    const byEnv = await serve([], { XCHAIN_INTENTS_ACCESS_KEY: "dev_from_env" });
    const byArg = await serve(["--access-key", "dev_from_arg"], {
      XCHAIN_INTENTS_ACCESS_KEY: "dev_from_env",
    });
    try {
      expect(byEnv.key).toBe("dev_from_env");
      expect(byEnv.output()).toContain("(from XCHAIN_INTENTS_ACCESS_KEY)");
      expect(byArg.key).toBe("dev_from_arg");
      expect(byArg.output()).toContain("(from --access-key)");
      await post(byEnv, "GetIntentHistory", {});
      await post(byArg, "GetIntentHistory", {});
      await expect(post({ ...byArg, key: "dev_from_env" }, "GetIntentHistory", {})).rejects.toThrow(
        /^GetIntentHistory: 401 .*"code":1101/,
      );
    } finally {
      for (const s of [byEnv, byArg]) await stopServeChild(s);
    }
  }, 60_000);

  it("honours X-Dev-Fault only with --faults, and writes decimal strings with --string-bigints", async () => {
    const plain = await serve();
    const faulty = await serve(["--faults", "--string-bigints"]);
    try {
      const ask = (s: typeof plain) =>
        fetch(`${s.url}/rpc/Service/Ping`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-dev-fault": "503" },
          body: "{}",
        }).then((r) => r.status);
      expect(await ask(plain)).toBe(200);
      expect(await ask(faulty)).toBe(503);
      expect(faulty.output()).toMatch(/faults: +on/);
      expect(faulty.output()).toMatch(/bigints: +decimal strings/);
      const res = await fetch(`${faulty.url}/rpc/Service/QuoteIntent`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-access-key": faulty.key },
        body: stringifyJson(usdcRequest(), "QuoteIntentRequest"),
      });
      expect(await res.text()).toMatch(/"fromAmount":"\d+"/);
    } finally {
      for (const s of [plain, faulty]) await stopServeChild(s);
    }
  }, 60_000);

  it("derives ids and hashes from --seed: the same seed gives the same, another differs", async () => {
    const dir = mkdtempSync(join(tmpdir(), "xchain-seed-"));
    try {
      const first = join(dir, "quoted.jsonl");
      const quoted = await serve(["--state", first, "--seed", "seed-A"]);
      const client = createClient({ baseUrl: quoted.url, accessKey: quoted.key, retry: false });
      const { intent } = await client.quoteIntent(usdcRequest());
      await client.commitIntent({ intent });
      await stopServeChild(quoted);
      // The same committed intent, executed the same way by three servers.
      const originHash = async (seed: string, copy: string) => {
        const file = join(dir, copy);
        copyFileSync(first, file);
        const srv = await serve(["--state", file, "--seed", seed]);
        try {
          const c = createClient({ baseUrl: srv.url, accessKey: srv.key, retry: false });
          await c.executeIntent({
            intentId: intent.intentId,
            depositTransactionHash: `0x${"ab".repeat(32)}`,
          });
        } finally {
          await stopServeChild(srv);
        }
        const line = readFileSync(file, "utf8")
          .split("\n")
          .find((l) => l.startsWith('{"t":"execute"'));
        return (JSON.parse(line ?? "{}") as { execution?: { originTxHash?: string } }).execution
          ?.originTxHash;
      };
      const a1 = await originHash("seed-A", "a1.jsonl");
      const a2 = await originHash("seed-A", "a2.jsonl");
      const b = await originHash("seed-B", "b.jsonl");
      expect(a1).toMatch(/^0x[0-9a-f]{64}$/);
      expect(a2).toBe(a1);
      expect(b).toMatch(/^0x[0-9a-f]{64}$/);
      expect(b).not.toBe(a1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
