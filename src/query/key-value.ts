/**
 * Making request objects safe to use in query keys: TanStack Query hashes keys with
 * `JSON.stringify`, which throws on `bigint`. Bigints become `{ $bigint: "123" }`.
 */
import { JsonEncodeError, MAX_DEPTH } from "../codec/index.js";
import { locateDeep } from "./locate-deep.js";

/** A bigint as it appears in a query key. */
export interface BigintKeyPart {
  readonly $bigint: string;
}

/** A value with every bigint (at any depth) replaced by `{ $bigint: "<decimal>" }`. */
export type KeySafe<T> = T extends bigint
  ? BigintKeyPart
  : T extends readonly (infer U)[]
    ? KeySafe<U>[]
    : T extends object
      ? { [K in keyof T]: KeySafe<T[K]> }
      : T;

/**
 * A deep copy of `value` that `JSON.stringify` accepts: bigints encoded, `undefined` members
 * dropped. A value nesting deeper than the codec's `MAX_DEPTH` is refused with a
 * `JsonEncodeError` naming the path.
 *
 * @example
 * toKeySafe({ amount: 10n }); // { amount: { $bigint: "10" } }
 */
export function toKeySafe<T>(value: T): KeySafe<T> {
  const deep = locateDeep(value, MAX_DEPTH);
  if (deep !== undefined) {
    throw new JsonEncodeError(`Nesting deeper than ${MAX_DEPTH} levels`, deep);
  }
  return encode(value) as KeySafe<T>;
}

function encode(value: unknown): unknown {
  if (typeof value === "bigint") return { $bigint: value.toString() };
  if (Array.isArray(value)) return value.map(encode);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (v !== undefined) out[k] = encode(v);
  }
  return out;
}
