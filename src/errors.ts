/**
 * `xchain-intents/errors`: every error class the SDK throws, the wallet step's too
 * (`xchain-intents/viem` re-exports those from here), for `instanceof` and for tests that build
 * one. Most callers need only `isServiceError(e, "QuoteExpired")` from `xchain-intents`,
 * which narrows by wire name and works across realms; the classes here are the same objects the
 * client throws (one copy, shared with the root entry).
 *
 * @example
 * import { QuoteExpiredError } from "xchain-intents/errors";
 * if (e instanceof QuoteExpiredError) return requote();
 *
 * @packageDocumentation
 */

export * from "../generated/errors.js";
export {
  type ClientErrorName,
  type ClientErrorTypes,
  type RedirectErrorOptions,
  RedirectRefusedError,
  RequestTimeoutError,
  RequestValidationError,
  ResponseTooDeepError,
  ResponseTooLargeError,
  ResponseValidationError,
  type TooDeepErrorOptions,
  type TooLargeErrorOptions,
  type ValidationErrorOptions,
} from "./client/client-errors.js";
export { IntentMismatchError } from "./client/intent-mismatch.js";
export {
  isServiceError,
  type ServiceErrorName,
  type ServiceErrorTypes,
} from "./client/is-service-error.js";
export { JsonDecodeError, type JsonDecodeErrorDetails, JsonEncodeError } from "./codec/index.js";
export { defineError, type SchemaError, type SchemaErrorClass } from "./errors/define-error.js";
export {
  type ErrorDefinition,
  ServiceError,
  type ServiceErrorOptions,
} from "./errors/service-error.js";
export {
  ClockSkewError,
  DepositMismatchError,
  DepositOutcomeUnknownError,
  DepositRejectedError,
  DepositRevertedError,
  DepositStrandedError,
  ExecuteWindowClosedError,
  InsufficientBalanceError,
  IntentNotAwaitingDepositError,
  NonceRaceError,
  type WalletErrorName,
  type WalletErrorTypes,
  WalletRpcError,
  WrongChainError,
} from "./errors/wallet-errors.js";
