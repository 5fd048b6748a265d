/** Bigint-safe query keys for TanStack Query. */
export { queryKeys } from "../../generated/query-keys.js";
export { queryKeyHashFn } from "./hash.js";
export {
  type OperationQueryKey,
  QUERY_KEY_ROOT,
  type QueryKeyBuilder,
} from "./key-builder.js";
export { type BigintKeyPart, type KeySafe, toKeySafe } from "./key-value.js";
export { deserializeWithBigints, serializeWithBigints } from "./serialize.js";
