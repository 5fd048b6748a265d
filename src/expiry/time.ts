/** Time values the expiry helpers accept. */

/** A point in time: a `Date`, epoch milliseconds, or an RFC 3339 string as the service sends. */
export type TimeInput = Date | number | string;

/** Options of the expiry helpers. */
export interface ExpiryOptions {
  /**
   * Server clock minus local clock, in ms (`client.clockSkewMs`). Deadlines are in server time;
   * the local `now` is moved by this much before comparing.
   */
  skewMs?: number;
}

/** Epoch milliseconds of `t`; `NaN` when it cannot be read. */
export function toMs(t: TimeInput): number {
  if (t instanceof Date) return t.getTime();
  if (typeof t === "number") return t;
  return Date.parse(t);
}

/** Local `now` moved into server time. */
export function serverNow(now: TimeInput | undefined, options: ExpiryOptions | undefined): number {
  return toMs(now ?? Date.now()) + (options?.skewMs ?? 0);
}

/**
 * Epoch milliseconds of an HTTP date (`Date`, `Retry-After`; RFC 9110 §5.6.7), or `undefined`
 * when `text` is missing or not one. An HTTP date always names a weekday or a month, so digit
 * strings, which `Date.parse` would read as years, are refused. The clock skew and `Retry-After`
 * both read their dates here, so they always agree.
 */
export function parseHttpDate(text: string | null | undefined): number | undefined {
  if (!text || !/[a-z]/i.test(text)) return undefined;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : ms;
}
