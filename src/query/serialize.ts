/**
 * JSON text for caches that hold bigints: TanStack Query's `dehydrate(queryClient)` keeps the
 * decoded responses, and `JSON.stringify` throws on their `bigint` amounts. These write a bigint
 * as `{ "$bigint": "<decimal>" }` (as query keys do) and read it back as a `bigint`.
 */
import type { BigintKeyPart } from "./key-value.js";

const DECIMAL = /^-?[0-9]+$/;

function isBigintPart(value: unknown): value is BigintKeyPart {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  const text = (value as { $bigint?: unknown }).$bigint;
  return keys.length === 1 && typeof text === "string" && DECIMAL.test(text);
}

/**
 * `JSON.stringify` with every bigint written as `{ "$bigint": "<decimal>" }`, every digit kept.
 *
 * @example
 * localStorage.setItem("cache", serializeWithBigints(dehydrate(queryClient)));
 */
export function serializeWithBigints(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === "bigint" ? { $bigint: v.toString() } : v,
  );
}

/**
 * `JSON.parse` (typed as the caller says, like `JSON.parse`) that turns each `{ "$bigint": "<decimal>" }` (an object with that one member) back
 * into a `bigint`.
 *
 * @example
 * hydrate(queryClient, deserializeWithBigints(localStorage.getItem("cache") ?? "{}"));
 */
export function deserializeWithBigints<T = unknown>(text: string): T {
  return JSON.parse(text, (_key, v: unknown) => (isBigintPart(v) ? BigInt(v.$bigint) : v));
}
