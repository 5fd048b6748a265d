/**
 * `xchain-intents/types`: every wire type of the service (requests, responses, the records in
 * them, the open enums with their known values) and the types of the client's options and
 * callbacks that a caller rarely writes by name. Types only: importing it adds no code.
 *
 * @example
 * import type { IntentTransaction, TransactionStatus } from "xchain-intents/types";
 *
 * @packageDocumentation
 */

export type { IntentClientMethods } from "../generated/client-methods.js";
export type { OperationName, OperationTypes } from "../generated/operations.js";
export type * from "../generated/types.js";
export type { RetryHook } from "./client/index.js";
export type { StringifyOptions } from "./codec/index.js";
export type {
  IntentUpdate,
  LifecycleMethods,
  QuoteTimes,
  TimeInput,
} from "./lifecycle/index.js";
export type { RetryInfo } from "./retry/policy.js";
export type { ValidationMode, ValidationReport } from "./validation/check.js";
