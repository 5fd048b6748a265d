/**
 * Reading how long a server asks us to wait. `retry-after-ms` (milliseconds, a de-facto header)
 * wins over `Retry-After`, which is either delay-seconds or an HTTP date (RFC 9110 §10.2.3).
 *
 * An HTTP date is a moment on the server's clock, so it is read against the server's clock, as
 * the expiry helpers read deadlines: the same response's `Date` header when it has a readable
 * one (both dates then come from one clock, with the same one-second resolution), else the local
 * clock moved by the client's measured skew (`clockSkewMs`). A server three minutes ahead asking
 * for one second gets one second, not three minutes and one second.
 */
import { parseHttpDate } from "./http-date.js";

/** Anything with a `get(name)` like `Headers`. */
export interface HeaderSource {
  get(name: string): string | null;
}

/**
 * The server's "now" for reading the dates of a response: its `Date` header, else the local
 * clock plus `skewMs` (server clock minus local clock, as `client.clockSkewMs`).
 *
 * @example
 * serverNowOf(response.headers, Date.now(), client.clockSkewMs);
 */
export function serverNowOf(headers: HeaderSource, localNowMs: number, skewMs: number): number {
  return parseHttpDate(headers.get("date")) ?? localNowMs + skewMs;
}

/**
 * The delay the response asks for, in milliseconds, or `undefined` when it asks for none (or the
 * headers are malformed). `serverNowMs` is the server's current time (see `serverNowOf`); the
 * default, the local clock, is right only when the two clocks agree. A date in the past gives `0`.
 *
 * @example
 * parseRetryAfter(new Headers({ "retry-after": "2" }));     // 2000
 * parseRetryAfter(new Headers({ "retry-after-ms": "150" })); // 150
 * parseRetryAfter(response.headers, serverNowOf(response.headers, Date.now(), skewMs));
 */
export function parseRetryAfter(
  headers: HeaderSource,
  serverNowMs: number = Date.now(),
): number | undefined {
  const ms = parseMilliseconds(headers.get("retry-after-ms"));
  if (ms !== undefined) return ms;
  const value = headers.get("retry-after")?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value) * 1000);
  const at = parseHttpDate(value);
  return at === undefined ? undefined : Math.max(0, at - serverNowMs);
}

function parseMilliseconds(value: string | null): number | undefined {
  const text = value?.trim();
  if (!text || !/^\d+(\.\d+)?$/.test(text)) return undefined;
  return Math.ceil(Number(text));
}
