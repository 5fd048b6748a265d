/**
 * Lifecycle helpers: quote and commit, follow an intent to its final status; and `createClient`,
 * the base client with every generated operation bound as a method and these helpers beside
 * them, composed here above the call pipeline (`src/client/`) and the generated operations, none
 * of which imports this room.
 */
export { createClient, type IntentClient, type LifecycleMethods } from "./create-client.js";
export { isFinalStatus } from "./final-status.js";
export { type FollowOptions, followIntent, type IntentUpdate } from "./follow-intent.js";
export {
  type CommittedIntent,
  type QuoteAndCommitOptions,
  quoteAndCommit,
} from "./quote-and-commit.js";
export { type WaitForIntentOptions, waitForIntent, watchIntent } from "./wait-for-intent.js";
