/**
 * Token amounts for people: base units (`bigint`) shown with the token's decimals, exactly — no
 * trip through `number`, so 18-decimal amounts keep every digit.
 */

/** Options of `formatUnits`. */
export interface FormatUnitsOptions {
  /** Most fraction digits shown (the rest is cut, not rounded); default: all of them. */
  maxFractionDigits?: number;
  /** Groups the integer part by thousands with this separator (`","`); default none. */
  groupSeparator?: string;
}

/**
 * Formats `amount` base units of a token with `decimals` decimals: trailing zeros of the fraction
 * are dropped, a whole amount has no point.
 *
 * @example
 * formatUnits(25_166_782n, 6); // "25.166782"
 * formatUnits(10n ** 18n, 18); // "1"
 */
export function formatUnits(
  amount: bigint,
  decimals: number,
  options: FormatUnitsOptions = {},
): string {
  if (!Number.isInteger(decimals) || decimals < 0) throw new RangeError("decimals must be >= 0");
  const negative = amount < 0n;
  const digits = (negative ? -amount : amount).toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  let fraction = digits.slice(digits.length - decimals);
  if (options.maxFractionDigits !== undefined)
    fraction = fraction.slice(0, Math.max(0, options.maxFractionDigits));
  fraction = fraction.replace(/0+$/, "");
  const grouped =
    options.groupSeparator === undefined ? whole : groupThousands(whole, options.groupSeparator);
  return `${negative ? "-" : ""}${grouped}${fraction === "" ? "" : `.${fraction}`}`;
}

/**
 * Formats an amount with its symbol, e.g. `25.166782 USDC`.
 *
 * @example
 * formatTokenAmount(41_541n, { decimals: 6, symbol: "USDC" }); // "0.041541 USDC"
 */
export function formatTokenAmount(
  amount: bigint,
  token: { decimals: number; symbol: string },
  options: FormatUnitsOptions = {},
): string {
  return `${formatUnits(amount, token.decimals, { groupSeparator: ",", ...options })} ${token.symbol}`;
}

/**
 * Formats a USD value (a `number` on the wire) with cents, or with more digits below one cent.
 *
 * @example
 * formatUsd(25.166782); // "$25.17"
 * formatUsd(0.0015);    // "$0.0015"
 */
export function formatUsd(value: number): string {
  const abs = Math.abs(value);
  const digits = abs !== 0 && abs < 0.01 ? 4 : 2;
  return `${value < 0 ? "-" : ""}$${abs.toLocaleString("en-US", {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  })}`;
}

/**
 * Formats a fraction of 1 as a percentage, e.g. `0.005` → `0.5%`.
 *
 * @example
 * formatPercent(0.001001); // "0.1001%"
 */
export function formatPercent(fraction: number): string {
  return `${Number((fraction * 100).toPrecision(6))}%`;
}

function groupThousands(whole: string, separator: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}
