/**
 * Mistakes and edges on the wire, over loopback HTTP: a body past `maxResponseBytes` (not
 * retried when the server answered 2xx), network errors that name the URL tried, server messages
 * redacted for a one-letter key without cutting words, and a `baseUrl` copied with
 * `/rpc/Service/` refused before any request.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ResponseTooLargeError } from "../../../src/errors.js";
import { createClient, isServiceError, ServiceError } from "../../../src/index.js";
import type { RetryInfo } from "../../../src/types.js";
import { OWNER } from "../../kit/devserver/helpers.js";
import { type HostileServer, startHostileServer } from "../../kit/reliability/hostile-server.js";
import { leaks, SECRET } from "../../kit/reliability/secrets.js";
import { quoteRequestFor, startService } from "../../kit/reliability/service.js";

let hostile: HostileServer;

beforeAll(async () => {
  hostile = await startHostileServer();
});
afterAll(() => hostile?.close());

async function failure(call: Promise<unknown>): Promise<ServiceError> {
  const e = await call.then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(ServiceError);
  return e as ServiceError;
}

function retryingClient(baseUrl: string, maxResponseBytes: number) {
  const retries: RetryInfo[] = [];
  const client = createClient({
    baseUrl,
    accessKey: SECRET,
    maxResponseBytes,
    retry: { maxRetries: 3, baseDelayMs: 1, onRetry: (r) => retries.push(r) },
  });
  return { client, retries };
}

describe("a body past maxResponseBytes", () => {
  const chunk = new Uint8Array(16 * 1024).fill(0x20);

  for (const declareLength of [true, false]) {
    const how = declareLength ? "with Content-Length" : "chunked";
    it(`200 ${how} → ResponseTooLargeError, sent once although the read is safe to repeat`, async () => {
      const { client, retries } = retryingClient(hostile.url, 64 * 1024);
      hostile.serve({ stream: { chunk, bytes: 1024 * 1024, declareLength } });
      const before = hostile.requests;
      const e = await failure(client.getIntent({ intentId: "x" }));
      expect(e instanceof ResponseTooLargeError).toBe(true);
      expect([e.code, e.status, e.isRetryable]).toEqual([-5, 200, false]);
      expect(hostile.requests - before).toBe(1);
      expect(retries).toEqual([]);
      expect(leaks(e)).toEqual([]);
    });
  }

  it("503 with an oversized page is still a transient answer: retried", async () => {
    const { client, retries } = retryingClient(hostile.url, 64 * 1024);
    hostile.serve({ status: 503, stream: { chunk, bytes: 1024 * 1024, declareLength: false } });
    const before = hostile.requests;
    const e = await failure(client.getIntent({ intentId: "x" }));
    expect(e instanceof ResponseTooLargeError).toBe(true);
    expect(e.status).toBe(503);
    expect(hostile.requests - before).toBe(4);
    expect(retries).toHaveLength(3);
  });
});

describe("network errors name the URL tried, never the key", () => {
  it("connection refused", async () => {
    const gone = await startHostileServer();
    const url = gone.url;
    await gone.close();
    const client = createClient({ baseUrl: url, accessKey: SECRET, retry: false });
    const e = await failure(client.getIntent({ intentId: "x" }));
    expect(isServiceError(e, "WebrpcRequestFailed")).toBe(true);
    expect(e.message).toBe(
      `GetIntent request to ${url}/rpc/Service/GetIntent failed: network error (ECONNREFUSED): ` +
        `connection refused: nothing accepts connections at ${new URL(url).host}; is the server ` +
        "running, and are the host and port of baseUrl right?",
    );
    expect(leaks(e)).toEqual([]);
  });

  it("connection reset", async () => {
    hostile.serve({ reset: true });
    const client = createClient({ baseUrl: hostile.url, accessKey: SECRET, retry: false });
    const e = await failure(client.ping());
    expect(e.message).toMatch(
      new RegExp(`^Ping request to ${hostile.url}/rpc/Service/Ping failed: network error`),
    );
  });
});

describe("redaction with a one-letter key", () => {
  it("a server message naming fields keeps its words whole", async () => {
    const srv = await startService({ accessKeys: [{ key: "k" }] });
    try {
      const client = createClient({
        baseUrl: srv.url,
        accessKey: "k",
        validate: "off",
        retry: false,
      });
      const request = { ...quoteRequestFor(OWNER), destinationTokenAmount: "lots" };
      const e = await failure(client.quoteIntent(request as never));
      expect(e.message).toContain("destinationTokenAmount");
      expect(e.message).not.toContain("[redacted]");
    } finally {
      await srv.close();
    }
  });

  it("a server echoing the one-letter key alone gets it redacted", async () => {
    hostile.serve({
      status: 401,
      body: '{"error":"Unauthorized","code":1000,"msg":"key k is not valid for tokenAmount","status":401}',
    });
    const client = createClient({ baseUrl: hostile.url, accessKey: "k", retry: false });
    const e = await failure(client.ping());
    expect(e.message).toBe("key [redacted] is not valid for tokenAmount");
  });
});

describe("a baseUrl copied with /rpc/Service/", () => {
  it("is refused at createClient, naming the URL to use; nothing is sent", async () => {
    const before = hostile.requests;
    expect(() =>
      createClient({ baseUrl: `${hostile.url}/rpc/Service/`, accessKey: SECRET }),
    ).toThrow(`pass ${JSON.stringify(hostile.url)}`);
    const client = createClient({ baseUrl: hostile.url, accessKey: SECRET, retry: false });
    hostile.serve({ body: '{"version":"v1"}' });
    await client.ping();
    expect(hostile.requests - before).toBe(1);
  });
});
