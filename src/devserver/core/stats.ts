/**
 * Counters of what the server did: requests per operation, state changes that took effect
 * (so a test can check that no commit was processed twice), faults served, rate-limited requests
 * and panics (which must stay at zero).
 */

/** A snapshot of the counters. */
export interface DevServerStats {
  /** Requests routed to each operation (whatever their outcome). */
  requests: Record<string, number>;
  /** Requests each operation answered without error. */
  succeeded: Record<string, number>;
  /** Commits that took effect (a repeated commit of the same intent is not counted). */
  commits: number;
  /** Executions that took effect (a repeated execution is not counted). */
  executions: number;
  /** Faults served, in all and by fault. */
  faults: number;
  faultsByKind: Record<string, number>;
  /** Requests refused by the rate limiter. */
  rateLimited: number;
  /** Answers with a `WebrpcServerPanic` (a bug). */
  panics: number;
  /** What the intent store holds now: intents, and the bytes they count against `maxStoreBytes`. */
  stored: { intents: number; bytes: number };
  /** Intents the store dropped to stay within its bounds. */
  evicted: number;
}

/** A fresh set of counters. */
export function newStats(): DevServerStats {
  return {
    requests: {},
    succeeded: {},
    commits: 0,
    executions: 0,
    faults: 0,
    faultsByKind: {},
    rateLimited: 0,
    panics: 0,
    stored: { intents: 0, bytes: 0 },
    evicted: 0,
  };
}

/** Adds one to `record[key]`. */
export function bump(record: Record<string, number>, key: string): void {
  record[key] = (record[key] ?? 0) + 1;
}

/** A deep copy of the counters. */
export function snapshot(s: DevServerStats): DevServerStats {
  return {
    ...s,
    requests: { ...s.requests },
    succeeded: { ...s.succeeded },
    faultsByKind: { ...s.faultsByKind },
    stored: { ...s.stored },
  };
}
