/**
 * A token bucket per access key: `capacity` requests at once, refilled at `refillPerSecond`. A
 * request finding the bucket empty is told how long to wait. Time is monotonic real time, which a
 * change of the system clock cannot disturb, unless the server is asked to use its own clock.
 */

/** Bucket settings. */
export interface RateLimit {
  capacity: number;
  refillPerSecond: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** Token buckets by key. */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();

  /** `now` in milliseconds; default `performance.now`. */
  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Takes one token for `key`: 0 when allowed, else the milliseconds until one is available. */
  take(key: string): number {
    const t = this.now();
    const { capacity, refillPerSecond } = this.limit;
    const b = this.buckets.get(key) ?? { tokens: capacity, at: t };
    // A clock set back refills nothing (and takes nothing back).
    const elapsed = Math.max(0, t - b.at);
    b.tokens = Math.min(capacity, b.tokens + (elapsed / 1000) * refillPerSecond);
    b.at = t;
    this.buckets.set(key, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return refillPerSecond > 0 ? Math.ceil(((1 - b.tokens) / refillPerSecond) * 1000) : 60_000;
  }
}
