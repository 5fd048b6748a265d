/**
 * `intentQueries(client)`: TanStack Query option factories for every read of the service, usable
 * with `useQuery`, `useSuspenseQuery`, `prefetchQuery` on a server, or `ensureQueryData`. Their
 * keys are the SDK's bigint-safe `queryKeys`; TanStack's retries are off because the client
 * already retries what is safe to repeat (a 503 is one retry cycle, not two nested ones).
 */
import { queryOptions, skipToken } from "@tanstack/react-query";
import { queryKeys } from "../../generated/query-keys.js";
import type {
  GetExactInputRoutesRequest,
  GetExactOutputRoutesRequest,
  GetIntentHistoryRequest,
  GetTokenPricesRequest,
  QuoteIntentRequest,
  SearchIntentsRequest,
} from "../../generated/types.js";
import { quoteTimeLeftMs } from "../lifecycle/quote-expiry.js";
import type { ReactClient } from "./client.js";

/** How long before a quote expires `quote` asks for a new one, in ms. */
export const QUOTE_REFRESH_MARGIN_MS = 20_000;

/**
 * The options of one read: its key (the request's, or the operation's prefix while the request is
 * not known yet: the query is then disabled through `skipToken`, no cast needed), no retry.
 */
function read<K extends readonly unknown[], R, T>(
  prefix: readonly unknown[],
  key: (request: R) => K,
  request: R | undefined,
  call: (request: R, signal: AbortSignal) => Promise<T>,
) {
  return queryOptions({
    queryKey: (request === undefined ? prefix : key(request)) as K,
    queryFn: request === undefined ? skipToken : ({ signal }) => call(request, signal),
    retry: false,
  });
}

/** The request of a read by intent id, or none while the id is not known. */
const byId = (intentId: string | undefined) => (intentId === undefined ? undefined : { intentId });

/**
 * Query option factories bound to `client`; pass `undefined` for a request not known yet (the
 * query stays disabled).
 *
 * @example
 * const queries = intentQueries(client);
 * const { data } = useQuery(queries.quote(request));
 * await queryClient.prefetchQuery(queries.routes({ destinationChainId, destinationTokenAddress }));
 */
export function intentQueries(client: ReactClient) {
  const k = queryKeys;
  return {
    /** Pay routes for an exact output (GetExactOutputRoutes). */
    routes: (request: GetExactOutputRoutesRequest | undefined) =>
      read(k.getExactOutputRoutes.prefix, k.getExactOutputRoutes, request, (r, signal) =>
        client.getExactOutputRoutes(r, { signal }),
      ),
    /** What an origin token can become (GetExactInputRoutes). */
    exactInputRoutes: (request: GetExactInputRoutesRequest | undefined) =>
      read(k.getExactInputRoutes.prefix, k.getExactInputRoutes, request, (r, signal) =>
        client.getExactInputRoutes(r, { signal }),
      ),
    /**
     * A quote (QuoteIntent), fresh until it expires on the service's clock and asked again
     * `QUOTE_REFRESH_MARGIN_MS` before, so the one shown can still be committed.
     */
    quote: (request: QuoteIntentRequest | undefined) => {
      const base = read(k.quoteIntent.prefix, k.quoteIntent, request, (r, signal) =>
        client.quoteIntent(r, { signal }),
      );
      const left = (intent: Parameters<typeof quoteTimeLeftMs>[0] | undefined) =>
        intent === undefined
          ? 0
          : quoteTimeLeftMs(intent, undefined, { skewMs: client.clockSkewMs });
      return queryOptions({
        ...base,
        staleTime: (q) => Math.max(0, left(q.state.data?.intent) - QUOTE_REFRESH_MARGIN_MS),
        refetchInterval: (q) =>
          q.state.data === undefined
            ? false
            : Math.max(1_000, left(q.state.data.intent) - QUOTE_REFRESH_MARGIN_MS),
        // An offer is asked again on its own schedule, not on every focus of the window.
        refetchOnWindowFocus: false,
      });
    },
    /** An intent (GetIntent). */
    intent: (intentId: string | undefined) =>
      read(k.getIntent.prefix, k.getIntent, byId(intentId), (r, signal) =>
        client.getIntent(r, { signal }),
      ),
    /** An intent's receipt (GetIntentReceipt). */
    receipt: (intentId: string | undefined) =>
      read(k.getIntentReceipt.prefix, k.getIntentReceipt, byId(intentId), (r, signal) =>
        client.getIntentReceipt(r, { signal }),
      ),
    /** Intents by any filter (SearchIntents). */
    search: (request: SearchIntentsRequest | undefined) =>
      read(k.searchIntents.prefix, k.searchIntents, request, (r, signal) =>
        client.searchIntents(r, { signal }),
      ),
    /** The project's intents, page by page (GetIntentHistory). */
    history: (request: GetIntentHistoryRequest = {}) =>
      read(k.getIntentHistory.prefix, k.getIntentHistory, request, (r, signal) =>
        client.getIntentHistory(r, { signal }),
      ),
    /** USD prices of tokens (GetTokenPrices). */
    prices: (request: GetTokenPricesRequest | undefined) =>
      read(k.getTokenPrices.prefix, k.getTokenPrices, request, (r, signal) =>
        client.getTokenPrices(r, { signal }),
      ),
  };
}

/** What `intentQueries` returns. */
export type IntentQueries = ReturnType<typeof intentQueries>;
