/**
 * Time as the dev server sees it: an injectable clock (epoch milliseconds), so that tests can move
 * through quote expiry, execution windows and receipt stages without sleeping.
 */

/** A clock: returns the current time as epoch milliseconds. */
export type Clock = () => number;

/** A clock that only moves when told to. */
export interface ManualClock {
  /** The current time, epoch milliseconds. */
  now(): number;
  /** Moves the clock forward by `ms` (negative values move it back). */
  advance(ms: number): void;
  /** Sets the clock to `ms`. */
  set(ms: number): void;
}

/**
 * A manual clock starting at `startMs` (epoch milliseconds; default 2025-01-01T00:00:00Z).
 *
 * @example
 * const clock = manualClock(Date.parse("2025-01-01T00:00:00Z"));
 * const srv = await startDevServer({ clock: clock.now });
 * clock.advance(6 * 60_000); // the quote has now expired
 */
export function manualClock(startMs = Date.UTC(2025, 0, 1)): ManualClock {
  let current = startMs;
  return {
    now: () => current,
    advance: (ms) => {
      current += ms;
    },
    set: (ms) => {
      current = ms;
    },
  };
}

/** An RFC 3339 timestamp (UTC, millisecond precision) of `ms`. */
export function rfc3339(ms: number): string {
  return new Date(ms).toISOString();
}

/** An HTTP date (IMF-fixdate) of `ms`, as the `Date` header carries it. */
export function httpDate(ms: number): string {
  return new Date(ms).toUTCString();
}
