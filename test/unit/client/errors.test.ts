import { describe, expect, it } from "vitest";
import { badResponse, errorFromWire } from "../../../src/client/from-wire.js";
import { safeExcerpt } from "../../../src/errors/excerpt.js";
import { redactCause, redactHeaders, redactText } from "../../../src/errors/redact.js";
import { RateLimitedError } from "../../../src/errors.js";

const ctx = { operation: "Ping", secret: "s3cr3t" };

describe("errorFromWire", () => {
  it("maps codes to classes and keeps the received status and Retry-After", () => {
    const e = errorFromWire(
      429,
      { error: "RateLimited", code: 1007, msg: "slow down", status: 429 },
      { ...ctx, retryAfterMs: 1000 },
    );
    expect(e).toBeInstanceOf(RateLimitedError);
    expect(e.toJSON()).toMatchInlineSnapshot(`
      {
        "code": 1007,
        "error": "RateLimited",
        "isRetryable": false,
        "msg": "slow down",
        "name": "RateLimitedError",
        "operation": "Ping",
        "retryAfterMs": 1000,
        "status": 429,
      }
    `);
  });
  it("treats bodies without a numeric code as bad responses", () => {
    expect(errorFromWire(500, { error: "x" }, ctx).code).toBe(-5);
    expect(errorFromWire(500, ["x"], ctx).code).toBe(-5);
    expect(badResponse(502, "why", ctx, "<p>s3cr3t</p>").excerpt).toBe("<p>[redacted]</p>");
  });
  it("scrubs the secret from server text", () => {
    const e = errorFromWire(
      401,
      { error: "AccessKeyNotFound", code: 1101, msg: "key s3cr3t unknown", cause: "s3cr3t" },
      ctx,
    );
    expect(e.message).toBe("key [redacted] unknown");
    expect(e.cause).toBe("[redacted]");
  });
});

describe("redaction helpers", () => {
  it("text, headers, causes", () => {
    expect(redactText("a s3cr3t b s3cr3t", "s3cr3t")).toBe("a [redacted] b [redacted]");
    expect(redactHeaders({ "X-Access-Key": "s3cr3t", Other: "has s3cr3t" }, "s3cr3t")).toEqual({
      "X-Access-Key": "[redacted]",
      Other: "has [redacted]",
    });
    const inner = Object.assign(new Error("deep s3cr3t"), { code: "E_X" });
    const cause = redactCause(new Error("outer", { cause: inner }), "s3cr3t") as Error;
    expect(cause.message).toBe("outer");
    expect((cause.cause as Error).message).toBe("deep [redacted]");
    expect((cause.cause as { code?: string }).code).toBe("E_X");
    const clean = new Error("clean");
    // Always a copy: what a scan finds clean may still hold the key where no scan sees it.
    expect(redactCause(clean, "s3cr3t")).not.toBe(clean);
    expect((redactCause(clean, "s3cr3t") as Error).message).toBe("clean");
  });
  it("excerpts are short and printable", () => {
    expect(safeExcerpt("a\n\tb\u0000c")).toBe("a b c");
    expect(safeExcerpt("x".repeat(500))).toHaveLength(120);
  });
});
