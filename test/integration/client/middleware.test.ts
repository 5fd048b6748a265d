/**
 * `createClient({ middleware })`: openapi-fetch's middleware runs on every attempt, retries and the
 * reads that reconcile a state-changing call included, and `onRetry` reports each retry with its
 * attempt, reason and delay. The requests a middleware sees hold no access key, and a request a
 * middleware points at another origin leaves without it. Against the dev server over loopback,
 * and a second loopback server standing for the other origin.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import { createClient, type Middleware } from "../../../src/index.js";
import type { RetryInfo } from "../../../src/types.js";
import { quoteRequest } from "../../kit/client/samples.js";
import { startServer } from "../../kit/server.js";

let srv: DevServer;
let other: Server;
let otherUrl: string;
const seenElsewhere: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  srv = await startServer({ port: 0, faults: true });
  other = createServer((req, res) => {
    seenElsewhere.push(req.headers);
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"version":"elsewhere"}');
    });
  });
  await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await srv.close();
  await new Promise((resolve) => other.close(resolve));
});

/** A middleware that writes down every attempt, answer, network error and retry. */
function recorder() {
  const log = {
    requests: [] as { path: string; key: string | null }[],
    statuses: [] as number[],
    errors: 0,
    retries: [] as RetryInfo[],
  };
  const middleware: Middleware = {
    onRequest({ request }) {
      log.requests.push({
        path: new URL(request.url).pathname,
        key: request.headers.get("x-access-key"),
      });
    },
    onResponse({ response }) {
      log.statuses.push(response.status);
    },
    onError() {
      log.errors++;
    },
    onRetry(info) {
      log.retries.push(info);
    },
  };
  return { log, middleware };
}

const instant = async () => {};

