/**
 * Fixed-point integer arithmetic for prices and amounts: every conversion is exact bigint math,
 * rounded down unless the name says `ceil`.
 */

/** Parses a non-negative decimal string (`"3000"`, `"0.25"`) into an integer scaled by 10^scale. */
export function parseDecimal(text: string, scale: number): bigint {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (m === null) throw new Error(`not a decimal: ${text}`);
  const frac = (m[2] ?? "").padEnd(scale, "0").slice(0, scale);
  return BigInt(m[1] ?? "0") * 10n ** BigInt(scale) + BigInt(frac === "" ? "0" : frac);
}

/** `a * b / d`, rounded down. */
export function mulDiv(a: bigint, b: bigint, d: bigint): bigint {
  return (a * b) / d;
}

/** `a * b / d`, rounded up (non-negative inputs). */
export function mulDivCeil(a: bigint, b: bigint, d: bigint): bigint {
  const p = a * b;
  return (p + d - 1n) / d;
}

/** 10^n as a bigint. */
export function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

/** A value scaled by 10^scale as a float (for USD fields and fractions). */
export function toFloat(value: bigint, scale: number): number {
  const s = pow10(scale);
  const whole = value / s;
  const frac = value % s;
  return Number(whole) + Number(frac) / Number(s);
}

/** A value scaled by 10^scale as a decimal string with `digits` fraction digits (rounded down). */
export function toDecimalString(value: bigint, scale: number, digits: number): string {
  const v = digits >= scale ? value * pow10(digits - scale) : value / pow10(scale - digits);
  const s = v.toString().padStart(digits + 1, "0");
  return digits === 0 ? s : `${s.slice(0, -digits)}.${s.slice(-digits)}`;
}

/** Parts per million: the scale of fractions (slippage, price impact, fee rates). */
export const PPM = 1_000_000n;
