/**
 * 10,000 generated malformed requests to the dev server over real HTTP (a keep-alive agent,
 * bounded concurrency): wrong types in every kind of field, huge strings, deep nesting, bad
 * content types, oversized bodies declared and streamed, bad keys, methods and paths, bodies that
 * are not JSON or not UTF-8. Then transport-level abuse on raw sockets. No answer may be a 5xx,
 * every answer must be a webrpc error body whose status matches the HTTP status, the server must
 * not have panicked, and a full quote → commit → execute must still work.
 */
import { Agent } from "node:http";
import type { Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operationTable } from "../../../generated/operations.js";
import { parseJson, stringifyJson } from "../../../src/codec/index.js";
import type { DevServer } from "../../../src/devserver/index.js";
import { isErrorBody, OWNER, usdcRequest } from "../../kit/devserver/helpers.js";
import { mapLimit } from "../../kit/reliability/pool.js";
import { type Answer, raw, type Shot, send, statusesIn } from "../../kit/reliability/raw-http.js";
import { edit, type Kind, schemaOf, walk } from "../../kit/reliability/schema-walk.js";
import { SECRET } from "../../kit/reliability/secrets.js";
import {
  depositHash,
  quoteRequestFor,
  recordingClient,
  startService,
} from "../../kit/reliability/service.js";
import { type Rng, rng } from "../../kit/rng.js";

const TOTAL = 10_000;
const CONCURRENCY = 16;
const SEED = 20_260_101;
const MAX_BODY = 256 * 1024;

let srv: DevServer;
let port: number;
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
/** Well-formed request bodies per operation (as wire JSON values, bigints as strings). */
const valid: Record<string, unknown> = {};

beforeAll(async () => {
  srv = await startService({ maxBodyBytes: MAX_BODY, longPollMs: 50 });
  port = Number(new URL(srv.url).port);
  const { client } = recordingClient(srv.url);
  const { intent } = await client.quoteIntent(quoteRequestFor(OWNER));
  const wire = (v: unknown, type: string) =>
    JSON.parse(stringifyJson(v, type, { bigintAs: "string" })) as unknown;
  const id = intent.intentId;
  Object.assign(valid, {
    QuoteIntent: wire(usdcRequest(), "QuoteIntentRequest"),
    CommitIntent: wire({ intent }, "CommitIntentRequest"),
    ExecuteIntent: { intentId: id, depositTransactionHash: depositHash(3) },
    GetIntent: { intentId: id },
    GetIntentReceipt: { intentId: id },
    WaitIntentReceipt: { intentId: id, lastReceiptStates: ["ON_HOLD"] },
    SearchIntents: { byOwnerAddress: OWNER },
    GetIntentHistory: { byOwnerAddress: OWNER },
    GetExactOutputRoutes: {
      destinationChainId: 8453,
      destinationTokenAddress: usdcRequest().destinationTokenAddress,
    },
    GetExactInputRoutes: {
      originChainId: 42161,
      originTokenAddress: usdcRequest().originTokenAddress,
    },
    GetTokenPrices: {
      tokens: [{ chainId: 8453, tokenAddress: usdcRequest().destinationTokenAddress }],
    },
  });
});

afterAll(async () => {
  agent.destroy();
  await srv?.close();
});

const withFields = () => Object.keys(valid);
const privateOps = () =>
  withFields().filter((op) => !operationTable[op as keyof typeof operationTable].public);

/** A value of the wrong type for a field of `kind`. */
function wrongFor(r: Rng, kind: Kind): unknown {
  const table: Record<Kind, unknown[]> = {
    bigint: [1.5, "0x10", "", true, [], {}, "1e3", `${"9".repeat(1_200)}`],
    string: [1, true, {}, [], 0.5],
    integer: ["1", 1.5, true, {}, [], -0.5],
    number: ["1", true, {}, []],
    boolean: ["true", 1, {}, []],
    object: [[], "x", 1, true],
    array: [{}, "x", 1, false],
    any: [],
  };
  return r.pick(table[kind]);
}

