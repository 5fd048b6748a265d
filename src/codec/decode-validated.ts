/**
 * The client's decoding path: `JSON.parse`, then the generated response validator called with a
 * `DecodeContext` as `this`, which converts bigint fields in place while it validates (one
 * traversal of the value instead of the codec's walk and the validator's). What the validator
 * cannot settle from the value alone, the text settles (`number-tokens.ts`), and anything
 * unusual hands the text to the reference path (`decode.ts`), which decides it.
 *
 * The fast path returns a value only when it is exactly what the reference path would return:
 * - `Object.prototype` holds only its standard properties (an added one would be read as a member);
 * - the validator accepted the value, and met nothing it leaves to the reference path (`s`);
 * - on the strings wire with no number past 2^53, nothing else is needed;
 * - otherwise (a bigint field held a JSON number, or a number past 2^53 was queued) one scan of
 *   the text (of the values after keys' colons, or of the whole text when such a number sat in an
 *   array) must show: no whole number written as a fraction or exponent, as many keys as the
 *   validator counted members (so no duplicate key dropped a value, and every number token is a
 *   member's), and as many tokens past 2^53 as queued numbers. When every object has its known
 *   members in schema order, validation order is document order and the i-th token holds the
 *   i-th queued number's digits; otherwise each number takes the digits of the one token with its
 *   double value, and two different tokens with the same double leave it undecided.
 */
import type { Validator } from "../../generated/validators.js";
import { decimalBigint, pastSafe } from "./leaf.js";
import { MAX_DEPTH } from "./limits.js";
import { indexTokens, scanMemberNumbers, scanUnsafeNumbers } from "./number-tokens.js";

/** Returned when the fast path cannot decide: decode with the reference path. */
export const UNDECIDED: unique symbol = Symbol("undecided");

/**
 * Depth below which the fast path looks into members the schema does not describe; deeper, the
 * reference path decides (it refuses past `MAX_DEPTH`). The schema's own nesting is far shallower
 * than the margin.
 */
const UNKNOWN_DEPTH = MAX_DEPTH - 100;

type Holder = Record<string | number, unknown>;

/** Member names of an object schema, in schema order (see `DecodeContext.l`). */
type MemberNames = readonly string[] & { readonly open?: readonly string[] };

const memberLists = new Map<string, MemberNames>();

function memberNames(names: string, open?: string): MemberNames {
  const id = open === undefined ? names : `${names};${open}`;
  let list = memberLists.get(id);
  if (list === undefined) {
    const split = (s: string) => (s === "" ? [] : s.split(","));
    list = open === undefined ? split(names) : Object.assign(split(names), { open: split(open) });
    memberLists.set(id, list);
  }
  return list;
}

/** What a decoding validator reports through `this` (see `scripts/emit/decoding-keywords.ts`). */
export class DecodeContext {
  /** Holder, key pairs of integers past 2^53 in bigint and exact 64-bit fields. */
  readonly q: unknown[] = [];
  /** A bigint field held a JSON number. */
  n = false;
  /** Object members counted. */
  c = 0;
  /** Known members out of schema order somewhere. */
  o = false;
  /** Leave the decision to the reference path. */
  s = false;
  /** A bigint or exact 64-bit field held a JSON number as an array element. */
  a = false;

  /**
   * A bigint field's value `v` (neither `bigint` nor `null`), stored under `key` of `holder`:
   * whether it is an integer. A decimal string or a safe integer becomes a `bigint` in place; an
   * integer past 2^53 is queued for its digits.
   */
  b(holder: Holder, key: string | number, v: unknown): boolean {
    if (typeof v === "string") {
      const big = decimalBigint(v);
      if (big === undefined) return false;
      holder[key] = big;
      return true;
    }
    if (typeof v !== "number" || !Number.isInteger(v)) return false;
    if (typeof key === "number") this.a = true;
    if (Number.isSafeInteger(v)) {
      holder[key] = BigInt(v);
      this.n = true;
    } else {
      this.q.push(holder, key);
    }
    return true;
  }

  /**
   * An exact 64-bit field's value `v` that is neither a `bigint` nor a safe integer: whether it is
   * an integer past 2^53 (of the right sign), then queued for its digits.
   */
  i(holder: Holder, key: string | number, v: unknown, unsigned: boolean): boolean {
    if (typeof v !== "number" || !Number.isInteger(v) || (unsigned && v < 0)) return false;
    // At the edge of the 64-bit range the double cannot tell in from out: the reference decides.
    if (unsigned ? v >= 2 ** 64 : Math.abs(v) >= 2 ** 63) this.s = true;
    if (typeof key === "number") this.a = true;
    this.q.push(holder, key);
    return true;
  }

