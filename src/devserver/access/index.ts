/**
 * Access: who may call and how often. The `X-Access-Key` check (a missing key, an unknown key and a
 * key used from a browser origin it does not allow each get the interface's error, and a known key
 * gives the caller's project) and the token bucket per key that answers `RateLimited` with
 * `Retry-After`.
 */

export { type AccessGate, admit, type Caller } from "./admit.js";
export { authenticate } from "./auth.js";
export { TokenBuckets } from "./rate-limit.js";
