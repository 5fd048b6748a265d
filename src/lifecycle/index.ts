/**
 * Lifecycle helpers: quote and commit, follow an intent to its final status, the quote's and the
 * execution's windows (quote validity 5 min, execute window 10 min, in the service's time); and
 * `createClient`, the base client with every generated operation bound as a method and these
 * helpers beside them, composed here above the call pipeline (`src/client/`) and the generated
 * operations, none of which imports this room.
 */
export { createClient, type IntentClient, type LifecycleMethods } from "./create-client.js";
export { EXECUTE_WINDOW_MS, executeDeadline, executeTimeLeftMs } from "./execute-deadline.js";
export { isFinalStatus } from "./final-status.js";
export { type FollowOptions, followIntent, type IntentUpdate } from "./follow-intent.js";
export {
  type CommittedIntent,
  type QuoteAndCommitOptions,
  quoteAndCommit,
} from "./quote-and-commit.js";
export {
  isQuoteExpired,
  QUOTE_TTL_MS,
  type QuoteTimes,
  quoteExpiresAt,
  quoteTimeLeftMs,
} from "./quote-expiry.js";
export type { ExpiryOptions, TimeInput } from "./server-time.js";
export { type WaitForIntentOptions, waitForIntent, watchIntent } from "./wait-for-intent.js";
