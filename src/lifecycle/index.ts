/** Lifecycle helpers: quote and commit, follow an intent to its final status. */
export { isFinalStatus } from "./final-status.js";
export { type FollowOptions, followIntent, type IntentUpdate } from "./follow-intent.js";
export {
  type CommittedIntent,
  type QuoteAndCommitOptions,
  quoteAndCommit,
} from "./quote-and-commit.js";
export { type WaitForIntentOptions, waitForIntent, watchIntent } from "./wait-for-intent.js";
