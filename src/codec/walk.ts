/**
 * The walk after `JSON.parse`: one visit of the whole decoded value, in document order.
 *
 * - On a bigint path, a decimal string or a safe integer becomes `bigint` at once, an
 *   integer-valued number past 2^53 is queued (its digits must come from the text), anything else
 *   stops the walk (`WALK_FAILED`; the caller then locates the error with a slower walk that
 *   tracks paths).
 * - Anywhere else, a number past 2^53 is queued too: `JSON.parse` may have rounded it, and no
 *   integer past 2^53 leaves the codec as a `number`.
 * - Nesting deeper than `MAX_DEPTH` stops the walk (`DEPTH_FAILED`): the encoder refuses the same
 *   depth, so whatever decodes can be written back.
 *
 * It also counts the properties it meets, so that the caller can tell, against the number of keys
 * in the text, that the document has no duplicate keys. Objects are visited in their own key
 * order, which for `JSON.parse` output is document order except for array-index keys (they come
 * first): those set `ordered` to false.
 */
import { CONVERT, decimalBigint, INVALID, leafKind, pastSafe, setOwn, UNSAFE } from "./leaf.js";
import { MAX_DEPTH } from "./limits.js";
import type { Shape } from "./paths.js";

/** Thrown (without a stack) when the walk meets an invalid value on a bigint path. */
export const WALK_FAILED: { readonly walkFailed: true } = Object.freeze({ walkFailed: true });

/** Thrown (without a stack) when the value nests deeper than `MAX_DEPTH`. */
export const DEPTH_FAILED: { readonly depthFailed: true } = Object.freeze({ depthFailed: true });

/** What the walk leaves for the caller. */
export class WalkState {
  /**
   * Numbers past 2^53, in visiting order, as `[holder, key, value, onBigintPath, …]`: four
   * entries per number.
   */
  readonly pending: unknown[] = [];
  /** Whether visiting order is document order (no array-index key was met). */
  ordered = true;
  /**
   * Set when a bigint field held a JSON number: its text may have been a fraction or exponent
   * form (`1.0`, `1e2`) that `JSON.parse` turned into a whole number.
   */
  sawNumber = false;
  /** Object properties visited. */
  properties = 0;
  /** Whether `Object.prototype` has enumerable properties (someone added some): skip them. */
  readonly inherited: boolean;

  constructor() {
    let inherited = false;
    for (const _ in {}) inherited = true;
    this.inherited = inherited;
  }
}

type Holder = Record<string | number, unknown>;

/** Walks `root` (converting bigint fields in place); throws `WALK_FAILED` or `DEPTH_FAILED`. */
export function walkValue(root: unknown, tree: Shape, st: WalkState): void {
  shaped(st, { $: root }, "$", root, tree, 0);
}

/** A value on the way to some bigint field (or one itself). */
function shaped(
  st: WalkState,
  holder: object,
  key: string | number,
  value: unknown,
  shape: Shape,
  depth: number,
): void {
  if (shape.bigint) {
    if (typeof value === "string") {
      decimal(holder, key, value);
      return;
    }
    const kind = leafKind(value);
    if (kind === CONVERT) {
      if (typeof value === "number") st.sawNumber = true;
      setOwn(holder, key, BigInt(value as string | number));
    } else if (kind === UNSAFE) {
      st.sawNumber = true;
      st.pending.push(holder, key, value, true);
    } else if (kind === INVALID) throw WALK_FAILED;
    return;
  }
  if (typeof value !== "object" || value === null) {
    plain(st, holder, key, value, depth);
    return;
  }
  if (depth === MAX_DEPTH) throw DEPTH_FAILED;
  if (Array.isArray(value)) {
    const items = shape.items;
    for (let i = 0; i < value.length; i++) {
      if (items === undefined) plain(st, value, i, value[i], depth + 1);
      else shaped(st, value, i, value[i], items, depth + 1);
    }
    return;
  }
  const byName = shape.byName;
  const values = shape.values;
  const obj = value as Holder;
  let properties = 0;
  for (const k in obj) {
    if (st.inherited && !Object.hasOwn(obj, k)) continue;
    properties++;
    const c = k.charCodeAt(0);
    if (c >= 48 && c <= 57) st.ordered = false;
    const child = byName?.get(k)?.shape ?? values;
    if (child === undefined) plain(st, obj, k, obj[k], depth + 1);
    else shaped(st, obj, k, obj[k], child, depth + 1);
  }
  st.properties += properties;
}

/** A decimal string on a bigint path, as `leafKind` would accept it, converted in place. */
function decimal(holder: object, key: string | number, s: string): void {
  const value = decimalBigint(s);
  if (value === undefined) throw WALK_FAILED;
  setOwn(holder, key, value);
}

/** A value off every bigint path: only numbers past 2^53 and the depth matter. */
function plain(st: WalkState, holder: object, key: string | number, value: unknown, depth: number) {
  if (typeof value !== "object") {
    if (typeof value === "number" && pastSafe(value)) {
      st.pending.push(holder, key, value, false);
    }
    return;
  }
  if (value === null) return;
  if (depth === MAX_DEPTH) throw DEPTH_FAILED;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === "object" || typeof item === "number")
        plain(st, value, i, item, depth + 1);
    }
    return;
  }
  const obj = value as Holder;
  let properties = 0;
  for (const k in obj) {
    if (st.inherited && !Object.hasOwn(obj, k)) continue;
    properties++;
    const c = k.charCodeAt(0);
    if (c >= 48 && c <= 57) st.ordered = false;
    const v = obj[k];
    if (typeof v === "object" || typeof v === "number") plain(st, obj, k, v, depth + 1);
  }
  st.properties += properties;
}
