/**
 * A token bucket per access key, in real (monotonic) time: `capacity` requests at once, refilled at
 * `refillPerSecond`. A request finding the bucket empty is told how long to wait.
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

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Takes one token for `key`: 0 when allowed, else the milliseconds until one is available. */
  take(key: string): number {
    const t = this.now();
    const { capacity, refillPerSecond } = this.limit;
    const b = this.buckets.get(key) ?? { tokens: capacity, at: t };
    b.tokens = Math.min(capacity, b.tokens + ((t - b.at) / 1000) * refillPerSecond);
    b.at = t;
    this.buckets.set(key, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return refillPerSecond > 0 ? Math.ceil(((1 - b.tokens) / refillPerSecond) * 1000) : 60_000;
  }
}
