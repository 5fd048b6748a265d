/**
 * Every error answer the dev server can give (the faults it injects, bad input of every kind,
 * access keys, the service's own refusals) agrees with the published OpenAPI document: its HTTP
 * status is a response the operation declares, and its body is valid against that response's
 * schema with every error body closed (`additionalProperties: false` in this test's copy), so
 * that a member the server sends and the document does not declare fails here.
 */
import { readFileSync } from "node:fs";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCHEMA_VERSION } from "../../../generated/operations.js";
import type { DevServer, ManualClock } from "../../../src/devserver/index.js";
import {
  type Answer,
  call,
  OWNER,
  quote,
  start,
  usdcRequest,
} from "../../kit/devserver/helpers.js";
import { repoPath } from "../../kit/runtimes/harness.js";

type Json = Record<string, unknown>;
const doc = JSON.parse(readFileSync(repoPath("generated/openapi.json"), "utf8")) as {
  paths: Record<string, { post: { responses: Record<string, Json> } }>;
  components: { schemas: Record<string, Json>; headers: Record<string, { schema: Json }> };
};

/** The components with every error body closed, its `issues` items too. */
function closedComponents(): Json {
  const copy = structuredClone(doc.components) as typeof doc.components;
  for (const [name, s] of Object.entries(copy.schemas)) {
    if (!name.startsWith("Error")) continue;
    s.additionalProperties = false;
    const issues = (s.properties as Record<string, Json>).issues;
    if (issues) (issues.items as Json).additionalProperties = false;
  }
  return copy;
}

const ajv = new Ajv2020({ strict: false, allowUnionTypes: true, validateFormats: false });
ajv.addSchema({ $id: "spec", components: closedComponents() });
const compiled = new Map<string, ValidateFunction>();

/** The validator of the JSON body of `op`'s response for `status`, or undefined if undeclared. */
function responseValidator(op: string, status: number): ValidateFunction | undefined {
  const key = `${op} ${status}`;
  const response = doc.paths[`/rpc/Service/${op}`]?.post.responses[String(status)];
  if (response === undefined) return undefined;
  let v = compiled.get(key);
  if (!v) {
    const schema = (response.content as Record<string, Json>)["application/json"]?.schema as Json;
    v = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/', '"spec#/')) as Json);
    compiled.set(key, v);
  }
  return v;
}

const headerPattern = (name: string) =>
  new RegExp(String(doc.components.headers[name]?.schema.pattern));

/** Checks one error answer of `op` against the document; returns the error's name. */
function expectDeclared(op: string, a: Answer): string {
  const label = `${op} ${a.status} ${a.text.slice(0, 300)}`;
  expect(a.status, label).toBeGreaterThanOrEqual(400);
  const validate = responseValidator(op, a.status);
  expect(validate, `${label}: status not declared`).toBeDefined();
  const body = JSON.parse(a.text) as Json;
  const ok = validate?.(body);
  expect(validate?.errors ?? [], label).toEqual([]);
  expect(ok).toBe(true);
  expect(a.headers.get("date"), label).toMatch(headerPattern("Date"));
  const retryAfter = a.headers.get("retry-after");
  if (retryAfter !== null) expect(retryAfter, label).toMatch(headerPattern("RetryAfter"));
  return String(body.error);
}

let srv: DevServer;
let clock: ManualClock;
let guarded: DevServer;
beforeAll(async () => {
  ({ srv, clock } = await start({ maxBodyBytes: 16_384, faults: true }));
  guarded = (
    await start({
      accessKeys: [{ key: "k1", origins: ["https://good.example"] }],
      rateLimit: { capacity: 1, refillPerSecond: 0.001 },
      minClientVersion: "v99.0.0",
    })
  ).srv;
});
afterAll(async () => {
  await srv.close();
  await guarded.close();
});

/** A raw request to `path` of `server`. */
async function raw(server: DevServer, path: string, init: RequestInit): Promise<Answer> {
  const res = await fetch(`${server.url}${path}`, init);
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: undefined };
}

