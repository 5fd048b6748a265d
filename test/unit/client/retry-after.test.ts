import { describe, expect, it } from "vitest";
import { parseRetryAfter, serverNowOf } from "../../../src/retry/retry-after.js";

const now = Date.parse("2025-01-01T00:00:00Z");
const h = (init: Record<string, string>) => new Headers(init);

describe("parseRetryAfter", () => {
  it("reads delay-seconds", () => {
    expect(parseRetryAfter(h({ "retry-after": "1" }), now)).toBe(1000);
    expect(parseRetryAfter(h({ "retry-after": "0" }), now)).toBe(0);
    expect(parseRetryAfter(h({ "retry-after": "120" }), now)).toBe(120_000);
    expect(parseRetryAfter(h({ "retry-after": "1.5" }), now)).toBe(1500);
  });
  it("reads an HTTP date relative to now, never negative", () => {
    expect(parseRetryAfter(h({ "retry-after": "Wed, 01 Jan 2025 00:00:03 GMT" }), now)).toBe(3000);
    expect(parseRetryAfter(h({ "retry-after": "Tue, 31 Dec 2024 23:59:00 GMT" }), now)).toBe(0);
  });
  it("prefers retry-after-ms", () => {
    expect(parseRetryAfter(h({ "retry-after-ms": "250", "retry-after": "9" }), now)).toBe(250);
  });
  it("ignores malformed values", () => {
    expect(parseRetryAfter(h({}), now)).toBeUndefined();
    expect(parseRetryAfter(h({ "retry-after": "soon" }), now)).toBeUndefined();
    expect(parseRetryAfter(h({ "retry-after": "-1" }), now)).toBeUndefined();
    expect(parseRetryAfter(h({ "retry-after": "2025" }), now)).toBe(2_025_000);
    expect(parseRetryAfter(h({ "retry-after-ms": "x", "retry-after": "2" }), now)).toBe(2000);
  });
});

describe("an HTTP date on the server's clock", () => {
  const ahead = now + 3 * 60_000;
  const date = (ms: number) => new Date(ms).toUTCString();
  it("serverNowOf: the response's own Date, else the local clock plus the measured skew", () => {
    expect(serverNowOf(h({ date: date(ahead) }), now, 0)).toBe(ahead);
    expect(serverNowOf(h({}), now, 180_000)).toBe(ahead);
    expect(serverNowOf(h({ date: "garbage" }), now, -5_000)).toBe(now - 5_000);
    expect(serverNowOf(h({ date: "1700000000" }), now, 0)).toBe(now);
  });
  it("a server 3 minutes ahead or behind asking for 1 s gets 1 s", () => {
    for (const server of [ahead, now - 3 * 60_000]) {
      const headers = h({ date: date(server), "retry-after": date(server + 1_000) });
      expect(parseRetryAfter(headers, serverNowOf(headers, now, 0))).toBe(1_000);
      // Without the server's clock, the wait would be off by three minutes either way.
      expect(parseRetryAfter(headers, now)).not.toBe(1_000);
    }
  });
});
