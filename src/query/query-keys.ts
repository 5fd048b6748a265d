/** Query keys per operation, for TanStack Query and similar caches. */
import type { OperationName, OperationTypes } from "../../generated/operations.js";
import { type KeySafe, toKeySafe } from "./key-value.js";

/** First element of every key of this SDK. */
export const QUERY_KEY_ROOT = "xchain-intents";

/** The key of one operation call: root, operation name, the request with bigints encoded. */
export type OperationQueryKey<N extends OperationName> = readonly [
  typeof QUERY_KEY_ROOT,
  N,
  KeySafe<OperationTypes[N]["request"]>,
];

type KeyFn<N extends OperationName> = (
  request: OperationTypes[N]["request"],
) => OperationQueryKey<N>;

function keyFor<N extends OperationName>(name: N): KeyFn<N> {
  return (request) => [QUERY_KEY_ROOT, name, toKeySafe(request)] as const;
}

/**
 * Key builders, one per operation (camelCase), plus `all` (every key of this SDK, for
 * invalidation). Keys are plain JSON: bigints appear as `{ $bigint: "<decimal>" }`.
 *
 * @example
 * useQuery({ queryKey: queryKeys.getIntent({ intentId }), queryFn: () => client.getIntent({ intentId }) });
 * queryClient.invalidateQueries({ queryKey: queryKeys.all });
 */
export const queryKeys = {
  all: [QUERY_KEY_ROOT] as const,
  getExactOutputRoutes: keyFor("GetExactOutputRoutes"),
  getExactInputRoutes: keyFor("GetExactInputRoutes"),
  quoteIntent: keyFor("QuoteIntent"),
  commitIntent: keyFor("CommitIntent"),
  executeIntent: keyFor("ExecuteIntent"),
  getIntent: keyFor("GetIntent"),
  getIntentReceipt: keyFor("GetIntentReceipt"),
  waitIntentReceipt: keyFor("WaitIntentReceipt"),
  searchIntents: keyFor("SearchIntents"),
  getIntentHistory: keyFor("GetIntentHistory"),
  getTokenPrices: keyFor("GetTokenPrices"),
  ping: keyFor("Ping"),
  clock: keyFor("Clock"),
};
