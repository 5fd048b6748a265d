/**
 * The fast walk: after `JSON.parse`, visit only the bigint paths and convert what is there.
 * Decimal strings and safe integers become `bigint` at once; integer-valued numbers past 2^53 are
 * queued (holder, key, value) for their digits to be read from the text. Anything invalid stops
 * the walk; the caller then locates the error with a slower walk that tracks paths.
 */
import { CONVERT, INVALID, leafKind, setOwn, UNSAFE } from "./leaf.js";
import type { FieldShape, Shape } from "./paths.js";

/** Thrown (without a stack) when the walk meets an invalid value. */
export const WALK_FAILED: { readonly walkFailed: true } = Object.freeze({ walkFailed: true });

type Holder = Record<string | number, unknown>;

/**
 * Converts the bigint fields of `root` in place. Returns the queue of unsafe numbers as a flat list
 * `[holder, key, value, holder, key, value, …]` (empty when every amount was exact already).
 */
export function walkBigints(root: unknown, tree: Shape): unknown[] {
  const pending: unknown[] = [];
  visit({ $: root }, "$", root, tree, pending);
  return pending;
}

function visit(
  holder: object,
  key: string | number,
  value: unknown,
  shape: Shape,
  pending: unknown[],
) {
  if (shape.bigint) {
    const kind = leafKind(value);
    if (kind === CONVERT) setOwn(holder, key, BigInt(value as string | number));
    else if (kind === UNSAFE) pending.push(holder, key, value);
    else if (kind === INVALID) throw WALK_FAILED;
    return;
  }
  if (value === null || typeof value !== "object") return;
  if (Array.isArray(value)) {
    const items = shape.items;
    if (items !== undefined) {
      for (let i = 0; i < value.length; i++) visit(value, i, value[i], items, pending);
    }
    return;
  }
  const fields = shape.fields;
  if (fields !== undefined) visitFields(value as Holder, fields, pending);
  const values = shape.values;
  if (values !== undefined) {
    for (const k of Object.keys(value)) visit(value, k, (value as Holder)[k], values, pending);
  }
}

function visitFields(obj: Holder, fields: readonly FieldShape[], pending: unknown[]) {
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i] as FieldShape;
    if (f.inherited && !Object.hasOwn(obj, f.name)) continue;
    const v = obj[f.name];
    if (v !== undefined) visit(obj, f.name, v, f.shape, pending);
  }
}
