/** Time values the expiry helpers accept, and the service's clock they compare them in. */

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