/** `valid[op]` with one field (picked at random, among those its schema types) made wrong. */
function mutated(r: Rng, op: string, change: (kind: Kind) => unknown | undefined): unknown {
  const type = operationTable[op as keyof typeof operationTable].requestType;
  const value = valid[op];
  const fields = walk(value, schemaOf(type)).fields.filter((f) => f.kind !== "any");
  for (let tries = 0; tries < 10; tries++) {
    const f = r.pick(fields);
    const v = change(f.kind);
    if (v !== undefined) return edit(value, f.path, { set: v });
  }
  return r.pick([null, [], 1, "s"]);
}

const deep = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
const json = (v: unknown) => Buffer.from(JSON.stringify(v));

interface Generated {
  shot: Shot;
  category: string;
}

function generate(r: Rng): Generated {
  const op = r.pick(withFields());
  const headers: Record<string, string | string[]> = {
    "content-type": "application/json",
    "x-access-key": SECRET,
  };
  const shot: Shot = { method: "POST", path: `/rpc/Service/${op}`, headers };
  const roll = r.int(100);
  let category: string;
  if (roll < 30) {
    category = "wrong type";
    shot.body = json(mutated(r, op, (k) => wrongFor(r, k)));
  } else if (roll < 38) {
    category = "huge string";
    const size = 10_000 + r.int(200_000);
    shot.body = json(
      mutated(r, op, (k) =>
        k === "string" ? undefined : k === "bigint" ? "7".repeat(size) : "x".repeat(size),
      ),
    );
  } else if (roll < 46) {
    category = "deep nesting";
    const levels = r.pick([65, 100, 1_000, 10_000, 50_000]);
    const text = JSON.stringify(mutated(r, op, () => "§DEEP§"));
    shot.body = Buffer.from(text.replace('"§DEEP§"', deep(levels)));
  } else if (roll < 54) {
    category = "bad content type";
    const ct = r.pick([
      "text/plain",
      "",
      "multipart/form-data; boundary=x",
      "application/jsonx",
      "application/x-www-form-urlencoded",
      "json",
      "application/json-patch+json",
      "text/json",
    ]);
    if (ct === "") delete headers["content-type"];
    else headers["content-type"] = ct;
    shot.body = json(valid[op]);
  } else if (roll < 57) {
    category = "oversized body";
    shot.body = Buffer.alloc(MAX_BODY + 1 + r.int(64 * 1024), 0x20);
    shot.chunked = r.next() < 0.5;
  } else if (roll < 66) {
    category = "bad key";
    shot.path = `/rpc/Service/${r.pick(privateOps())}`;
    const key = r.pick([
      "",
      "nope",
      `${SECRET}x`,
      SECRET.toUpperCase(),
      "x".repeat(8_000),
      "dev_00",
      "null",
      "[redacted]",
    ]);
    if (key === "") delete headers["x-access-key"];
    else headers["x-access-key"] = r.next() < 0.2 ? [key, SECRET] : key;
    shot.body = json(valid[shot.path.slice(13)]);
  } else if (roll < 72) {
    category = "bad method";
    shot.method = r.pick(["GET", "PUT", "DELETE", "PATCH", "HEAD", "TRACE"]);
    if (shot.method !== "GET" && shot.method !== "HEAD" && shot.method !== "TRACE")
      shot.body = json(valid[op]);
  } else if (roll < 80) {
    category = "bad path";
    shot.path = r.pick([
      "/",
      "/rpc",
      "/rpc/Service",
      "/rpc/Service/",
      `/rpc/Service/${op}/extra`,
      `/rpc/service/${op}`,
      `/rpc/Service/${op.toLowerCase()}`,
      "/rpc/Service/Nope",
      "/rpc/Other/Ping",
      `/rpc/Service/%${op.charCodeAt(0).toString(16)}${op.slice(1)}`,
      `/rpc/Service/../Service/${op}`,
      `//rpc//Service//${op}`,
      `/rpc/Service/${op}?x=1`,
      `/${"a".repeat(8_000)}`,
      "/rpc/Service/__proto__",
      "/rpc/Service/constructor",
    ]);
    // Malformed as well, in case the path normalises to an operation.
    shot.body = Buffer.from("{");
  } else if (roll < 90) {
    category = "not JSON";
    const garbage = Buffer.alloc(1 + r.int(300));
    for (let i = 0; i < garbage.length; i++) garbage[i] = r.int(256);
    shot.body = r.pick([
      garbage,
      Buffer.from(""),
      Buffer.from("{"),
      Buffer.from("{}}"),
      Buffer.from('{"a":}'),
      Buffer.from([0xff, 0xfe, 0x7b, 0x7d]),
      Buffer.from(JSON.stringify(valid[op]).slice(0, -1)),
      Buffer.from("NaN"),
    ]);
  } else {
    category = "wrong shape";
    shot.body = Buffer.from(
      r.pick([
        "null",
        "[]",
        "1",
        '"s"',
        "true",
        `[${JSON.stringify(valid[op])}]`,
        '{"__proto__":{"polluted":1}}',
      ]),
    );
    const type = operationTable[op as keyof typeof operationTable].requestType;
    const { required } = walk(valid[op], schemaOf(type));
    if (required.length === 0) {
      // Every field is optional, so only a body that is not an object is malformed.
      shot.body = Buffer.from(r.pick(["null", "[]", "1", '"s"', "true"]));
    } else if (r.next() < 0.5) {
      const q = r.pick(required);
      shot.body = json(edit(valid[op], [...q.parent, q.key], { set: null }));
    }
  }
  return { shot, category };
}

