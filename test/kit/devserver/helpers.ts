/**
 * Shared set-up of the dev server tests: a server on a loopback port with a manual clock, and a
 * small caller that speaks the wire protocol with plain `fetch`.
 */
import { operationTable } from "../../../generated/operations.js";
import type { QuoteIntentRequest, QuoteIntentResponse } from "../../../generated/types.js";
import { parseJson, stringifyJson } from "../../../src/codec/index.js";
import {
  type DevServer,
  type ManualClock,
  manualClock,
  type StartOptions,
} from "../../../src/devserver/index.js";
import {
  NATIVE,
  OWNER,
  T0,
  USDC_ARB,
  USDC_BASE,
  USDC_ETH,
  USDT_ETH,
  WETH_ARB,
  WETH_BASE,
} from "../constants.js";
import { usdcRequest } from "../quote-request.js";
import { startServer } from "../server.js";

export { NATIVE, OWNER, T0, USDC_ARB, USDC_BASE, USDC_ETH, USDT_ETH, WETH_ARB, WETH_BASE };

/** A server with a manual clock and no rate limit (unless asked). */
export async function start(
  options: StartOptions = {},
): Promise<{ srv: DevServer; clock: ManualClock }> {
  const clock = manualClock(T0);
  const srv = await startServer({ clock: clock.now, rateLimit: false, ...options });
  return { srv, clock };
}

/** What a call returned. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape, errors included.
  body: any;
}

/** Options of one call. */
export interface CallOptions {
  headers?: Record<string, string>;
  /** Access key to send; `null` sends none; default the server's key. */
  key?: string | null;
  /** Over loopback HTTP (default) or through the socket-less fetch. */
  via?: "http" | "fetch";
}

/** Calls operation `op` with `body` (an object encoded with the codec, or raw text). */
export async function call(
  srv: DevServer,
  op: string,
  body: unknown,
  o: CallOptions = {},
): Promise<Answer> {
  const info = operationTable[op as keyof typeof operationTable];
  const text = typeof body === "string" ? body : stringifyJson(body, info?.requestType ?? "", {});
  const headers: Record<string, string> = { "content-type": "application/json", ...o.headers };
  const key = o.key === undefined ? srv.accessKey : o.key;
  if (key !== null) headers["x-access-key"] = key;
  const f = o.via === "fetch" ? srv.fetch : fetch;
  const res = await f(`${srv.url}/rpc/Service/${op}`, { method: "POST", headers, body: text });
  const out = await res.text();
  let parsed: unknown;
  try {
    parsed =
      res.status === 200 && info !== undefined
        ? parseJson(out, info.responseType)
        : JSON.parse(out);
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, text: out, body: parsed };
}

export { usdcRequest };

/** Quotes `req` and expects success. */
export async function quote(
  srv: DevServer,
  req: QuoteIntentRequest = usdcRequest(),
): Promise<QuoteIntentResponse> {
  const a = await call(srv, "QuoteIntent", req);
  if (a.status !== 200) throw new Error(`quote failed: ${a.text}`);
  return a.body as QuoteIntentResponse;
}

/** Quotes, commits and executes; returns the intent id. */
export async function executed(
  srv: DevServer,
  hash = `0x${"ab".repeat(32)}`,
  req?: QuoteIntentRequest,
): Promise<string> {
  const q = await quote(srv, req);
  const c = await call(srv, "CommitIntent", { intent: q.intent });
  if (c.status !== 200) throw new Error(`commit failed: ${c.text}`);
  const e = await call(srv, "ExecuteIntent", {
    intentId: q.intent.intentId,
    depositTransactionHash: hash,
  });
  if (e.status !== 200) throw new Error(`execute failed: ${e.text}`);
  return q.intent.intentId;
}

/** Whether `text` is a webrpc error body. */
export function isErrorBody(text: string): boolean {
  try {
    const b = JSON.parse(text) as Record<string, unknown>;
    return (
      typeof b.error === "string" &&
      typeof b.code === "number" &&
      typeof b.msg === "string" &&
      typeof b.status === "number" &&
      (b.cause === undefined || typeof b.cause === "string")
    );
  } catch {
    return false;
  }
}
