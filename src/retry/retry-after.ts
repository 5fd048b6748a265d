/**
 * Reading how long a server asks us to wait. `retry-after-ms` (milliseconds, a de-facto header)
 * wins over `Retry-After`, which is either delay-seconds or an HTTP date (RFC 9110 §10.2.3).
 */

/** Anything with a `get(name)` like `Headers`. */
export interface HeaderSource {
  get(name: string): string | null;
}

/**
 * The delay the response asks for, in milliseconds, or `undefined` when it asks for none (or the
 * headers are malformed). A date in the past gives `0`.
 *
 * @example
 * parseRetryAfter(new Headers({ "retry-after": "2" }));     // 2000
 * parseRetryAfter(new Headers({ "retry-after-ms": "150" })); // 150
 */
export function parseRetryAfter(
  headers: HeaderSource,
  nowMs: number = Date.now(),
): number | undefined {
  const ms = parseMilliseconds(headers.get("retry-after-ms"));
  if (ms !== undefined) return ms;
  const value = headers.get("retry-after")?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value) * 1000);
  return parseHttpDate(value, nowMs);
}

function parseMilliseconds(value: string | null): number | undefined {
  const text = value?.trim();
  if (!text || !/^\d+(\.\d+)?$/.test(text)) return undefined;
  return Math.ceil(Number(text));
}

/** `Retry-After` as an HTTP date: the time left until it, never negative. */
function parseHttpDate(value: string, nowMs: number): number | undefined {
  // An HTTP date always names a weekday or month; a bare number was handled above, and
  // Date.parse would read other digit strings as years.
  if (!/[a-z]/i.test(value)) return undefined;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}