  /**
   * The member names of an object schema: `names` comma-separated in schema order, `open` those
   * the schema lets hold anything (then `.open` is set on the list). Split once per distinct list.
   */
  l(names: string, open?: string): MemberNames {
    return memberNames(names, open);
  }

  /**
   * Places member `key` of `obj`, met where the `next` name of `names` was expected: an unknown
   * member is looked into, a known one met after a later one marks the order broken. Returns the
   * index expected next.
   */
  x(obj: Holder, key: string, names: MemberNames, next: number): number {
    const j = names.indexOf(key);
    if (j < 0) {
      this.u(obj, key);
      return next;
    }
    if (j < next) this.o = true;
    if (names.open?.includes(key)) this.u(obj, key);
    return j + 1;
  }

  /** A plain number field's value: past 2^53, the reference path decides. */
  f(v: number): void {
    if (pastSafe(v)) this.s = true;
  }

  /** A map (an object of any keys): the reference path decides. */
  m(): void {
    this.s = true;
  }

  /** A member the schema does not describe: counts its members, looks for numbers past 2^53. */
  u(holder: Holder, key: string): void {
    if (!Object.hasOwn(holder, key)) this.s = true;
    else this.look(holder[key], 0);
  }

  private look(value: unknown, depth: number): void {
    if (typeof value !== "object") {
      if (typeof value === "number" && pastSafe(value)) this.s = true;
      return;
    }
    if (value === null) return;
    if (depth === UNKNOWN_DEPTH) {
      this.s = true;
      return;
    }
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) this.look(value[i], depth + 1);
      return;
    }
    let count = 0;
    for (const k in value) {
      count++;
      this.look((value as Holder)[k], depth + 1);
    }
    this.c += count;
  }
}

/** Own property names of an untouched `Object.prototype` (ECMAScript, with Annex B). */
const PROTOTYPE_NAMES = new Set([
  "constructor",
  "__defineGetter__",
  "__defineSetter__",
  "hasOwnProperty",
  "__lookupGetter__",
  "__lookupSetter__",
  "isPrototypeOf",
  "propertyIsEnumerable",
  "toString",
  "valueOf",
  "__proto__",
  "toLocaleString",
]);

/** Whether `Object.prototype` has a string-named property beyond the standard ones. */
function prototypeTouched(): boolean {
  const names = Object.getOwnPropertyNames(Object.prototype);
  if (names.length > PROTOTYPE_NAMES.size) return true;
  for (const name of names) if (!PROTOTYPE_NAMES.has(name)) return true;
  return false;
}

/**
 * Decodes and validates `text` in one traversal; `UNDECIDED` when the text is not JSON, the value
 * does not conform, or the fast path cannot be sure (then nothing of the result is kept).
 */
export function decodeValidated(text: string, validator: Validator): unknown {
  // A property added to `Object.prototype` would be counted as a member (enumerable), or read by
  // the validator as an absent optional member's value and converted into an own one (any).
  if (prototypeTouched()) return UNDECIDED;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return UNDECIDED;
  }
  const ctx = new DecodeContext();
  try {
    if (!(validator as (this: DecodeContext, data: unknown) => boolean).call(ctx, value)) {
      return UNDECIDED;
    }
  } catch {
    return UNDECIDED; // the stack ran out on a deep value, or some other surprise
  }
  if (ctx.s) return UNDECIDED;
  const q = ctx.q;
  if (q.length === 0 && !ctx.n) return value;
  // Member values are found from their colons; a number in an array needs the full scan.
  const tokens = ctx.a ? scanUnsafeNumbers(text) : scanMemberNumbers(text);
  if (tokens.integralFraction || tokens.keys !== ctx.c || tokens.spans.length !== q.length) {
    return UNDECIDED;
  }
  const spans = tokens.spans;
  if (ctx.o) return pairByValue(text, spans, q) ? value : UNDECIDED;
  // No whole fraction, so every span is a plain integer's (none is stored as `-1 - start`).
  for (let j = 0; j < q.length; j += 2) {
    (q[j] as Holder)[q[j + 1] as string | number] = BigInt(text.slice(spans[j], spans[j + 1]));
  }
  return value;
}

/**
 * Validation order is not document order (some object's members are not in schema order): each
 * queued number takes the digits of the token with its double value, which is exact when no two
 * different tokens round to the same double (else false).
 */
function pairByValue(text: string, spans: readonly number[], q: unknown[]): boolean {
  const index = indexTokens(text, spans);
  for (let j = 0; j < q.length; j += 2) {
    const holder = q[j] as Holder;
    const key = q[j + 1] as string | number;
    const digits = index.get(holder[key] as number);
    if (typeof digits !== "string") return false;
    holder[key] = BigInt(digits);
  }
  return true;
}
