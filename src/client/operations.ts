/**
 * One function per read operation, each taking a client (`createClient` or `createBaseClient`),
 * the request and call options. Bundlers keep only the functions a program imports.
 * `commitIntent` and `executeIntent` live in `state-changing.ts`.
 */
import { operationTable as ops } from "../../generated/operations.js";
import type * as T from "../../generated/types.js";
import * as v from "../../generated/validators.js";
import type { BaseClient } from "./base-client.js";
import { callOperation } from "./call.js";
import type { CallOptions } from "./options.js";

/**
 * Origin tokens that can pay an exact amount of a destination token (pay routes).
 *
 * @example
 * const { tokens } = await getExactOutputRoutes(client, {
 *   destinationChainId: 8453,
 *   destinationTokenAddress: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
 * });
 */
export function getExactOutputRoutes(
  client: BaseClient,
  request: T.GetExactOutputRoutesRequest,
  options?: CallOptions,
): Promise<T.GetExactOutputRoutesResponse> {
  const spec = {
    info: ops.GetExactOutputRoutes,
    validateRequest: v.validateGetExactOutputRoutesRequest,
    validateResponse: v.validateGetExactOutputRoutesResponse,
  };
  return callOperation(client, spec, request, options) as Promise<T.GetExactOutputRoutesResponse>;
}

/** Destination tokens an origin token can be turned into. */
export function getExactInputRoutes(
  client: BaseClient,
  request: T.GetExactInputRoutesRequest,
  options?: CallOptions,
): Promise<T.GetExactInputRoutesResponse> {
  const spec = {
    info: ops.GetExactInputRoutes,
    validateRequest: v.validateGetExactInputRoutesRequest,
    validateResponse: v.validateGetExactInputRoutesResponse,
  };
  return callOperation(client, spec, request, options) as Promise<T.GetExactInputRoutesResponse>;
}

/**
 * Requests a quote: the intent with rates, fees, calls and an expiry (5 minutes).
 *
 * @example
 * const { intent } = await quoteIntent(client, { ownerAddress, originChainId: 1, … });
 * intent.quote.fromAmount; // bigint, exact
 */
export function quoteIntent(
  client: BaseClient,
  request: T.QuoteIntentRequest,
  options?: CallOptions,
): Promise<T.QuoteIntentResponse> {
  const spec = {
    info: ops.QuoteIntent,
    validateRequest: v.validateQuoteIntentRequest,
    validateResponse: v.validateQuoteIntentResponse,
  };
  return callOperation(client, spec, request, options) as Promise<T.QuoteIntentResponse>;
}

/** Fetches one intent by its identifier. */
export function getIntent(
  client: BaseClient,
  request: T.GetIntentRequest,
  options?: CallOptions,
): Promise<T.GetIntentResponse> {
  const spec = {
    info: ops.GetIntent,
    validateRequest: v.validateGetIntentRequest,
    validateResponse: v.validateGetIntentResponse,
  };
  return callOperation(client, spec, request, options) as Promise<T.GetIntentResponse>;
}

/** Fetches the current receipt of an intent. */
export function getIntentReceipt(
  client: BaseClient,
  request: T.GetIntentReceiptRequest,
  options?: CallOptions,
): Promise<T.GetIntentReceiptResponse> {
  const spec = {
    info: ops.GetIntentReceipt,
    validateRequest: v.validateGetIntentReceiptRequest,
    validateResponse: v.validateGetIntentReceiptResponse,
  };
  return callOperation(client, spec, request, options) as Promise<T.GetIntentReceiptResponse>;
}

/**
 * Long poll: answers when the receipt states differ from `lastReceiptStates`, or after a bounded
 * wait. Its time limit is the client's `longPollTimeoutMs` unless `timeoutMs` is given.
 */
export function waitIntentReceipt(
  client: BaseClient,
  request: T.WaitIntentReceiptRequest,
  options?: CallOptions,
): Promise<T.WaitIntentReceiptResponse> {
  const spec = {
    info: ops.WaitIntentReceipt,
    validateRequest: v.validateWaitIntentReceiptRequest,
    validateResponse: v.validateWaitIntentReceiptResponse,
  };
  return callOperation(client, spec, request, options) as Promise<T.WaitIntentReceiptResponse>;
}

/** Finds intents by owner, intent address, transaction hash or other criteria. */
export function searchIntents(
  client: BaseClient,
  request: T.SearchIntentsRequest,
  options?: CallOptions,
): Promise<T.SearchIntentsResponse> {
  const spec = {
    info: ops.SearchIntents,
    validateRequest: v.validateSearchIntentsRequest,
    validateResponse: v.validateSearchIntentsResponse,
  };
  return callOperation(client, spec, request, options) as Promise<T.SearchIntentsResponse>;
}

/** Past intents with their receipts, page by page. */
export function getIntentHistory(
  client: BaseClient,
  request: T.GetIntentHistoryRequest,
  options?: CallOptions,
): Promise<T.GetIntentHistoryResponse> {
  const spec = {
    info: ops.GetIntentHistory,
    validateRequest: v.validateGetIntentHistoryRequest,
    validateResponse: v.validateGetIntentHistoryResponse,
  };
  return callOperation(client, spec, request, options) as Promise<T.GetIntentHistoryResponse>;
}

/** USD prices of tokens. */
export function getTokenPrices(
  client: BaseClient,
  request: T.GetTokenPricesRequest,
  options?: CallOptions,
): Promise<T.GetTokenPricesResponse> {
  const spec = {
    info: ops.GetTokenPrices,
    validateRequest: v.validateGetTokenPricesRequest,
    validateResponse: v.validateGetTokenPricesResponse,
  };
  return callOperation(client, spec, request, options) as Promise<T.GetTokenPricesResponse>;
}

/** Checks that the service is up; answers its version. */
export function ping(
  client: BaseClient,
  request: T.PingRequest = {},
  options?: CallOptions,
): Promise<T.PingResponse> {
  const spec = {
    info: ops.Ping,
    validateRequest: v.validatePingRequest,
    validateResponse: v.validatePingResponse,
  };
  return callOperation(client, spec, request, options) as Promise<T.PingResponse>;
}

/** Reads the server clock (also updates `client.clockSkewMs` from the `Date` header). */
export function clock(
  client: BaseClient,
  request: T.ClockRequest = {},
  options?: CallOptions,
): Promise<T.ClockResponse> {
  const spec = {
    info: ops.Clock,
    validateRequest: v.validateClockRequest,
    validateResponse: v.validateClockResponse,
  };
  return callOperation(client, spec, request, options) as Promise<T.ClockResponse>;
}
