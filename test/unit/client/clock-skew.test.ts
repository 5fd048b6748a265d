import { afterEach, describe, expect, it, vi } from "vitest";
import { exchangeSkew, measureSkew } from "../../../src/client/clock-skew.js";
import { createBaseClient, ping } from "../../../src/index.js";

const t0 = Date.parse("2025-03-01T12:00:00Z");
/** A `Date` header 30 s after `t0`. */
const DATE_30S = new Date(t0 + 30_000).toUTCString();

describe("exchangeSkew", () => {
  it("takes the midpoint of send and headers received, as NTP does", () => {
    // Sent at t0, headers 200 ms later: the server wrote Date at about t0 + 100 ms.
    expect(exchangeSkew(DATE_30S, t0, t0 + 200)).toBe(30_000 + 500 - 100);
    expect(exchangeSkew(DATE_30S, t0, t0)).toBe(30_500);
    expect(exchangeSkew(DATE_30S, t0, t0 + 201)).toBe(30_400);
  });
  it("matches measureSkew at the midpoint", () => {
    expect(exchangeSkew(DATE_30S, t0, t0 + 1_000)).toBe(measureSkew(DATE_30S, t0 + 500));
  });
  it("never looks past the send time when the clock stepped back meanwhile", () => {
    expect(exchangeSkew(DATE_30S, t0, t0 - 5_000)).toBe(30_500);
  });
  it("has nothing to say without a readable Date", () => {
    expect(exchangeSkew(null, t0, t0 + 10)).toBeUndefined();
    expect(exchangeSkew("yesterday", t0, t0 + 10)).toBeUndefined();
  });
  it("reads each Date as written, whatever came before (the last one read is kept)", () => {
    const date90s = new Date(t0 + 90_000).toUTCString();
    const seq = [DATE_30S, DATE_30S, date90s, null, DATE_30S, "yesterday", date90s, date90s];
    expect(seq.map((d) => measureSkew(d, t0))).toEqual([
      30_500,
      30_500,
      90_500,
      undefined,
      30_500,
      undefined,
      90_500,
      90_500,
    ]);
  });
});

describe("the client's clockSkewMs", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is measured when the headers arrive: a slow body does not pass for skew", async () => {
    // Only Date is faked: the handler moves the local clock, timers stay real.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(t0);
    const body = '{"version":"v1"}';
    const handler = async (): Promise<Response> => {
      vi.setSystemTime(t0 + 200); // the headers arrive 200 ms after sending
      const stream = new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            vi.setSystemTime(t0 + 10_200); // and the body 10 s after them
            controller.enqueue(new TextEncoder().encode(body));
            controller.close();
          },
        },
        { highWaterMark: 0 }, // no read before the client asks for the body
      );
      return new Response(stream, {
        headers: { "content-type": "application/json", date: DATE_30S },
      });
    };
    const client = createBaseClient({
      baseUrl: "http://service.test",
      fetch: handler,
      retry: false,
    });
    await expect(ping(client)).resolves.toEqual({ version: "v1" });
    expect(Date.now()).toBe(t0 + 10_200);
    expect(client.clockSkewMs).toBe(30_400);
  });
});