/** A short description of a generated request, for failure messages. */
function show(g: Generated): string {
  const { method, path, headers, body, chunked } = g.shot;
  const size =
    body === undefined ? "no body" : `${body.byteLength} bytes${chunked ? " chunked" : ""}`;
  const shown = body === undefined ? "" : body.subarray(0, 160).toString("latin1");
  return `${method} ${path.slice(0, 60)} [${String(headers["content-type"])}; ${size}] ${shown}`;
}

/** What is wrong with an answer, or `undefined` when it is a proper refusal. */
function problem(g: Generated, a: Answer): string | undefined {
  if (a.status >= 500) return `${a.status}`;
  if (a.status < 400) return `not refused (${a.status})`;
  if (g.shot.method === "HEAD") return a.text === "" ? undefined : "HEAD answer with a body";
  if (!isErrorBody(a.text)) return "not a webrpc error body";
  const status = (JSON.parse(a.text) as { status: number }).status;
  if (status !== a.status) return `body status ${status} ≠ HTTP ${a.status}`;
  if (!String(a.headers["content-type"]).startsWith("application/json")) return "not JSON";
  return undefined;
}

describe(`${TOTAL} malformed requests over HTTP`, () => {
  it("all refused with a webrpc error body, none a 5xx, no panic; the server still works", async () => {
    const r = rng(SEED);
    const shots = Array.from({ length: TOTAL }, () => generate(r));
    const sockets = new Set<Socket>();
    const byCategory: Record<string, number> = {};
    const byStatus: Record<number, number> = {};
    const problems: string[] = [];
    const started = performance.now();
    await mapLimit(shots, CONCURRENCY, async (g) => {
      let a: Answer;
      try {
        a = await send(agent, port, g.shot, sockets);
      } catch (e) {
        const why = e instanceof Error ? e.message : String(e);
        if (problems.length < 20) problems.push(`${g.category}: no answer (${why}): ${show(g)}`);
        return;
      }
      byCategory[g.category] = (byCategory[g.category] ?? 0) + 1;
      byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
      const p = problem(g, a);
      if (p && problems.length < 20 && !problems.some((x) => x.startsWith(`${g.category}: ${p}`)))
        problems.push(`${g.category}: ${p}: ${show(g)} → ${a.text.slice(0, 200)}`);
    });
    const seconds = (performance.now() - started) / 1000;
    console.info(
      `${TOTAL} malformed requests in ${seconds.toFixed(1)} s over ${sockets.size} keep-alive connections (seed ${SEED})`,
      { byCategory, byStatus },
    );
    expect(problems).toEqual([]);
    expect(Object.keys(byStatus).every((s) => Number(s) < 500)).toBe(true);
    expect(srv.stats().panics).toBe(0);
    expect(sockets.size).toBeLessThanOrEqual(TOTAL / 10);
    await fullLifecycleWorks();
  }, 120_000);
});