describe("error answers of the dev server against the published document", () => {
  it("agree in status and body, closed, for every kind of error it sends", async () => {
    const seen = new Set<string>();
    const check = (op: string, a: Answer) => seen.add(expectDeclared(op, a));
    const json = { "content-type": "application/json", "x-access-key": srv.accessKey };

    // Access keys.
    check("Clock", await call(srv, "Clock", {}, { key: null }));
    check("Clock", await call(srv, "Clock", {}, { key: "dev_unknown" }));
    check(
      "Clock",
      await call(guarded, "Clock", {}, { key: "k1", headers: { origin: "https://evil.example" } }),
    );
    // The server's own limits: the rate, the client's version.
    for (let i = 0; i < 3; i++) {
      const a = await call(guarded, "Clock", {}, { key: "k1" });
      if (a.status !== 200) check("Clock", a);
    }
    check(
      "Clock",
      await call(
        guarded,
        "Clock",
        {},
        {
          key: "k1",
          headers: { webrpc: `webrpc@v1;xchain-intents@0.1.0;xchain-intents@${SCHEMA_VERSION}` },
        },
      ),
    );

    // Bad input: route, method, body, content type, size, shape.
    check(
      "Ping",
      await raw(srv, "/rpc/Service/Nope", { method: "POST", headers: json, body: "{}" }),
    );
    check("Clock", await raw(srv, "/rpc/Service/Clock", { method: "GET", headers: json }));
    check(
      "Clock",
      await raw(srv, "/rpc/Service/Clock", { method: "POST", headers: json, body: "{" }),
    );
    check(
      "Clock",
      await raw(srv, "/rpc/Service/Clock", {
        method: "POST",
        headers: { "content-type": "text/plain", "x-access-key": srv.accessKey },
        body: "{}",
      }),
    );
    check(
      "QuoteIntent",
      await raw(srv, "/rpc/Service/QuoteIntent", {
        method: "POST",
        headers: json,
        body: JSON.stringify({ pad: "x".repeat(32_768) }),
      }),
    );
    check(
      "QuoteIntent",
      await call(srv, "QuoteIntent", { ownerAddress: "nope", originChainId: -1 }),
    );
    const many = Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [`tokens${i}`, 1]).concat([["tokens", "x"]]),
    );
    check("GetTokenPrices", await call(srv, "GetTokenPrices", many));
    check("GetTokenPrices", await call(srv, "GetTokenPrices", { tokens: Array(501).fill(1) }));

    // The service's own refusals.
    check("QuoteIntent", await call(srv, "QuoteIntent", usdcRequest({ destinationChainId: 999 })));
    check("GetIntent", await call(srv, "GetIntent", { intentId: `0x${"cd".repeat(32)}` }));
    check("SearchIntents", await call(srv, "SearchIntents", { byProjectId: 7 }));
    const q = await quote(srv, usdcRequest({ ownerAddress: OWNER }));
    check(
      "ExecuteIntent",
      await call(srv, "ExecuteIntent", {
        intentId: q.intent.intentId,
        depositTransactionHash: `0x${"ab".repeat(32)}`,
      }),
    );
    clock.advance(6 * 60 * 1000);
    check("CommitIntent", await call(srv, "CommitIntent", { intent: q.intent }));

    // Injected faults that answer with an error body.
    for (const fault of ["429", "429-date", "429-ms", "500", "503"]) {
      check(
        "GetIntent",
        await call(
          srv,
          "GetIntent",
          { intentId: q.intent.intentId },
          {
            headers: { "x-dev-fault": fault },
          },
        ),
      );
    }

    expect([...seen].sort()).toEqual(
      [
        "AccessKeyNotFound",
        "ChainNodeHealth",
        "ClientOutdated",
        "IntentStatus",
        "InvalidArgument",
        "InvalidOrigin",
        "NotFound",
        "PermissionDenied",
        "QuoteExpired",
        "RateLimited",
        "Unauthorized",
        "UnsupportedNetwork",
        "WebrpcBadMethod",
        "WebrpcBadRequest",
        "WebrpcBadRoute",
        "WebrpcInternalError",
      ].sort(),
    );
  });

  it("fails a body with a member the document does not declare (the check can fail)", () => {
    const validate = responseValidator("Clock", 401);
    const body = { error: "Unauthorized", code: 1000, msg: "m", status: 401 };
    expect(validate?.(body)).toBe(true);
    expect(validate?.({ ...body, extra: 1 })).toBe(false);
    expect(validate?.({ ...body, status: 400 })).toBe(false);
    expect(responseValidator("Clock", 418)).toBeUndefined();
  });
});
