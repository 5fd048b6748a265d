/** A deterministic hash of query keys that may hold bigints, for TanStack Query. */
import { JsonEncodeError, MAX_DEPTH } from "../codec/index.js";
import { locateDeep } from "./locate-deep.js";

/**
 * Hashes a query key like TanStack's default (`JSON.stringify` with object members sorted by
 * name), but writes bigints as `{ "$bigint": "<decimal>" }` instead of throwing. A key nesting
 * deeper than the codec's `MAX_DEPTH` is refused with a `JsonEncodeError` naming the path, never
 * a `RangeError` from the call stack: anything the client decodes fits.
 *
 * @example
 * new QueryClient({ defaultOptions: { queries: { queryKeyHashFn } } });
 */
export function queryKeyHashFn(queryKey: readonly unknown[]): string {
  const deep = locateDeep(queryKey, MAX_DEPTH);
  if (deep !== undefined) {
    throw new JsonEncodeError(`Nesting deeper than ${MAX_DEPTH} levels`, deep);
  }
  return JSON.stringify(queryKey, (_key, value: unknown) => {
    if (typeof value === "bigint") return { $bigint: value.toString() };
    if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
    if (
      Object.getPrototypeOf(value) !== Object.prototype &&
      Object.getPrototypeOf(value) !== null
    ) {
      return value;
    }
    const sorted: Record<string, unknown> = {};
    for (const k of Object.keys(value).sort()) sorted[k] = (value as Record<string, unknown>)[k];
    return sorted;
  });
}
