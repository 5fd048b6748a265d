/**
 * The headers the client hands the global `fetch`: the client's set and the key, in a fresh object
 * on every call. A `fetch` wrapped by tracing or logging code may edit the headers it is handed;
 * one call's edits (a header added, the key deleted) must not reach the next call, nor the
 * client's own set. The global `fetch` is swapped for the test and put back after it.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createClient } from "../../../src/index.js";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** A global `fetch` that records the headers of each call, then edits them as a wrapper might. */
function editingFetch(seen: Record<string, string>[]): typeof fetch {
  return (async (_input: unknown, init?: RequestInit) => {
    const headers = init?.headers as Record<string, string>;
    seen.push({ ...headers });
    headers["X-Trace"] = `trace-${seen.length}`;
    delete headers["X-Access-Key"];
    return new Response('{"version":"v1"}', { headers: { "content-type": "application/json" } });
  }) as typeof fetch;
}

describe("headers handed to the global fetch", () => {
  it("are a fresh object each call: a wrapper's edits of one call do not reach the next", async () => {
    const seen: Record<string, string>[] = [];
    globalThis.fetch = editingFetch(seen);
    const client = createClient({ baseUrl: "http://127.0.0.1:9", accessKey: "key-1" });
    await client.ping();
    await client.ping();
    await client.ping({}, { headers: { "X-Call": "3" } });
    await client.ping();
    expect(seen).toHaveLength(4);
    for (const [i, headers] of seen.entries()) {
      expect(headers["X-Access-Key"]).toBe("key-1");
      expect(headers).not.toHaveProperty("X-Trace");
      expect(headers["X-Call"]).toBe(i === 2 ? "3" : undefined);
    }
  });

  it("are a fresh object each call without an access key too", async () => {
    const seen: Record<string, string>[] = [];
    globalThis.fetch = editingFetch(seen);
    const client = createClient({ baseUrl: "http://127.0.0.1:9", headers: { "X-App": "a" } });
    await client.ping();
    await client.ping();
    expect(seen.map((h) => [h["X-App"], h["X-Trace"], h["X-Access-Key"]])).toEqual([
      ["a", undefined, undefined],
      ["a", undefined, undefined],
    ]);
  });
});
