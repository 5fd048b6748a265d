/**
 * The walk along the bigint paths only (`docs/codec.md`, step 1, when the scan came first). When
 * the number scan made before `JSON.parse` has bounded the nesting and found no integer past 2^53
 * and no whole number in fraction or exponent form (the strings wire, as webrpc servers write
 * it), every number off the bigint paths is already exact: nothing there needs a visit. An answer
 * is mostly text, ids and addresses off those paths, so this walk reads each object's few
 * bigint-path members by name instead of visiting every member of the whole value.
 */
import { decimalBigint, pastSafe, setOwn } from "./leaf.js";
import type { Shape } from "./paths.js";
import type { WalkState } from "./walk.js";

/** Thrown (without a stack) inside the walk: a bigint field holds something else. */
const STOP: { readonly stop: true } = Object.freeze({ stop: true });

type Holder = Record<string | number, unknown>;

/**
 * Walks the members of `root` that `tree` names, converting bigint fields in place and queueing
 * numbers past 2^53 met on the way (in `st.pending`: the caller then walks the whole value). False
 * when a bigint field holds something else: the caller lets the exact parser say where.
 */
export function walkTree(root: unknown, tree: Shape, st: WalkState): boolean {
  try {
    visit(st, { $: root }, "$", root, tree);
    return true;
  } catch (e) {
    if (e === STOP) return false;
    throw e;
  }
}

function visit(st: WalkState, holder: object, key: string | number, value: unknown, shape: Shape) {
  if (shape.bigint) {
    if (typeof value === "string") {
      const big = decimalBigint(value);
      if (big === undefined) throw STOP;
      setOwn(holder, key, big);
    } else if (typeof value === "number") {
      if (!Number.isInteger(value)) throw STOP;
      if (Number.isSafeInteger(value)) setOwn(holder, key, BigInt(value));
      else st.pending.push(holder, key, value);
    } else if (value !== null && value !== undefined && typeof value !== "bigint") throw STOP;
    return;
  }
  if (typeof value !== "object") {
    // A number where the schema has an object: the validator refuses it, but no number leaves
    // rounded in the meantime.
    if (typeof value === "number" && pastSafe(value)) st.pending.push(holder, key, value);
    return;
  }
  if (value === null) return;
  if (Array.isArray(value)) {
    const items = shape.items;
    if (items === undefined) return;
    for (let i = 0; i < value.length; i++) visit(st, value, i, value[i], items);
    return;
  }
  const obj = value as Holder;
  const { byName, values } = shape;
  if (values !== undefined) {
    // A map: every member is on a path.
    for (const k in obj) {
      if (st.inherited && !Object.hasOwn(obj, k)) continue;
      visit(st, obj, k, obj[k], byName?.get(k) ?? values);
    }
    return;
  }
  const { fields } = shape;
  for (let i = 0; i < fields.length; i++) {
    const { name, shape: child } = fields[i] as Shape["fields"][number];
    const v = obj[name];
    // Own members only: JSON values are never `undefined`, and a name found on the prototype
    // (someone added it there) is no member of the answer.
    if (v !== undefined && Object.hasOwn(obj, name)) visit(st, obj, name, v, child);
  }
}
