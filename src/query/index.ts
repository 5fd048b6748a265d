/**
 * Bigint-safe query keys for TanStack Query: the key builder the generated `queryKeys` are made
 * with, a hash function, and cache (de)serialisation that keeps bigints.
 */
export { queryKeyHashFn } from "./hash.js";
export {
  type OperationQueryKey,
  QUERY_KEY_ROOT,
  type QueryKeyBuilder,
} from "./key-builder.js";
export { type BigintKeyPart, type KeySafe, toKeySafe } from "./key-value.js";
export { deserializeWithBigints, serializeWithBigints } from "./serialize.js";
