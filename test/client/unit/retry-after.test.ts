import { describe, expect, it } from "vitest";
import { parseRetryAfter } from "../../../src/retry/retry-after.js";

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
