import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCHEMA_VERSION } from "../../../generated/operations.js";
import {
  ClientOutdatedError,
  InvalidArgumentError,
  RequestValidationError,
  ResponseTooLargeError,
  UnsupportedNetworkError,
  WebrpcBadResponseError,
} from "../../../src/errors.js";
import {
  createClient,
  type IntentClient,
  isServiceError,
  ServiceError,
} from "../../../src/index.js";
import type { ValidationReport } from "../../../src/types.js";
import { failure } from "../../kit/client/failure.js";
import { type FakeService, startFakeService } from "../../kit/client/fake-service.js";
import { quoteRequest } from "../../kit/client/samples.js";

let svc: FakeService;
let client: IntentClient;

beforeAll(async () => {
  svc = await startFakeService();
  client = createClient({ baseUrl: svc.url, accessKey: svc.accessKey, retry: false });
});
afterAll(() => svc.close());

describe("server errors", () => {
  it("maps a schema error to its class, with the received status", async () => {
    const e = await failure(client.quoteIntent({ ...quoteRequest, originChainId: 999 }));
    expect(e).toBeInstanceOf(UnsupportedNetworkError);
    expect(isServiceError(e, "UnsupportedNetwork")).toBe(true);
    expect(e.status).toBe(422);
    expect(e.operation).toBe("QuoteIntent");
    expect(e.isRetryable).toBe(false);
    expect(String(e)).toMatchInlineSnapshot(
      `"UnsupportedNetworkError [UnsupportedNetwork 8008]: Unsupported network"`,
    );
  });

  it("keeps an unknown code, its wire name and status on the base class", async () => {
    svc.fault("Ping", { kind: "error", code: 4242, msg: "brand new", status: 418 });
    const e = await failure(client.ping());
    expect(e.constructor).toBe(ServiceError);
    expect([e.name, e.error, e.code, e.status, e.message]).toEqual([
      "ServiceError",
      "Mystery",
      4242,
      418,
      "brand new",
    ]);
  });

  it("names SDK and schema versions in ClientOutdated", async () => {
    svc.fault("Ping", { kind: "error", code: 8009 });
    const e = await failure(client.ping());
    expect(e).toBeInstanceOf(ClientOutdatedError);
    expect(e.message).toBe(
      `Client is outdated (SDK xchain-intents 0.1.0, schema xchain-intents ${SCHEMA_VERSION}; install the latest xchain-intents)`,
    );
  });

  it("answers Unauthorized without a key and AccessKeyNotFound with a wrong one", async () => {
    const anon = createClient({ baseUrl: svc.url, retry: false });
    expect(isServiceError(await failure(anon.getIntent({ intentId: "x" })), "Unauthorized")).toBe(
      true,
    );
    const wrong = createClient({ baseUrl: svc.url, accessKey: "nope", retry: false });
    const e = await failure(wrong.getIntent({ intentId: "x" }));
    expect(isServiceError(e, "AccessKeyNotFound")).toBe(true);
    expect(e.status).toBe(401);
  });
});

describe("unreadable answers → WebrpcBadResponseError", () => {
  const cases = [
    [
      "an HTML page from a proxy",
      {
        kind: "raw",
        status: 502,
        headers: { "content-type": "text/html" },
        body: "<html><body><h1>502 Bad Gateway</h1></body></html>",
      },
      502,
    ],
    ["an empty error body", { kind: "raw", status: 500, body: "" }, 500],
    ["an empty 200", { kind: "raw", status: 200, body: "" }, 200],
    ["a 200 that is not JSON", { kind: "raw", status: 200, body: "OK" }, 200],
    ["a truncated 200", { kind: "truncated" }, 200],
  ] as const;
  for (const [label, fault, status] of cases) {
    it(label, async () => {
      svc.fault("GetExactInputRoutes", fault);
      const e = await failure(
        client.getExactInputRoutes({
          originChainId: 1,
          originTokenAddress: "0x0000000000000000000000000000000000000000",
        }),
      );
      expect(isServiceError(e, "WebrpcBadResponse")).toBe(true);
      expect(e.status).toBe(status);
      expect(e.isRetryable).toBe(true);
    });
  }
  it("messages and excerpts", async () => {
    svc.fault("Ping", {
      kind: "raw",
      status: 502,
      body: "<html>\n<h1>502 Bad Gateway</h1>\n</html>",
    });
    const e = await failure(client.ping());
    expect(e.message).toMatchInlineSnapshot(
      `"bad response from Ping: HTTP 502, an HTML page, not a webrpc error"`,
    );
    expect(e.excerpt).toMatchInlineSnapshot(`"<html> <h1>502 Bad Gateway</h1> </html>"`);
    svc.fault("Ping", { kind: "truncated" });
    const t = await failure(client.ping());
    expect(t.message).toMatchInlineSnapshot(
      `"bad response from Ping: HTTP 200, the body is not valid PingResponse"`,
    );
  });
  it("a body past maxResponseBytes", async () => {
    const small = createClient({
      baseUrl: svc.url,
      accessKey: svc.accessKey,
      retry: false,
      maxResponseBytes: 64,
    });
    const e = await failure(
      small.getExactOutputRoutes({
        destinationChainId: 1,
        destinationTokenAddress: "0x0000000000000000000000000000000000000000",
      }),
    );
    expect(e instanceof ResponseTooLargeError).toBe(true);
    expect(e).toBeInstanceOf(WebrpcBadResponseError);
    expect([e.code, e.status, e.isRetryable]).toEqual([-5, 200, false]);
    expect(e instanceof ResponseTooLargeError && e.limitBytes).toBe(64);
    expect(e.message).toMatchInlineSnapshot(
      `"bad response from GetExactOutputRoutes: HTTP 200, response body larger than 64 bytes"`,
    );
    svc.fault("Ping", { kind: "slow-body", ms: 10 });
    const chunked = await failure(
      createClient({ baseUrl: svc.url, maxResponseBytes: 5, retry: false }).ping(),
    );
    expect(chunked.message).toContain("larger than 5 bytes");
  });
});

