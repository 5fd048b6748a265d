/**
 * The rules for a value at a bigint path, shared by the fast walk, the exact parser and the error
 * locator, so that all three accept exactly the same inputs.
 */

/**
 * Most digits a bigint field may hold. Far above any amount (2^256 has 78 digits) and below the
 * point where converting costs anything: `BigInt` of a decimal string takes time growing with the
 * square of its length, so a body carrying millions of digits would block the event loop for
 * minutes, beyond the reach of any timeout.
 */
export const MAX_INTEGER_DIGITS = 1_000;

/**
 * Whether `s` is a decimal integer: an optional `-` then one to `MAX_INTEGER_DIGITS` ASCII digits,
 * nothing else.
 */
export function isDecimalInteger(s: string): boolean {
  const n = s.length;
  let i = n > 0 && s.charCodeAt(0) === 45 ? 1 : 0;
  if (i === n || n - i > MAX_INTEGER_DIGITS) return false;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/**
 * Whether a number's magnitude is past 2^53 − 1 (or it is `NaN`): `JSON.parse` may have rounded
 * it, so no integer of that size leaves the codec as a `number`.
 */
export function pastSafe(v: number): boolean {
  return !(v <= Number.MAX_SAFE_INTEGER && v >= -Number.MAX_SAFE_INTEGER);
}

/**
 * `BigInt(s)` when `s` is a decimal integer (as `isDecimalInteger` says), else `undefined`, in one
 * pass over the characters instead of two: once `s` starts with a digit or `-` and a digit, ends
 * with a digit and has at most `MAX_INTEGER_DIGITS` digits (no white space, `+`, `0x` prefix or
 * empty string gets past that), `BigInt` accepts exactly the decimal integers and throws on
 * anything else inside.
 */
export function decimalBigint(s: string): bigint | undefined {
  const n = s.length;
  const first = s.charCodeAt(0);
  const second = n > 1 ? s.charCodeAt(1) : 48;
  const last = s.charCodeAt(n - 1);
  if (
    n - (first === 45 ? 1 : 0) <= MAX_INTEGER_DIGITS &&
    ((first >= 48 && first <= 57) || (first === 45 && n > 1)) &&
    second >= 48 &&
    second <= 57 &&
    last >= 48 &&
    last <= 57
  ) {
    try {
      return BigInt(s);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * Stores `value` under `key` as an own data property. Plain assignment would run the
 * `Object.prototype.__proto__` setter for the key `__proto__` and change the holder's prototype.
 */
export function setOwn(holder: object, key: string | number, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(holder, key, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  } else {
    (holder as Record<string | number, unknown>)[key] = value;
  }
}

/** At a bigint path: already a `bigint`, `null`, or absent; left as it is. */
export const KEEP = 0;
/** At a bigint path: a decimal string or a safe integer, so `BigInt(value)` is exact. */
export const CONVERT = 1;
/** At a bigint path: an integer-valued number past 2^53, whose digits must come from the text. */
export const UNSAFE = 2;
/** At a bigint path: anything else, a decoding error. */
export const INVALID = 3;

/** What a decoded JSON value at a bigint path is. */
export type LeafKind = typeof KEEP | typeof CONVERT | typeof UNSAFE | typeof INVALID;

/** Classifies a value that `JSON.parse` produced at a bigint path. */
export function leafKind(value: unknown): LeafKind {
  if (typeof value === "string") return isDecimalInteger(value) ? CONVERT : INVALID;
  if (typeof value === "number") {
    if (Number.isSafeInteger(value)) return CONVERT;
    return Number.isInteger(value) ? UNSAFE : INVALID;
  }
  if (value === null || value === undefined || typeof value === "bigint") return KEEP;
  return INVALID;
}

/** Human description of what a bigint field must hold, for error messages. */
export const BIGINT_EXPECTED = "an integer (a JSON integer or a decimal string)";
