/**
 * xchain-intents: the TypeScript SDK of the cross-chain intent service. This entry is the front
 * door: the clients and the operation functions, `ServiceError` and its one guard, the lossless
 * codec, the lifecycle and expiry helpers, and the types a caller writes. The rest lives behind
 * subpaths: error classes in `xchain-intents/errors`, query keys in `xchain-intents/query`, every
 * wire type in `xchain-intents/types`.
 *
 * @example
 * import { createClient } from "xchain-intents";
 * const client = createClient({ baseUrl, accessKey });
 * const { intent } = await client.quoteIntent({ ... });
 *
 * @packageDocumentation
 */

export * from "../generated/client.js";
export { SCHEMA_VERSION } from "../generated/operations.js";
export type {
  Intent,
  IntentReceipt,
  IntentStatus,
  QuoteIntentRequest,
} from "../generated/types.js";
export {
  type BaseClient,
  type CallOptions,
  type ClientOptions,
  createBaseClient,
  type FetchLike,
  type Middleware,
  SDK_VERSION,
} from "./client/index.js";
export { isServiceError } from "./client/is-service-error.js";
export { parseJson, stringifyJson } from "./codec/index.js";
export { ServiceError } from "./errors/service-error.js";
export {
  type UserMessageOptions,
  type UserToken,
  userMessage,
} from "./errors/user-message.js";
export {
  EXECUTE_WINDOW_MS,
  type ExpiryOptions,
  executeDeadline,
  executeTimeLeftMs,
  isQuoteExpired,
  measureSkew,
  QUOTE_TTL_MS,
  quoteExpiresAt,
  quoteTimeLeftMs,
} from "./expiry/index.js";
// The wallet entry (`xchain-intents/viem`) imports these from here rather than shipping a copy
// (see tsup.config.ts): the checks `quoteAndCommit` makes, and waiting with an abort signal.
export {
  type AmountBounds,
  checkAmountBounds,
  checkCommittedId,
  checkIntentAnswers,
} from "./intent-check/index.js";
export {
  type CommittedIntent,
  createClient,
  type FollowOptions,
  followIntent,
  type IntentClient,
  isFinalStatus,
  type QuoteAndCommitOptions,
  quoteAndCommit,
  type WaitForIntentOptions,
  waitForIntent,
  watchIntent,
} from "./lifecycle/index.js";
export type { RetryOptions } from "./retry/policy.js";
export { abortable, sleep } from "./wait/wait.js";
