/**
 * `xchain-intents serve` as a user runs it: a child process, its URL and key read from stdout,
 * real HTTP, then a signal. The time limits only keep a hung child from hanging the run.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { QuoteIntentResponse, WaitIntentReceiptResponse } from "../../generated/types.js";
import { parseJson, stringifyJson } from "../../src/codec/index.js";
import { usdcRequest } from "./helpers.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const LIMIT_MS = 20_000;

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** Runs the CLI from source, as `npm run serve` does; `exit` settles when the child ends. */
function cli(args: string[]): { child: ChildProcess; exit: Promise<Exit>; out: () => string } {
  const child = spawn(process.execPath, ["--import", "tsx", "src/cli.ts", ...args], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (b: Buffer) => {
    out += b.toString();
  });
  child.stderr?.on("data", (b: Buffer) => {
    out += b.toString();
  });
  const exit = new Promise<Exit>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return { child, exit, out: () => out };
}

/** Settles with `p`, or fails once `LIMIT_MS` has passed (a hung child, not a slow one). */
async function within<T>(p: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing after ${LIMIT_MS} ms`)), LIMIT_MS);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/** Starts `serve --port 0` and reads the URL and access key it prints. */
async function serve() {
  const run = cli(["serve", "--port", "0"]);
  const printed = /url:\s+(http:\/\/\S+)\/rpc\/Service\/\n\s+access key:\s+(\S+)\n/;
  const ready = new Promise<{ url: string; key: string }>((resolve, reject) => {
    const look = () => {
      const m = printed.exec(run.out());
      if (m !== null) resolve({ url: m[1] as string, key: m[2] as string });
    };
    run.child.stdout?.on("data", look);
    run.exit.then(() => reject(new Error(`serve exited early: ${run.out()}`)));
  });
  return { ...run, ...(await within(ready, "serve's URL and key")) };
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
    expect(await within(srv.exit, "exit after SIGINT")).toEqual({ code: 0, signal: null });
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
    srv.child.kill("SIGTERM");
    expect(await within(srv.exit, "exit after SIGTERM")).toEqual({ code: 0, signal: null });
    expect(await within(held, "the long poll")).toBe("cut");
  }, 60_000);

  it("exits with 1 and names the bad argument", async () => {
    const run = cli(["serve", "--port", "http"]);
    expect(await within(run.exit, "exit on a bad argument")).toEqual({ code: 1, signal: null });
    expect(run.out()).toContain(
      'xchain-intents serve: --port must be a whole number from 0 to 65535, not "http"',
    );
  }, 60_000);
});
