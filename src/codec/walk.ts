/**
 * The fast walk: after `JSON.parse`, visit only the bigint paths and convert what is there.
 * Decimal strings and safe integers become `bigint` at once; integer-valued numbers past 2^53 are
 * queued (holder, key, value) for their digits to be read from the text. Anything invalid stops
 * the walk; the caller then locates the error with a slower walk that tracks paths.
 *
 * Objects are visited in their own key order, which for `JSON.parse` output is document order
 * (except for array-index keys, which come first): the queue is then in the order in which the
 * numbers appear in the text, and `ordered` says whether that holds.
 */
import { CONVERT, INVALID, leafKind, setOwn, UNSAFE } from "./leaf.js";
import type { Shape } from "./paths.js";

/** Thrown (without a stack) when the walk meets an invalid value. */
export const WALK_FAILED: { readonly walkFailed: true } = Object.freeze({ walkFailed: true });

/** What the walk leaves to do. */
export interface WalkResult {
  /** Unsafe numbers as a flat list `[holder, key, value, holder, key, value, …]`. */
  readonly pending: unknown[];
  /** Whether `pending` is in document order (no array-index key was visited). */
  ordered: boolean;
}

type Holder = Record<string | number, unknown>;

/** Converts the bigint fields of `root` in place; throws `WALK_FAILED` on an invalid value. */
export function walkBigints(root: unknown, tree: Shape): WalkResult {
  const result: WalkResult = { pending: [], ordered: true };
  visit({ $: root }, "$", root, tree, result);
  return result;
}

function visit(holder: object, key: string | number, value: unknown, shape: Shape, r: WalkResult) {
  if (shape.bigint) {
    const kind = leafKind(value);
    if (kind === CONVERT) setOwn(holder, key, BigInt(value as string | number));
    else if (kind === UNSAFE) r.pending.push(holder, key, value);
    else if (kind === INVALID) throw WALK_FAILED;
    return;
  }
  if (value === null || typeof value !== "object") return;
  if (Array.isArray(value)) {
    const items = shape.items;
    if (items !== undefined) {
      for (let i = 0; i < value.length; i++) visit(value, i, value[i], items, r);
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
    if (c >= 48 && c <= 57) r.ordered = false;
    visit(obj, k, obj[k], child, r);
  }
}