describe("transport-level abuse on raw sockets", () => {
  const POST = (extra: string, body = "{}") =>
    `POST /rpc/Service/Ping HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${extra}\r\n${body}`;
  const cases: [
    string,
    (string | Buffer)[],
    { gapMs?: number; waitMs?: number; resetAfter?: boolean }?,
  ][] = [
    ["a line that is not HTTP", ["HELLO\r\n\r\n"]],
    ["an unknown method", ["FOO /rpc/Service/Ping HTTP/1.1\r\nHost: x\r\n\r\n"]],
    ["CONNECT", ["CONNECT 127.0.0.1:1 HTTP/1.1\r\nHost: x\r\n\r\n"]],
    ["an HTTP/2 preface", ["PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"]],
    ["100 KB of headers", [POST(`X-Big: ${"a".repeat(100_000)}\r\n`)]],
    ["a header name with spaces", [POST("Bad Header: 1\r\n")]],
    [
      "Content-Length and Transfer-Encoding both",
      [POST("Content-Length: 2\r\nTransfer-Encoding: chunked\r\n", "0\r\n\r\n")],
    ],
    ["an invalid chunk size", [POST("Transfer-Encoding: chunked\r\n", "zz\r\n{}\r\n0\r\n\r\n")]],
    ["a negative Content-Length", [POST("Content-Length: -1\r\n")]],
    ["two different Content-Lengths", [POST("Content-Length: 2\r\nContent-Length: 3\r\n")]],
    [
      "a body shorter than declared, then silence",
      [POST("Content-Length: 1000\r\n", '{"a":')],
      { waitMs: 300 },
    ],
    [
      "a body shorter than declared, then a reset",
      [POST("Content-Length: 1000\r\n", '{"a":')],
      { resetAfter: true },
    ],
    [
      "headers cut short, then a reset",
      ["POST /rpc/Service/Ping HTTP/1.1\r\nHost:"],
      { resetAfter: true },
    ],
    [
      "headers one byte at a time",
      [
        ..."POST /rpc/Service/Ping HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\n{}",
      ],
      { gapMs: 1, waitMs: 2_000 },
    ],
    [
      "HTTP/1.0 without Host",
      [
        "POST /rpc/Service/Ping HTTP/1.0\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\n{}",
      ],
    ],
    [
      "an absolute-form target",
      [
        "POST http://evil.example/rpc/Service/Nope HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}",
      ],
    ],
    [
      "three pipelined malformed requests",
      [POST("Content-Length: 1\r\n", "{").repeat(3)],
      { waitMs: 1_000 },
    ],
    ["a NUL in the target", ["POST /rpc/Service/Pi\u0000ng HTTP/1.1\r\nHost: x\r\n\r\n"]],
  ];

  const results: Record<string, string> = {};
  afterAll(() => console.info("raw-socket abuse: first status line of each answer", results));

  for (const [label, parts, options] of cases) {
    it(`${label}: no 5xx, the server keeps answering`, async () => {
      const panics = srv.stats().panics;
      const res = await raw(port, parts, options);
      const statuses = statusesIn(res.received);
      results[label] = statuses.length
        ? statuses.join(",")
        : res.closedByServer
          ? "closed"
          : "no answer";
      expect(statuses.every((s) => s < 500)).toBe(true);
      // Where the dev server's handler answered (not Node's HTTP parser), the body is a webrpc error.
      for (const m of res.received.matchAll(/\r\n\r\n(\{[^\r]*?\})(?=HTTP\/|$)/g)) {
        expect(isErrorBody(m[1] ?? "")).toBe(true);
      }
      const ping = await send(agent, port, {
        method: "POST",
        path: "/rpc/Service/Ping",
        headers: { "content-type": "application/json" },
        body: Buffer.from("{}"),
      });
      expect(ping.status).toBe(200);
      expect(srv.stats().panics).toBe(panics);
    });
  }

  it("no panic after all of it, and the whole lifecycle still works", async () => {
    expect(srv.stats().panics).toBe(0);
    await fullLifecycleWorks();
  });
});

async function fullLifecycleWorks(): Promise<void> {
  const { client } = recordingClient(srv.url);
  const { intent } = await client.quoteIntent(quoteRequestFor(OWNER, 1_000_000n));
  const committed = await client.commitIntent({ intent });
  expect(committed.intentId).toBe(intent.intentId);
  const executed = await client.executeIntent({
    intentId: intent.intentId,
    depositTransactionHash: depositHash(9),
  });
  expect(executed.intentStatus).toBe("EXECUTING");
  const got = await client.getIntent({ intentId: intent.intentId });
  expect(parseJson(stringifyJson(got, "GetIntentResponse"), "GetIntentResponse")).toEqual(got);
}
