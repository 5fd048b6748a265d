/**
 * The walk after `JSON.parse` (`docs/codec.md`, step 1): one visit of the whole value in its own
 * key order, which for `JSON.parse` output is document order except for array-index keys (they
 * come first, and clear `ordered`). On a bigint path, decimal strings and safe integers become
 * `bigint`s in place; everywhere, integers past 2^53 take their digits from the text's unsafe
 * number tokens, the n-th number the n-th token. It counts the properties it meets, so that
 * `decode.ts` can tell, against the keys of the text, that the document has no duplicate key and
 * the pairing held.
 */
import { decimalBigint, MAX_DEPTH, pastSafe, setOwn } from "./leaf.js";
import { scanUnsafeNumbers, type UnsafeTokens } from "./number-tokens.js";
import type { Shape } from "./paths.js";

/** Thrown (without a stack) inside the walk: a value it cannot take, or nesting past the limit. */
const STOP = Symbol();

/** What the walk leaves for the caller. */
export interface WalkState {
  /** The text `JSON.parse` read. */
  readonly text: string;
  /**
   * The scan of the text (`scanUnsafeNumbers`): the caller's, made before `JSON.parse`, or made
   * here when the first number past 2^53 is met, and only then (most texts hold none).
   */
  tokens: UnsafeTokens | undefined;
  /**
   * Entries of `tokens.spans` taken (two a number); one half, for good, once some number
   * past 2^53 met no integer token to take, or no double holds it: then it equals no count.
   */
  taken: number;
  /** Whether visiting order is document order (no array-index key was met). */
  ordered: boolean;
  /** A bigint field held a JSON number, whose text may have been `1.0` or `1e2`. */
  sawNumber: boolean;
  /** Object properties visited. */
  properties: number;
  /** Whether `Object.prototype` has enumerable properties (someone added some): skip them. */
  readonly inherited: boolean;
}

function hasEnumerableInherited(): boolean {
  for (const _ in {}) return true;
  return false;
}

type Holder = Record<string | number, unknown>;

/**
 * Walks `root`, what `JSON.parse` made of `text` (`tokens`: its scan, if one was made),
 * converting bigint fields in place. Undefined when a bigint field holds something else or the
 * value nests deeper than `MAX_DEPTH`: the caller lets the exact parser say where.
 */
export function walkValue(
  root: unknown,
  tree: Shape,
  text: string,
  tokens?: UnsafeTokens,
): WalkState | undefined {
  const st: WalkState = {
    text,
    tokens,
    taken: 0,
    ordered: true,
    sawNumber: false,
    properties: 0,
    inherited: hasEnumerableInherited(),
  };
  try {
    visit(st, { $: root }, "$", root, tree, 0);
    return st;
  } catch (e) {
    if (e === STOP) return undefined;
    throw e;
  }
}

/**
 * One value: `shape` says what the bigint paths hold below it (`undefined`: none, then only
 * numbers past 2^53 and the depth matter, and strings and booleans are not even visited).
 */
function visit(
  st: WalkState,
  holder: object,
  key: string | number,
  value: unknown,
  shape: Shape | undefined,
  depth: number,
): void {
  if (shape?.bigint) {
    if (typeof value === "string") {
      const big = decimalBigint(value);
      if (big === undefined) throw STOP;
      setOwn(holder, key, big);
    } else if (typeof value === "number") {
      if (!Number.isInteger(value)) throw STOP;
      st.sawNumber = true;
      if (Number.isSafeInteger(value)) setOwn(holder, key, BigInt(value));
      else unsafe(st, holder, key, value);
    } else if (value !== null && value !== undefined && typeof value !== "bigint") throw STOP;
    return;
  }
  if (typeof value !== "object") {
    if (typeof value === "number" && pastSafe(value)) unsafe(st, holder, key, value);
    return;
  }
  if (value === null) return;
  if (depth === MAX_DEPTH) throw STOP;
  if (Array.isArray(value)) {
    const items = shape?.items;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      // A number off the bigint paths is checked here rather than visited: a call saved per
      // number, most of the walk on the numbers wire.
      if (items !== undefined || typeof item === "object") {
        visit(st, value, i, item, items, depth + 1);
      } else if (typeof item === "number" && pastSafe(item)) unsafe(st, value, i, item);
    }
    return;
  }
  const byName = shape?.byName;
  const values = shape?.values;
  const obj = value as Holder;
  let properties = 0;
  for (const k in obj) {
    if (st.inherited && !Object.hasOwn(obj, k)) continue;
    properties++;
    const c = k.charCodeAt(0);
    if (c >= 48 && c <= 57) st.ordered = false;
    const child = byName?.get(k) ?? values;
    const v = obj[k];
    if (child !== undefined || typeof v === "object") visit(st, obj, k, v, child, depth + 1);
    else if (typeof v === "number" && pastSafe(v)) unsafe(st, obj, k, v);
  }
  st.properties += properties;
}

/**
 * A number past 2^53 at `holder[key]`: the n-th such number takes the n-th unsafe token's digits
 * at once, while its holder is at hand (a queue and a second pass over a few hundred thousand
 * holders cost more than the digits); should the pairing turn out wrong (`decode.ts` checks the
 * counts), the caller drops this value for the exact parser's.
 */
function unsafe(st: WalkState, holder: object, key: string | number, value: number): void {
  st.tokens ??= scanUnsafeNumbers(st.text);
  const { spans } = st.tokens;
  const j = st.taken;
  st.taken = j + 2;
  // A start below 0 marks a fraction or exponent token, which `BigInt` cannot read.
  if ((spans[j] ?? -1) >= 0 && Number.isFinite(value)) {
    setOwn(holder, key, BigInt(st.text.slice(spans[j], spans[j + 1])));
  } else st.taken = 0.5;
}
