import { describe, expect, it } from "vitest";
import {
  executeDeadline,
  executeTimeLeftMs,
  isQuoteExpired,
  measureSkew,
  quoteExpiresAt,
  quoteTimeLeftMs,
} from "../../../src/index.js";

const t0 = Date.parse("2025-03-01T12:00:00Z");

describe("quote expiry", () => {
  it("uses expiresAt, else createdAt + 5 min", () => {
    expect(quoteExpiresAt({ expiresAt: "2025-03-01T12:03:00Z" }).getTime()).toBe(t0 + 180_000);
    expect(quoteExpiresAt({ expiresAt: "", createdAt: "2025-03-01T12:00:00Z" }).getTime()).toBe(
      t0 + 300_000,
    );
    expect(() => quoteExpiresAt({ expiresAt: "garbage" })).toThrow(RangeError);
  });
  it("time left and expired, with clock skew", () => {
    const intent = { expiresAt: "2025-03-01T12:05:00Z" };
    expect(quoteTimeLeftMs(intent, t0)).toBe(300_000);
    expect(isQuoteExpired(intent, t0 + 299_999)).toBe(false);
    // "at most 5 minutes old": valid at exactly expiresAt, expired one millisecond later
    expect(isQuoteExpired(intent, t0 + 300_000)).toBe(false);
    expect(isQuoteExpired(intent, t0 + 300_001)).toBe(true);
    // the server runs 10 s ahead: locally 4:55 in, it is already 5:05 on the server
    expect(isQuoteExpired(intent, t0 + 295_000, { skewMs: 10_000 })).toBe(true);
    expect(isQuoteExpired(intent, new Date(t0))).toBe(false);
  });
});

describe("execution deadline", () => {
  it("is the commit time + 10 min", () => {
    expect(executeDeadline(t0).toISOString()).toBe("2025-03-01T12:10:00.000Z");
    expect(executeDeadline("2025-03-01T12:00:00Z").getTime()).toBe(t0 + 600_000);
    expect(executeTimeLeftMs(t0, t0 + 60_000)).toBe(540_000);
    expect(executeTimeLeftMs(t0, t0 + 60_000, { skewMs: -5_000 })).toBe(545_000);
  });
});

describe("measureSkew", () => {
  it("reads the Date header, centred on its one-second resolution", () => {
    expect(measureSkew(new Date(t0 + 30_000).toUTCString(), t0)).toBe(30_500);
    expect(measureSkew(null, t0)).toBeUndefined();
    expect(measureSkew("not a date", t0)).toBeUndefined();
  });
});
