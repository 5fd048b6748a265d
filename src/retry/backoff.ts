/** Exponential backoff with full jitter ("Exponential Backoff and Jitter", AWS architecture blog). */

/** Bounds of the backoff. */
export interface BackoffBounds {
  /** Delay ceiling of the first retry, in milliseconds. */
  baseDelayMs: number;
  /** No delay exceeds this, in milliseconds. */
  maxDelayMs: number;
}

/**
 * Delay before retry number `retry` (0 for the first): uniform in `[0, min(max, base · 2^retry))`.
 *
 * @example
 * backoffDelay(2, { baseDelayMs: 500, maxDelayMs: 8_000 }); // somewhere in [0, 2000)
 */
export function backoffDelay(
  retry: number,
  bounds: BackoffBounds,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(bounds.maxDelayMs, bounds.baseDelayMs * 2 ** Math.max(0, retry));
  return Math.floor(clampUnit(random()) * ceiling);
}

function clampUnit(x: number): number {
  if (!(x >= 0)) return 0;
  return x >= 1 ? 0.999_999 : x;
}
