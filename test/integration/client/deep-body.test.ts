/**
 * A response body nesting deeper than the decoder accepts is refused on its text, before it is
 * parsed, with a `ResponseTooDeepError`, and not asked for again: with a fetch handler passed in,
 * and from a server over loopback. The time each refusal took is printed (not asserted).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deeperThanAt, pathAtOffset } from "../../../src/client/depth-scan.js";
import { MAX_DEPTH } from "../../../src/codec/index.js";
import { ResponseTooDeepError, WebrpcBadResponseError } from "../../../src/errors.js";
import { createClient, parseJson } from "../../../src/index.js";
import { type HostileServer, startHostileServer } from "../../kit/reliability/hostile-server.js";

const nest = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
/** 16 MB: 8 million nested arrays. */
const HUGE = nest(8_000_000);
const retry = { maxRetries: 3, baseDelayMs: 1, maxDelayMs: 5 };

describe("deeperThanAt", () => {
  it("finds the first level past the bound, and agrees with the decoder at the edge", () => {
    expect(deeperThanAt(nest(MAX_DEPTH))).toBe(-1);
    expect(() => parseJson(`{"a":${nest(MAX_DEPTH - 1)}}`, "")).not.toThrow();
    expect(deeperThanAt(nest(MAX_DEPTH + 1))).toBe(MAX_DEPTH);
    expect(() => parseJson(nest(MAX_DEPTH + 1), "")).toThrow(/Nesting deeper/);
    expect(deeperThanAt("[[[]]]", 2)).toBe(2);
  });

  it("skips strings, with escaped quotes, whatever brackets they hold", () => {
    expect(deeperThanAt(`{"a":"${"[".repeat(5000)}\\"${"{".repeat(5000)}"}`, 2)).toBe(-1);
    expect(deeperThanAt(`["\\\\",[[`, 2)).toBe(7);
  });
});

describe("a 16 MB body of 8 million nested arrays", () => {
  it("with a fetch handler passed in: ResponseTooDeepError, one request, no retry", async () => {
    let calls = 0;
    const client = createClient({
      baseUrl: "https://service.invalid",
      accessKey: "k",
      retry,
      fetch: async () => {
        calls++;
        return new Response(HUGE, { status: 200, headers: { "content-type": "application/json" } });
      },
    });
    const started = performance.now();
    const error = await client.getIntent({ intentId: "i-1" }).catch((e: unknown) => e);
    const ms = performance.now() - started;
    expect(error).toBeInstanceOf(ResponseTooDeepError);
    expect(error).toBeInstanceOf(WebrpcBadResponseError);
    const e = error as ResponseTooDeepError;
    expect(e.maxDepth).toBe(MAX_DEPTH);
    expect(e.status).toBe(200);
    expect(e.isRetryable).toBe(false);
    expect(e.message).toContain(`deeper than ${MAX_DEPTH} levels`);
    expect(calls).toBe(1);
    console.info(`16 MB nested body refused (fetch handler) in ${ms.toFixed(1)} ms`);
  });

  describe("over loopback", () => {
    let hostile: HostileServer;
    beforeAll(async () => {
      hostile = await startHostileServer();
    });
    afterAll(() => hostile.close());

    it("ResponseTooDeepError, one request, no retry", async () => {
      hostile.serve({ status: 200, headers: { "content-type": "application/json" }, body: HUGE });
      const client = createClient({ baseUrl: hostile.url, accessKey: "k", retry });
      const before = hostile.requests;
      const started = performance.now();
      const error = await client.getIntent({ intentId: "i-1" }).catch((e: unknown) => e);
      const ms = performance.now() - started;
      expect(error).toBeInstanceOf(ResponseTooDeepError);
      expect(hostile.requests - before).toBe(1);
      console.info(`16 MB nested body refused (loopback, read included) in ${ms.toFixed(1)} ms`);
    });

    it("a deep error body is not parsed: a bad response with the status kept", async () => {
      hostile.serve({ status: 400, headers: { "content-type": "application/json" }, body: HUGE });
      const client = createClient({ baseUrl: hostile.url, accessKey: "k", retry: false });
      const error = await client.getIntent({ intentId: "i-1" }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WebrpcBadResponseError);
      expect((error as WebrpcBadResponseError).status).toBe(400);
    });
  });
});

describe("pathAtOffset", () => {
  it("names the value starting at an offset as the decoder's errors do", () => {
    expect(pathAtOffset('{"a":[1,{"b c":[[', 16)).toBe('$.a[1]["b c"][0]');
    expect(pathAtOffset('{"x":"[,{","y":{"z":[', 20)).toBe("$.y.z");
  });
});
