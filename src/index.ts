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
  type OperationName,
  type OperationTypes,
  SCHEMA_VERSION,
} from "../generated/operations.js";
export type * from "../generated/types.js";
export * from "./client/index.js";
export type { StringifyOptions } from "./codec/index.js";
export {
  JsonDecodeError,
  type JsonDecodeErrorDetails,
  JsonEncodeError,
  parseJson,
  stringifyJson,
} from "./codec/index.js";
export {
  type ClientErrorName,
  type ClientErrorTypes,
  type RedirectErrorOptions,
  RedirectRefusedError,
  RequestTimeoutError,
  RequestValidationError,
  ResponseTooLargeError,
  ResponseValidationError,
  type TooLargeErrorOptions,
  type ValidationErrorOptions,
} from "./errors/client-errors.js";
export type { SchemaError, SchemaErrorClass } from "./errors/define-error.js";
export {
  isServiceError,
  type ServiceErrorName,
  type ServiceErrorTypes,
} from "./errors/is-service-error.js";
export {
  type ErrorDefinition,
  ServiceError,
  type ServiceErrorOptions,
} from "./errors/service-error.js";
export * from "./expiry/index.js";
export * from "./lifecycle/index.js";
export * from "./query/index.js";
export type { RetryInfo, RetryOptions } from "./retry/policy.js";
export type { ValidationMode, ValidationReport } from "./validation/check.js";