describe("transport failures", () => {
  it("network failure → WebrpcRequestFailedError with the cause", async () => {
    const dead = await startFakeService();
    const url = dead.url;
    await dead.close();
    const e = await failure(createClient({ baseUrl: url, retry: false }).ping());
    expect(isServiceError(e, "WebrpcRequestFailed")).toBe(true);
    expect(e.status).toBe(0);
    expect(e.cause).toBeInstanceOf(Error);
    expect(e.message).toBe(
      `Ping request to ${url}/rpc/Service/Ping failed: network error (ECONNREFUSED): connection ` +
        `refused: nothing accepts connections at ${new URL(url).host}; is the server running, and ` +
        "are the host and port of baseUrl right?",
    );
  });
  it("connection reset before an answer", async () => {
    svc.fault("GetIntent", { kind: "reset-before" });
    const e = await failure(client.getIntent({ intentId: "x" }));
    expect(isServiceError(e, "WebrpcRequestFailed")).toBe(true);
    expect(e.isRetryable).toBe(true);
  });
  it("caller abort → WebrpcClientAbortedError, at once", async () => {
    svc.fault("Ping", { kind: "slow-headers", ms: 3_000 });
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), 30);
    const t0 = performance.now();
    const e = await failure(client.ping({}, { signal: ctl.signal }));
    expect(performance.now() - t0).toBeLessThan(1_500);
    expect(isServiceError(e, "WebrpcClientAborted")).toBe(true);
    expect(e.isRetryable).toBe(false);
    expect(e.message).toMatchInlineSnapshot(`"Ping aborted by the caller"`);
  });
  it("client-side timeout → RequestTimeoutError (not the server's TimeoutError)", async () => {
    svc.fault("Ping", { kind: "slow-headers", ms: 3_000 });
    const e = await failure(client.ping({}, { timeoutMs: 50 }));
    expect(isServiceError(e, "RequestTimeout")).toBe(true);
    expect([e.code, e.status, e.error]).toEqual([-100, 0, "RequestTimeout"]);
    expect(e.message).toBe(
      `Ping request to ${svc.url}/rpc/Service/Ping got no answer within 50 ms`,
    );
    svc.fault("Ping", { kind: "slow-body", ms: 3_000 });
    expect(
      isServiceError(await failure(client.ping({}, { timeoutMs: 100 })), "RequestTimeout"),
    ).toBe(true);
  });
});

describe("validation", () => {
  it("strict: a non-conforming response → ResponseValidationError with the pointer", async () => {
    svc.fault("GetIntent", { kind: "raw", status: 200, body: '{"intent":{"intentId":"x"}}' });
    const e = await failure(client.getIntent({ intentId: "x" }));
    expect(isServiceError(e, "ResponseValidation")).toBe(true);
    if (!isServiceError(e, "ResponseValidation")) return;
    expect(e.pointer).toBe("/intent");
    expect(e.issues[0]?.keyword).toBe("required");
    expect(e.message).toMatchInlineSnapshot(
      `"GetIntent response /intent must have required property 'status'"`,
    );
  });
  it("warn: reports through the hook and returns the data; off: returns silently", async () => {
    const reports: ValidationReport[] = [];
    const warn = createClient({
      baseUrl: svc.url,
      accessKey: svc.accessKey,
      validate: "warn",
      onValidationIssue: (r) => reports.push(r),
    });
    svc.fault("Ping", { kind: "raw", status: 200, body: '{"version":7}' });
    expect(await warn.ping()).toEqual({ version: 7 });
    expect(reports.map((r) => [r.direction, r.pointer])).toEqual([["response", "/version"]]);
    const off = createClient({ baseUrl: svc.url, validate: "off" });
    svc.fault("Ping", { kind: "raw", status: 200, body: '{"other":true}' });
    expect(await off.ping()).toEqual({ other: true });
  });
  it("a bad request is rejected on the client, nothing sent", async () => {
    const before = svc.received.GetIntent ?? 0;
    // @ts-expect-error: intentId must be a string
    const e = await failure(client.getIntent({ intentId: 42 }));
    expect(e instanceof RequestValidationError).toBe(true);
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect(e.code).toBe(2000);
    expect(e.message).toMatchInlineSnapshot(`"GetIntent request /intentId must be string"`);
    expect(svc.received.GetIntent ?? 0).toBe(before);
  });
});
