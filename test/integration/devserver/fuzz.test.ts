/**
 * Random and malformed requests across every operation (1,000 by default, 10,000 in
 * `npm run test:long`, `FUZZ_REQUESTS` otherwise): wrong types, missing and extra
 * fields, huge strings, deep nesting, bad content types, oversized bodies, bad keys, wrong methods.
 * None may get a 5xx; every error must be a webrpc error body; the server must still answer
 * correctly afterwards. Most go through the socket-less fetch, a sample over loopback HTTP.
 * Then `null` in every optional field of every request (the list read from the published
 * schemas), which must be answered as if the field were absent.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operationTable } from "../../../generated/operations.js";
import { stringifyJson } from "../../../src/codec/index.js";
import type { DevServer } from "../../../src/devserver/index.js";
import { call, isErrorBody, quote, start, usdcRequest } from "../../kit/devserver/helpers.js";
import { optionalFieldPaths, withoutValueAt, withValueAt } from "../../kit/optional-fields.js";
import { type Rng, rng } from "../../kit/rng.js";

const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 1_000);
/** Requests over loopback HTTP, the rest through the socket-less fetch. */
const OVER_HTTP = Math.ceil(TOTAL / 25);

let srv: DevServer;
const samples: Record<string, unknown> = {};

beforeAll(async () => {
  ({ srv } = await start({ maxBodyBytes: 64 * 1024, longPollMs: 5 }));
  const q = await quote(srv);
  const id = q.intent.intentId;
  const wire = (v: unknown, type: string) => JSON.parse(stringifyJson(v, type)) as unknown;
  Object.assign(samples, {
    GetExactOutputRoutes: {
      destinationChainId: 8453,
      destinationTokenAddress: usdcRequest().destinationTokenAddress,
    },
    GetExactInputRoutes: {
      originChainId: 42161,
      originTokenAddress: usdcRequest().originTokenAddress,
    },
    QuoteIntent: wire(
      usdcRequest({ options: { slippageTolerance: 0.01, bridgeProvider: "CCTP" } }),
      "QuoteIntentRequest",
    ),
    CommitIntent: wire({ intent: q.intent }, "CommitIntentRequest"),
    ExecuteIntent: wire(
      {
        intentId: id,
        depositTransactionHash: `0x${"ab".repeat(32)}`,
        depositSignature: { selectedGasFeeOption: q.gasFeeOptions.feeOptions[0], deadline: 1 },
      },
      "ExecuteIntentRequest",
    ),
    GetIntent: { intentId: id },
    GetIntentReceipt: { intentId: id },
    WaitIntentReceipt: { intentId: id, lastReceiptStates: ["PENDING", "SENT"] },
    SearchIntents: { byOwnerAddress: q.intent.ownerAddress, byProjectId: 1 },
    GetIntentHistory: {
      page: { pageSize: 5, sort: [{ column: "id", order: "DESC" }] },
      byStatus: "QUOTED",
    },
    GetTokenPrices: {
      tokens: [{ chainId: 1, tokenAddress: "0x0000000000000000000000000000000000000000" }],
    },
    Ping: {},
    Clock: {},
  });
});
afterAll(() => srv.close());

type R = Rng;

function garbage(r: R, depth = 0): unknown {
  switch (r.int(16)) {
    case 0:
      return null;
    case 1:
      return r.next() < 0.5;
    case 2:
      return r.int(2 ** 31) - 2 ** 30;
    case 3:
      return r.next() * 1e308;
    case 4:
      return -r.next();
    case 5:
      return "x".repeat(r.int(20_000));
    case 6:
      return "9".repeat(1 + r.int(400));
    case 7:
      return `0x${"ab".repeat(r.int(40))}`;
    case 8:
      return "\u0000\ud800\u202e<script>";
    case 9:
      return depth < 3 ? [garbage(r, depth + 1), garbage(r, depth + 1)] : [];
    case 10:
      return depth < 3 ? { a: garbage(r, depth + 1), __proto__x: 1 } : {};
    case 11:
      return "";
    case 12:
      return 2 ** 53 + 1;
    case 13:
      return r.pick(["QUOTED", "EXACT_OUTPUT", "CCTP", "v1", "ASC", "DESC", "ON_HOLD"]);
    case 14:
      return "-1";
    default:
      return "1e5";
  }
}

/** A copy of `value` with one random member removed, replaced or added (recursively). */
function mutate(r: R, value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== "object" || depth > 6)
    return r.next() < 0.7 ? garbage(r) : value;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (copy.length === 0 || r.next() < 0.2) copy.push(garbage(r));
    else {
      const i = r.int(copy.length);
      copy[i] = mutate(r, copy[i], depth + 1);
    }
    return copy;
  }
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  const keys = Object.keys(copy);
  const roll = r.next();
  if (keys.length === 0 || roll < 0.15)
    copy[r.pick(["extra", "constructor", "__proto__", "intentId", "x".repeat(300)])] = garbage(r);
  else if (roll < 0.35) delete copy[r.pick(keys)];
  else {
    const k = r.pick(keys);
    copy[k] = mutate(r, copy[k], depth + 1);
  }
  return copy;
}