describe("client middleware", () => {
  it("sees each attempt of a 429 → retry → 200, and onRetry says why and how long", async () => {
    const { log, middleware } = recorder();
    const client = createClient({
      baseUrl: srv.url,
      accessKey: srv.accessKey,
      middleware: [middleware],
      sleep: instant,
    });
    const before = srv.stats().requests.Ping ?? 0;
    srv.injectFaults([{ operation: "Ping", fault: "429:1" }]);
    const { version } = await client.ping();
    expect(version).toBeTypeOf("string");
    expect(log.requests.map((r) => r.path)).toEqual(["/rpc/Service/Ping", "/rpc/Service/Ping"]);
    expect(log.statuses).toEqual([429, 200]);
    expect(log.retries).toHaveLength(1);
    expect(log.retries[0]).toMatchObject({
      attempt: 1,
      reason: "rate limited (HTTP 429)",
      delayMs: 1000,
      operation: "Ping",
    });
    expect((srv.stats().requests.Ping ?? 0) - before).toBe(2);
    // The key reached the server (it answered 200) but no middleware saw it.
    expect(log.requests.every((r) => r.key === null)).toBe(true);
  });

  it("sees the commit that failed and the read that reconciled it", async () => {
    const { log, middleware } = recorder();
    const client = createClient({
      baseUrl: srv.url,
      accessKey: srv.accessKey,
      middleware: [middleware],
      sleep: instant,
    });
    const { intent } = await client.quoteIntent(quoteRequest);
    const commits = srv.stats().commits;
    log.requests.length = 0;
    log.statuses.length = 0;
    srv.injectFaults([{ operation: "CommitIntent", fault: "reset-after" }]);
    const { intentId } = await client.commitIntent({ intent });
    expect(intentId).toBe(intent.intentId);
    expect(srv.stats().commits - commits).toBe(1);
    expect(log.requests.map((r) => r.path)).toEqual([
      "/rpc/Service/CommitIntent",
      "/rpc/Service/GetIntent",
    ]);
    expect(log.errors).toBe(1);
    expect(log.statuses).toEqual([200]);
    expect(log.retries).toEqual([]);
  });

  it("a request a middleware sends to another origin leaves without the access key", async () => {
    seenElsewhere.length = 0;
    const seen: (string | null)[] = [];
    const elsewhere: Middleware = {
      onRequest({ request }) {
        seen.push(request.headers.get("x-access-key"));
        const moved = new Request(otherUrl + new URL(request.url).pathname, request);
        // Even one the middleware sets itself: the key's header never leaves for another origin.
        moved.headers.set("X-Access-Key", srv.accessKey);
        return moved;
      },
    };
    const client = createClient({
      baseUrl: srv.url,
      accessKey: srv.accessKey,
      middleware: [elsewhere],
      retry: false,
    });
    const { version } = await client.ping();
    expect(version).toBe("elsewhere");
    expect(seen).toEqual([null]);
    expect(seenElsewhere).toHaveLength(1);
    expect(seenElsewhere[0]?.["x-access-key"]).toBeUndefined();
    expect(JSON.stringify(seenElsewhere)).not.toContain(srv.accessKey);
  });

  it("a middleware that only adds a header keeps the request on baseUrl, with the key", async () => {
    const before = srv.stats().requests.Clock ?? 0;
    const tagged: Middleware = {
      onRequest({ request }) {
        request.headers.set("X-Request-Id", "r-1");
      },
    };
    const client = createClient({
      baseUrl: srv.url,
      accessKey: srv.accessKey,
      middleware: [tagged],
    });
    // Clock needs the key (Ping does not): it answers only when the key went along.
    await expect(client.clock()).resolves.toMatchObject({ serverTime: expect.anything() });
    expect((srv.stats().requests.Clock ?? 0) - before).toBe(1);
    const keyless = createClient({ baseUrl: srv.url, middleware: [tagged], retry: false });
    await expect(keyless.clock()).rejects.toMatchObject({ status: 401 });
  });

  it("runs in openapi-fetch's order: onRequest in order, onResponse and onError in reverse", async () => {
    const order: string[] = [];
    const named = (name: string): Middleware => ({
      onRequest() {
        order.push(`request ${name}`);
      },
      onResponse() {
        order.push(`response ${name}`);
      },
    });
    const client = createClient({ baseUrl: srv.url, middleware: [named("a"), named("b")] });
    await client.ping();
    expect(order).toEqual(["request a", "request b", "response b", "response a"]);
  });

  it("an answer from onRequest skips the network; a refused one is still a typed error", async () => {
    const before = srv.stats().requests.Ping ?? 0;
    const answer = (status: number, body: string): Middleware => ({
      onRequest: () =>
        new Response(body, { status, headers: { "content-type": "application/json" } }),
    });
    const cached = createClient({ baseUrl: srv.url, middleware: [answer(200, '{"version":"c"}')] });
    await expect(cached.ping()).resolves.toMatchObject({ version: "c" });
    const refused = createClient({
      baseUrl: srv.url,
      retry: false,
      middleware: [answer(503, '{"error":"WebrpcServerPanic","code":-6,"msg":"no","status":503}')],
    });
    await expect(refused.ping()).rejects.toMatchObject({ status: 503 });
    expect((srv.stats().requests.Ping ?? 0) - before).toBe(0);
  });

  it("onError may answer for a network failure, and onResponse may replace an answer", async () => {
    const rescued: Middleware = {
      onError: () => new Response('{"version":"offline"}', { status: 200 }),
    };
    const offline = createClient({
      baseUrl: "http://127.0.0.1:9",
      middleware: [rescued],
      retry: false,
    });
    await expect(offline.ping()).resolves.toMatchObject({ version: "offline" });
    const replaced: Middleware = {
      onResponse: () => new Response('{"version":"replaced"}', { status: 200 }),
    };
    const client = createClient({ baseUrl: srv.url, middleware: [replaced] });
    await expect(client.ping()).resolves.toMatchObject({ version: "replaced" });
    const wrong = { onRequest: () => 42 } as unknown as Middleware;
    const broken = createClient({ baseUrl: srv.url, middleware: [wrong], retry: false });
    // A middleware breaking the rules is a typed failure of the call, with the rule as its cause.
    const e = (await broken.ping().catch((x: unknown) => x)) as Error;
    expect(e).toMatchObject({ name: "WebrpcRequestFailedError", status: 0 });
    expect(String(e.cause)).toMatch(/onRequest: must return a Request or a Response/);
  });

  it("is checked by createClient", () => {
    const make = (middleware: unknown) => () =>
      createClient({ baseUrl: srv.url, middleware: middleware as Middleware[] });
    expect(make({})).toThrow(/middleware must be an array/);
    expect(make([{}])).toThrow(/middleware\[0\] has none of onRequest/);
    expect(make([{ onRequest: 1 }])).toThrow(/middleware\[0\]\.onRequest must be a function/);
    // A hole, `null` or an array in the list is refused by name, never read as middleware.
    expect(make([undefined])).toThrow(
      "createClient: middleware[0] must be an object, not undefined",
    );
    expect(make([{ onRequest() {} }, null])).toThrow(/middleware\[1\] must be an object, not null/);
    expect(make([[]])).toThrow(/middleware\[0\] must be an object, not an array/);
  });
});
