/**
 * The fast walk: after `JSON.parse`, visit only the bigint paths and convert what is there.
 * Decimal strings and safe integers become `bigint` at once; integer-valued numbers past 2^53 go
 * to a sink, which gives them their digits from the text. Anything invalid stops the walk; the
 * caller then locates the error with a slower walk that tracks paths.
 *
 * Objects are visited in their own key order, which for `JSON.parse` output is document order
 * except for array-index keys (they come first): the sink hears about those.
 */
import { CONVERT, INVALID, leafKind, setOwn, UNSAFE } from "./leaf.js";
import type { Shape } from "./paths.js";

/** Thrown (without a stack) when the walk meets an invalid value. */
export const WALK_FAILED: { readonly walkFailed: true } = Object.freeze({ walkFailed: true });

/** Receives the numbers past 2^53 found on bigint paths, in visiting order. */
export interface UnsafeSink {
  /** `holder[key]` is `value`, an integer past 2^53 whose digits `JSON.parse` rounded. */
  unsafe(holder: object, key: string | number, value: number): void;
  /** An array-index key was visited: from here on, visiting order may differ from text order. */
  reordered(): void;
  /**
   * Set when a bigint field held a JSON number (safe or not): its text may have been a fraction
   * or exponent form (`1.0`, `1e2`) that `JSON.parse` turned into a whole number.
   */
  sawNumber: boolean;
}

type Holder = Record<string | number, unknown>;

/** Converts the bigint fields of `root` in place; throws `WALK_FAILED` on an invalid value. */
export function walkBigints(root: unknown, tree: Shape, sink: UnsafeSink): void {
  visit({ $: root }, "$", root, tree, sink);
}

function visit(
  holder: object,
  key: string | number,
  value: unknown,
  shape: Shape,
  sink: UnsafeSink,
) {
  if (shape.bigint) {
    const kind = leafKind(value);
    if (kind === CONVERT) {
      if (typeof value === "number") sink.sawNumber = true;
      setOwn(holder, key, BigInt(value as string | number));
    } else if (kind === UNSAFE) sink.unsafe(holder, key, value as number);
    else if (kind === INVALID) throw WALK_FAILED;
    return;
  }
  if (value === null || typeof value !== "object") return;
  if (Array.isArray(value)) {
    const items = shape.items;
    if (items !== undefined) {
      for (let i = 0; i < value.length; i++) visit(value, i, value[i], items, sink);
    }
    return;
  }
  const byName = shape.byName;
  const values = shape.values;
  if (byName === undefined && values === undefined) return;
  const obj = value as Holder;
  for (const k in obj) {
    const child = byName?.get(k)?.shape ?? values;
    if (child === undefined || !Object.hasOwn(obj, k)) continue;
    const c = k.charCodeAt(0);
    if (c >= 48 && c <= 57) sink.reordered();
    visit(obj, k, obj[k], child, sink);
  }
}
