/**
 * Admission of a call to an operation that is not public: its access key checked, then one token
 * of that key's bucket taken; past the rate limit, `RateLimited` with `Retry-After` in `headers`.
 */
import { RateLimitedError } from "../../../generated/errors.js";
import type { AccessKeyConfig } from "../config/index.js";
import type { DevServerStats } from "../core/index.js";
import { authenticate } from "./auth.js";
import type { TokenBuckets } from "./rate-limit.js";

/** What a server admits calls with: its keys, and its rate limit's buckets (none when off). */
export interface AccessGate {
  readonly keys: ReadonlyMap<string, AccessKeyConfig>;
  readonly buckets: TokenBuckets | undefined;
}

/** Who calls: the project of the access key, and whether it sees every project. */
export interface Caller {
  readonly projectId: number;
  readonly allProjects: boolean;
}

/** The caller of `request`, or the interface's error (counted in `stats` when rate-limited). */
export function admit(
  gate: AccessGate,
  request: Request,
  headers: Headers,
  stats: DevServerStats,
): Caller {
  const auth = authenticate(gate.keys, request);
  if ("error" in auth) throw auth.error;
  const waitMs = gate.buckets?.take(auth.key.key) ?? 0;
  if (waitMs > 0) {
    stats.rateLimited += 1;
    headers.set("Retry-After", String(Math.ceil(waitMs / 1000)));
    throw new RateLimitedError({ cause: `retry in ${waitMs} ms` });
  }
  return { projectId: auth.key.projectId ?? 1, allProjects: auth.key.allProjects === true };
}
