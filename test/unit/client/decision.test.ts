import { describe, expect, it } from "vitest";
import {
  RedirectRefusedError,
  RequestTimeoutError,
  ResponseTooLargeError,
} from "../../../src/client/client-errors.js";
import {
  QuotaExceededError,
  QuotaRateLimitError,
  RateLimitedError,
  UnauthorizedError,
  UnexpectedError,
  WebrpcBadResponseError,
  WebrpcClientAbortedError,
  WebrpcRequestFailedError,
} from "../../../src/errors.js";
import { ServiceError } from "../../../src/index.js";
import { isAmbiguousFailure, isRetryableFor, retryDelay } from "../../../src/retry/decision.js";
import { retryPolicy } from "../../../src/retry/policy.js";
import { reconcileCommit, reconcileExecute } from "../../../src/retry/reconcile.js";

const policy = retryPolicy({ random: () => 0.5, baseDelayMs: 100, maxDelayMs: 1000 });

describe("isRetryableFor", () => {
  it("retries rate limits for every operation, never QuotaExceeded", () => {
    for (const safe of [true, false]) {
      expect(isRetryableFor(new RateLimitedError(), safe)).toBe(true);
      expect(isRetryableFor(new QuotaRateLimitError(), safe)).toBe(true);
      expect(isRetryableFor(new QuotaExceededError(), safe)).toBe(false);
      expect(isRetryableFor(new WebrpcClientAbortedError({ status: 0 }), safe)).toBe(false);
    }
  });
  it("retries transport failures and 5xx only when safe to repeat", () => {
    const errors = [
      new WebrpcRequestFailedError({ status: 0 }),
      new WebrpcBadResponseError({ status: 502 }),
      new RequestTimeoutError(),
      new UnexpectedError({ status: 500 }),
      new ServiceError({ name: "ServiceError", error: "X", code: 4242, status: 503, message: "x" }),
    ];
    for (const e of errors) {
      expect(isRetryableFor(e, true)).toBe(true);
      expect(isRetryableFor(e, false)).toBe(false);
    }
  });
  it("tells ambiguous failures apart", () => {
    expect(isAmbiguousFailure(new WebrpcRequestFailedError({ status: 0 }))).toBe(true);
    expect(isAmbiguousFailure(new RequestTimeoutError())).toBe(true);
    expect(isAmbiguousFailure(new RateLimitedError())).toBe(false);
    expect(isAmbiguousFailure(new UnexpectedError())).toBe(false);
  });
});

describe("retryDelay", () => {
  it("uses the server's delay when within the cap", () => {
    const e = new RateLimitedError({ retryAfterMs: 700 });
    expect(retryDelay(e, 0, false, policy)).toBe(700);
  });
  it("returns the error rather than waiting past the cap", () => {
    const e = new RateLimitedError({ retryAfterMs: 120_000 });
    expect(retryDelay(e, 0, true, policy)).toBeUndefined();
    expect(retryDelay(e, 0, true, { ...policy, maxDelayMs: 120_000 })).toBe(120_000);
  });
  it("falls back to jittered backoff and stops after maxRetries", () => {
    const e = new RateLimitedError();
    expect(retryDelay(e, 0, true, policy)).toBe(50);
    expect(retryDelay(e, 2, true, policy)).toBe(200);
    expect(retryDelay(e, 3, true, policy)).toBeUndefined();
    expect(retryDelay(e, 0, true, retryPolicy(false))).toBeUndefined();
  });
  it("never retries what is not retryable", () => {
    const e = new UnauthorizedError();
    expect(retryDelay(e, 0, true, policy)).toBeUndefined();
  });
});

describe("reconcile", () => {
  it("commit: COMMITTED or later is done, QUOTED is resent, anything else unknown", () => {
    expect(reconcileCommit("COMMITTED")).toBe("done");
    expect(reconcileCommit("SUCCEEDED")).toBe("done");
    expect(reconcileCommit("QUOTED")).toBe("resend");
    expect(reconcileCommit("INVALID")).toBe("unknown");
    expect(reconcileCommit("SOMETHING_NEW")).toBe("unknown");
  });
  it("execute: EXECUTING or later is done, COMMITTED is resent", () => {
    expect(reconcileExecute("EXECUTING")).toBe("done");
    expect(reconcileExecute("FAILED")).toBe("done");
    expect(reconcileExecute("COMMITTED")).toBe("resend");
    expect(reconcileExecute("QUOTED")).toBe("unknown");
  });
});

describe("answers that repeating cannot change", () => {
  it("a 2xx body past maxResponseBytes is not retried; an oversized 5xx page follows its status", () => {
    const ok = new ResponseTooLargeError({ status: 200, limitBytes: 10 });
    expect(isRetryableFor(ok, true)).toBe(false);
    expect(retryDelay(ok, 0, true, policy)).toBeUndefined();
    // The server did answer: for a commit, a read tells whether it acted.
    expect(isAmbiguousFailure(ok)).toBe(true);
    expect(isRetryableFor(new ResponseTooLargeError({ status: 503, limitBytes: 10 }), true)).toBe(
      true,
    );
    expect(isRetryableFor(new ResponseTooLargeError({ status: 404, limitBytes: 10 }), true)).toBe(
      false,
    );
    // A plain unreadable 2xx (truncated in transit) is still worth another try.
    expect(isRetryableFor(new WebrpcBadResponseError({ status: 200 }), true)).toBe(true);
  });
  it("a redirect is never retried nor reconciled", () => {
    for (const status of [0, 301, 302, 303, 307, 308]) {
      const e = new RedirectRefusedError({ status });
      expect(e.isRetryable).toBe(false);
      for (const safe of [true, false]) expect(isRetryableFor(e, safe)).toBe(false);
      expect(isAmbiguousFailure(e)).toBe(false);
    }
  });
});
