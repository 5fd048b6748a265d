import { describe, expect, it } from "vitest";
import {
  MethodNotFoundError,
  WebrpcBadMethodError,
  WebrpcBadResponseError,
  WebrpcBadRouteError,
  WebrpcInternalErrorError,
} from "../../../src/errors.js";
import { isLongPollUnsupported } from "../../../src/lifecycle/long-poll-support.js";
import { isMissingRoute, isTransientBadResponse } from "../../../src/retry/bad-response.js";
import { isAmbiguousFailure, isRetryableFor } from "../../../src/retry/decision.js";

const TRANSIENT = [0, 200, 204, 408, 429, 500, 502, 503, 504, 599];
const DEFINITE = [301, 400, 401, 403, 404, 405, 410, 413, 501, 600];

const bad = (status: number) => new WebrpcBadResponseError({ status });

describe("an unreadable answer, judged by its status", () => {
  it("is transient when empty or cut off (0, 2xx), a try-later (408, 429) or a 5xx but 501", () => {
    for (const s of TRANSIENT) expect(isTransientBadResponse(s), String(s)).toBe(true);
    for (const s of DEFINITE) expect(isTransientBadResponse(s), String(s)).toBe(false);
  });
  it("names a missing route only for 404, 405 and 501", () => {
    expect([...TRANSIENT, ...DEFINITE].filter(isMissingRoute)).toEqual([404, 405, 501]);
  });
  it("is retried, for safe operations only, when transient", () => {
    for (const s of TRANSIENT) {
      expect(isRetryableFor(bad(s), true), String(s)).toBe(true);
      expect(isRetryableFor(bad(s), false), String(s)).toBe(false);
    }
    for (const s of DEFINITE) expect(isRetryableFor(bad(s), true), String(s)).toBe(false);
  });
  it("leaves a state-changing outcome unknown only when transient", () => {
    for (const s of TRANSIENT) expect(isAmbiguousFailure(bad(s)), String(s)).toBe(true);
    for (const s of DEFINITE) expect(isAmbiguousFailure(bad(s)), String(s)).toBe(false);
  });
  it("leaves webrpc error bodies to their own rules", () => {
    expect(isRetryableFor(new WebrpcInternalErrorError(), true)).toBe(true);
    expect(isRetryableFor(new WebrpcBadRouteError(), true)).toBe(false);
  });
});

describe("isLongPollUnsupported", () => {
  it("webrpc's bad route, bad method and MethodNotFound", () => {
    expect(isLongPollUnsupported(new WebrpcBadRouteError())).toBe(true);
    expect(isLongPollUnsupported(new WebrpcBadMethodError())).toBe(true);
    expect(isLongPollUnsupported(new MethodNotFoundError())).toBe(true);
  });
  it("a router's or proxy's 404, 405 or 501 page; not its other pages", () => {
    expect([404, 405, 501].map((s) => isLongPollUnsupported(bad(s)))).toEqual([true, true, true]);
    for (const s of [0, 200, 400, 429, 500, 502, 503])
      expect(isLongPollUnsupported(bad(s)), String(s)).toBe(false);
  });
  it("nothing that is not a service error", () => {
    expect(isLongPollUnsupported(new Error("404"))).toBe(false);
    expect(isLongPollUnsupported({ status: 404 })).toBe(false);
    expect(isLongPollUnsupported(undefined)).toBe(false);
  });
});
