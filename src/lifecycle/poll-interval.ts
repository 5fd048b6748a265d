/**
 * Pacing of the `GetIntentReceipt` fallback: a read that shows no change stretches the wait
 * before the next one (×1.5, up to a ceiling), so a slow intent costs few requests; a change
 * brings the pace back to the first interval, since more changes tend to follow.
 */

/** Default first interval of the fallback polling, ms. */
export const DEFAULT_POLL_INTERVAL_MS = 500;

/** Default ceiling of the interval, ms. */
export const MAX_POLL_INTERVAL_MS = 5_000;

/** Growth factor of the interval after a read that showed no change. */
export const POLL_GROWTH = 1.5;

/**
 * The wait before the next read, given the wait before this one (`previousMs`), whether this read
 * showed a change, and the first interval (`baseMs`). A first interval above the ceiling is kept
 * as it is: the caller asked for it, and growth must never shorten it.
 *
 * @example
 * nextPollInterval(500, false, 500); // 750
 * nextPollInterval(4_000, false, 500); // 5000 (the ceiling)
 * nextPollInterval(4_000, true, 500); // 500 (something changed)
 */
export function nextPollInterval(previousMs: number, changed: boolean, baseMs: number): number {
  if (changed) return baseMs;
  return Math.min(previousMs * POLL_GROWTH, Math.max(MAX_POLL_INTERVAL_MS, baseMs));
}
