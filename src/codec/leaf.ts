/**
 * The codec's limits and the rules for a leaf value, shared by the walk, the exact parser and the
 * encoder so that all of them accept exactly the same inputs.
 */

/**
 * How deep a JSON value may nest, decoding and encoding alike, so that whatever decodes can be
 * written back (or hashed as a query key) without overflowing the stack: far beyond any response
 * of the interface (an intent nests six deep), well within every supported runtime's stack.
 */
export const MAX_DEPTH = 1000;

/**
 * Most digits a bigint field may hold: far above any amount (2^256 has 78), far below the length
 * at which `BigInt`'s quadratic conversion would block the event loop (`docs/codec.md`).
 */
export const MAX_INTEGER_DIGITS = 1_000;

/**
 * Whether a number's magnitude is past 2^53 − 1 (or it is `NaN`): `JSON.parse` may have rounded
 * it, so no integer of that size leaves the codec as a `number`.
 */
export function pastSafe(v: number): boolean {
  return !(v <= Number.MAX_SAFE_INTEGER && v >= -Number.MAX_SAFE_INTEGER);
}

/**
 * `BigInt(s)` when `s` is a decimal integer (an optional `-`, then ASCII digits of which at most
 * `MAX_INTEGER_DIGITS` follow the leading zeros, nothing else), else `undefined`. Once `s` starts
 * with a digit or `-` and a digit and ends with a digit (no white space, `+`, `0x` prefix or empty
 * string gets past that), `BigInt` accepts exactly the decimal integers and throws on anything
 * else inside. Leading zeros are skipped before `BigInt` reads the rest, so they cost nothing.
 */
export function decimalBigint(s: string): bigint | undefined {
  const n = s.length;
  const first = s.charCodeAt(0);
  const second = n > 1 ? s.charCodeAt(1) : 48;
  const last = s.charCodeAt(n - 1);
  if (
    !((first >= 48 && first <= 57) || (first === 45 && n > 1)) ||
    second < 48 ||
    second > 57 ||
    last < 48 ||
    last > 57
  ) {
    return undefined;
  }
  const sign = first === 45 ? 1 : 0;
  let start = sign;
  while (start < n - 1 && s.charCodeAt(start) === 48) start++;
  // What follows the zeros must start with a digit too: `BigInt` would skip white space and read
  // a sign (`"00 1"`, `"0-1"`).
  const next = s.charCodeAt(start);
  if (next < 48 || next > 57 || n - start > MAX_INTEGER_DIGITS) return undefined;
  try {
    const v = BigInt(s.slice(start));
    return sign === 1 ? -v : v;
  } catch {
    return undefined;
  }
}

/**
 * The exact value of a JSON number token written with a fraction or an exponent (`1000.0`, `1e3`,
 * `1.5e3`) when that value is an integer of at most `MAX_INTEGER_DIGITS` digits; `undefined` for a
 * fraction (`1.5`, `1e-3`) or a longer integer. Never builds more digits than that bound.
 */
export function integralBigint(token: string): bigint | undefined {
  const m = /^(-?)([0-9]+)(?:\.([0-9]+))?(?:[eE]([+-]?[0-9]+))?$/.exec(token);
  if (m === null) return undefined;
  const fraction = m[3] ?? "";
  let digits = `${m[2]}${fraction}`.replace(/^0+/, "");
  if (digits === "") return 0n;
  let exponent = Number(m[4] ?? "0") - fraction.length;
  const zeros = digits.length - digits.replace(/0+$/, "").length;
  digits = digits.slice(0, digits.length - zeros);
  exponent += zeros;
  if (exponent < 0) return undefined;
  if (digits.length + exponent > MAX_INTEGER_DIGITS) return undefined;
  const v = BigInt(`${digits}${"0".repeat(exponent)}`);
  return m[1] === "-" ? -v : v;
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

/** Human description of what a bigint field must hold, for error messages. */
export const BIGINT_EXPECTED = "an integer (a JSON integer or a decimal string)";
