/** Bigint-safe query keys for TanStack Query. */
export { queryKeyHashFn } from "./hash.js";
export { type BigintKeyPart, type KeySafe, toKeySafe } from "./key-value.js";
export { type OperationQueryKey, QUERY_KEY_ROOT, queryKeys } from "./query-keys.js";
