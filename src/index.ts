/**
 * xchain-intents: the TypeScript SDK of the cross-chain intent service.
 *
 * @example
 * import { createClient } from "xchain-intents";
 * const client = createClient({ baseUrl, accessKey });
 * const { intent } = await client.quoteIntent({ ... });
 *
 * @packageDocumentation
 */

export * from "../generated/client.js";
export type { IntentClientMethods } from "../generated/client-methods.js";
export * from "../generated/errors.js";
export {
  type OperationName,
  type OperationTypes,
  SCHEMA_VERSION,
} from "../generated/operations.js";
export { queryKeys } from "../generated/query-keys.js";
export type * from "../generated/types.js";
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
export * from "./client/index.js";
export {
  isServiceError,
  type ServiceErrorName,
  type ServiceErrorTypes,
} from "./client/is-service-error.js";
export type { StringifyOptions } from "./codec/index.js";
export {
  JsonDecodeError,
  type JsonDecodeErrorDetails,
  JsonEncodeError,
  parseJson,
  stringifyJson,
} from "./codec/index.js";
export { defineError, type SchemaError, type SchemaErrorClass } from "./errors/define-error.js";
export {
  type ErrorDefinition,
  ServiceError,
  type ServiceErrorOptions,
} from "./errors/service-error.js";
export {
  type UserMessageOptions,
  type UserToken,
  userMessage,
} from "./errors/user-message.js";
export * from "./expiry/index.js";
export * from "./intent-check/index.js";
export * from "./intent-client/index.js";
export * from "./lifecycle/index.js";
export * from "./query/index.js";
export type { RetryInfo, RetryOptions } from "./retry/policy.js";
export type { ValidationMode, ValidationReport } from "./validation/check.js";
export { abortable, sleep } from "./wait/wait.js";
