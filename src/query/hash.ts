/** A deterministic hash of query keys that may hold bigints, for TanStack Query. */

/**
 * Hashes a query key like TanStack's default (`JSON.stringify` with object members sorted by
 * name), but writes bigints as `{ "$bigint": "<decimal>" }` instead of throwing.
 *
 * @example
 * new QueryClient({ defaultOptions: { queries: { queryKeyHashFn } } });
 */
export function queryKeyHashFn(queryKey: readonly unknown[]): string {
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
