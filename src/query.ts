/**
 * `xchain-intents/query`: bigint-safe query keys for TanStack Query (or any cache keyed by JSON):
 * one key builder per operation, a key hash function that accepts bigints, and cache
 * (de)serialisation that keeps them.
 *
 * @example
 * import { queryKeyHashFn, queryKeys } from "xchain-intents/query";
 * const queryClient = new QueryClient({ defaultOptions: { queries: { queryKeyHashFn } } });
 * useQuery({ queryKey: queryKeys.getIntent({ intentId }), queryFn: () => client.getIntent({ intentId }) });
 *
 * @packageDocumentation
 */

export { queryKeys } from "../generated/query-keys.js";
export * from "./query/index.js";
