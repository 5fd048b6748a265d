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
// The wallet entry (`xchain-intents/viem`) imports from here, rather than shipping a copy (see
// tsup.config.ts), the checks `quoteAndCommit` makes (these two) and `sleep` and `abortable`.
export { type AmountBounds, checkAmountBounds } from "./client/amount-bounds.js";
export { checkCommittedId, checkIntentAnswers } from "./client/answers-request.js";
export { measureSkew } from "./client/clock-skew.js";
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
export { abortable, sleep } from "./client/wait.js";
export { parseJson, stringifyJson } from "./codec/index.js";
export { ServiceError } from "./errors/service-error.js";
export {
  type UserMessageOptions,
  type UserToken,
  userMessage,
} from "./errors/user-message.js";
export {
  type CommittedIntent,
  createClient,
  EXECUTE_WINDOW_MS,
  type ExpiryOptions,
  executeDeadline,
  executeTimeLeftMs,
  type FollowOptions,
  followIntent,
  type IntentClient,
  isFinalStatus,
  isQuoteExpired,
  QUOTE_TTL_MS,
  type QuoteAndCommitOptions,
  quoteAndCommit,
  quoteExpiresAt,
  quoteTimeLeftMs,
  type WaitForIntentOptions,
  waitForIntent,
  watchIntent,
} from "./lifecycle/index.js";
export type { RetryOptions } from "./retry/policy.js";
