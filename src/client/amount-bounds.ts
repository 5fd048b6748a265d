/**
 * The amounts the caller stated, held against a quote before anything is committed or signed:
 * the most the caller will pay (`maxAmount`), the least it will receive (`minAmountOut`), and the
 * slippage it asked for (the quote's `toAmountMin` no lower than `toAmount × (1 − slippage)`,
 * rounded down to a base unit).
 * Compared in exact integer arithmetic: no amount is rounded.
 */
import type { Intent, QuoteIntentRequest } from "../../generated/types.js";
import { IntentMismatchError } from "./intent-mismatch.js";

/** The bounds a caller may state. */
export interface AmountBounds {
  /** The most the caller will pay, in base units of the origin token. */
  maxAmount?: bigint | undefined;
  /** The least the caller will receive, in base units of the destination token. */
  minAmountOut?: bigint | undefined;
  /** The request that was quoted: its `options.slippageTolerance` bounds `toAmountMin`. */
  request?: QuoteIntentRequest | undefined;
}

/**
 * `x` (a finite number ≥ 0) as an exact fraction of integers, read from its shortest decimal
 * form, so that `0.005` is 5/1000 and not the binary float's neighbour.
 */
export function exactFraction(x: number): [bigint, bigint] {
  const [mantissa = "0", exp = "0"] = String(x).toLowerCase().split("e");
  const [whole = "0", frac = ""] = mantissa.split(".");
  const shift = frac.length - Number(exp);
  const num = BigInt(whole + frac);
  return shift >= 0 ? [num, 10n ** BigInt(shift)] : [num * 10n ** BigInt(-shift), 1n];
}

/**
 * Throws `IntentMismatchError` naming the bound the quote of `intent` breaks: `maxAmount` (the
 * deposit above it), `minAmountOut` (`quote.toAmountMin` below it), or `slippageTolerance`
 * (`quote.toAmountMin` below `quote.toAmount × (1 − slippageTolerance)` of the request).
 *
 * @example
 * checkAmountBounds(quote.intent, { maxAmount: 30_000_000n, request });
 */
export function checkAmountBounds(intent: Intent, bounds: AmountBounds): void {
  const { quote } = intent;
  const pays = intent.depositTransaction.amount;
  if (bounds.maxAmount !== undefined && !(pays <= bounds.maxAmount))
    throw new IntentMismatchError("maxAmount", `at most ${bounds.maxAmount}`, String(pays));
  const least = quote.toAmountMin;
  if (bounds.minAmountOut !== undefined && !(least >= bounds.minAmountOut))
    throw new IntentMismatchError(
      "minAmountOut",
      `quote.toAmountMin of at least ${bounds.minAmountOut}`,
      String(least),
    );
  const slippage = bounds.request?.options?.slippageTolerance;
  if (typeof slippage === "number" && Number.isFinite(slippage) && slippage >= 0) {
    const [num, den] = exactFraction(slippage);
    // toAmountMin ≥ toAmount × (den − num) / den, rounded down (a service rounds to base units).
    if (!(least >= (quote.toAmount * (den - num)) / den))
      throw new IntentMismatchError(
        "slippageTolerance",
        `quote.toAmountMin of at least ${quote.toAmount} × (1 − ${slippage})`,
        String(least),
      );
  }
}
