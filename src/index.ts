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
export * from "../generated/errors.js";
export {
  type OperationInfo,
  type OperationName,
  type OperationTypes,
  operationTable,
  SCHEMA_HASH,
  SCHEMA_NAME,
  SCHEMA_VERSION,
  WEBRPC_VERSION,
} from "../generated/operations.js";
export type * from "../generated/types.js";
export * from "./client/index.js";
export type { StringifyOptions } from "./codec/index.js";
export {
  JsonDecodeError,
  type JsonDecodeErrorDetails,
  JsonEncodeError,
  MAX_DEPTH,
  parseJson,
  stringifyJson,
} from "./codec/index.js";
export {
  isRedirectRefusedError,
  isRequestTimeoutError,
  isRequestValidationError,
  isResponseTooLargeError,
  isResponseValidationError,
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
} from "./errors/client-errors.js";
export type { SchemaError, SchemaErrorClass } from "./errors/define-error.js";
export {
  type ErrorDefinition,
  isServiceError,
  ServiceError,
  type ServiceErrorOptions,
} from "./errors/service-error.js";
export * from "./expiry/index.js";
export * from "./lifecycle/index.js";
export * from "./query/index.js";
export type { RetryInfo, RetryOptions } from "./retry/policy.js";
export type { ValidationMode, ValidationReport } from "./validation/check.js";