interface Shot {
  path: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

const ops = Object.keys(operationTable);

function shot(r: R): Shot {
  const op = r.pick(ops);
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "x-access-key": srv.accessKey,
  };
  let path = `/rpc/Service/${op}`;
  let method = "POST";
  let body: string | undefined = JSON.stringify(mutate(r, samples[op]));
  const roll = r.int(100);
  if (roll < 6)
    body = r.pick([
      "",
      "{",
      "null",
      "[]",
      "1",
      '"s"',
      '{"a":}',
      "{}}",
      "\u00ff\u00fe",
      "[".repeat(5000) + "]".repeat(5000),
      '{"intentId":"a"'.repeat(3),
    ]);
  else if (roll < 9) body = `{"a":${"[".repeat(200)}${"]".repeat(200)}}`;
  else if (roll < 12)
    headers["content-type"] = r.pick([
      "text/plain",
      "application/x-www-form-urlencoded",
      "application/jsonx",
      "",
      "multipart/form-data",
    ]);
  else if (roll < 14) body = `{"intentId":"${"y".repeat(70 * 1024)}"}`;
  else if (roll < 17)
    headers["x-access-key"] = r.pick(["", "nope", "dev_00", " ", "x".repeat(2000)]);
  else if (roll < 19) delete headers["x-access-key"];
  else if (roll < 21) {
    method = r.pick(["GET", "PUT", "DELETE", "PATCH", "OPTIONS"]);
    if (method === "GET") body = undefined;
  } else if (roll < 23)
    path = r.pick([
      "/rpc/Service/",
      "/rpc/Other/Ping",
      `/rpc/Service/${op}/x`,
      "/",
      "/rpc/Service/ping",
    ]);
  else if (roll < 25) body = JSON.stringify(samples[op]);
  return { path, method, headers, body };
}

function check(status: number, text: string, s: Shot): void {
  if (status >= 500)
    throw new Error(
      `${status} for ${s.method} ${s.path}: ${text.slice(0, 300)} <- ${String(s.body).slice(0, 300)}`,
    );
  if (status === 204 || status === 200) return;
  if (!isErrorBody(text)) throw new Error(`not an error body (${status}): ${text.slice(0, 200)}`);
}

describe("fuzz", () => {
  it(`answers ${TOTAL} random and malformed requests without a 5xx`, async () => {
    const r = rng(20250101);
    const started = Date.now();
    const statuses = new Map<number, number>();
    for (let i = 0; i < TOTAL; i++) {
      const s = shot(r);
      const viaHttp = i % Math.floor(TOTAL / OVER_HTTP) === 0;
      const init: RequestInit = { method: s.method, headers: s.headers };
      if (s.body !== undefined) init.body = s.body;
      const res = viaHttp
        ? await fetch(`${srv.url}${s.path}`, init)
        : await srv.fetch(`${srv.url}${s.path}`, init);
      const text = await res.text();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      check(res.status, text, s);
    }
    const elapsed = Date.now() - started;
    console.log(
      `fuzz: ${TOTAL} requests in ${elapsed} ms; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(srv.stats().panics).toBe(0);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(100);
    const after = await call(srv, "QuoteIntent", usdcRequest({ originTokenAmount: 77_000_000n }));
    expect(after.status).toBe(200);
    const commit = await call(srv, "CommitIntent", { intent: after.body.intent });
    expect(commit.status).toBe(200);
  }, 60_000);
});

describe("null in an optional field means the field is absent", () => {
  /** Operations whose answer depends on what was done before (their pairs are compared by status). */
  const stateful = new Set(["CommitIntent", "ExecuteIntent"]);

  it("every optional field of every request, null and absent, answered alike and never 5xx", async () => {
    let tried = 0;
    for (const [op, info] of Object.entries(operationTable)) {
      const paths = optionalFieldPaths(info.requestType);
      for (const path of paths) {
        const sample = samples[op];
        const nulled = await call(srv, op, JSON.stringify(withValueAt(sample, path, null)), {
          via: "fetch",
        });
        const absent = await call(srv, op, JSON.stringify(withoutValueAt(sample, path)), {
          via: "fetch",
        });
        const where = `${op} ${path.join(".")}: ${nulled.text.slice(0, 200)}`;
        expect(nulled.status, where).toBeLessThan(500);
        if (!stateful.has(op)) {
          expect(nulled.status, where).toBe(absent.status);
          expect(nulled.body?.error, where).toBe(absent.body?.error);
        }
        tried++;
      }
    }
    // Every operation with an optional field was covered, WaitIntentReceipt's states among them.
    expect(tried).toBeGreaterThan(50);
    expect(optionalFieldPaths("WaitIntentReceiptRequest")).toContainEqual(["lastReceiptStates"]);
    expect(srv.stats().panics).toBe(0);
  }, 60_000);
});
