/**
 * The quote's arithmetic, all in exact bigints. Fees are charged in the origin token:
 * provider and service fees as rates of the amount sent, gas (limit × gas price, converted through
 * the native token's price) plus the collector's 10 % on gas. What remains is converted at the
 * USD prices, less a price impact that grows with size against the route's liquidity:
 * impact = size / (size + liquidity), refused past the bound with `HighPriceImpact`.
 */

import { highPriceImpact, invalidArgument, mulDiv, mulDivCeil, PPM, pow10 } from "../core/index.js";
import type { Chain, Token } from "./catalogue.js";

/** The service's own fee rate, basis points of the amount sent. */
export const SERVICE_FEE_BPS = 10n;

/** What the arithmetic needs. */
export interface MathInput {
  from: Token;
  to: Token;
  fromChain: Chain;
  toChain: Chain;
  providerBps: bigint;
  /** Gas of the origin and destination transactions, in wei of each chain's native token. */
  originGasWei: bigint;
  destinationGasWei: bigint;
  slippagePpm: bigint;
  maxImpactPpm: bigint;
}

/** Amounts and fees of a quote, in base units (fees in the origin token). */
export interface QuoteAmounts {
  fromAmount: bigint;
  fromAmountMin: bigint;
  toAmount: bigint;
  toAmountMin: bigint;
  providerFee: bigint;
  serviceFee: bigint;
  /** Gas of both chains, in the origin token. */
  gasFee: bigint;
  collectorFee: bigint;
  totalFee: bigint;
  /** What is converted after fees, in the origin token. */
  net: bigint;
  /** Price impact, parts per million; and its amount in the origin token. */
  impactPpm: bigint;
  impactAmount: bigint;
}

/** `wei` of `native` expressed in `token` base units (rounded up: fees never fall short). */
export function weiIn(wei: bigint, native: Token, token: Token): bigint {
  return mulDivCeil(
    wei * native.priceE8,
    pow10(token.decimals),
    pow10(native.decimals) * token.priceE8,
  );
}

/** USD × 10^8 of `amount` base units of `token`. */
export function usdE8(amount: bigint, token: Token): bigint {
  return mulDiv(amount, token.priceE8, pow10(token.decimals));
}

function liquidityE8(m: MathInput): bigint {
  // biome-ignore lint/complexity/useMathMinMax: Math.min does not take bigints.
  return m.fromChain.liquidityE8 < m.toChain.liquidityE8
    ? m.fromChain.liquidityE8
    : m.toChain.liquidityE8;
}

function fixedFees(m: MathInput): { gasFee: bigint; collectorFee: bigint } {
  const gasFee =
    weiIn(m.originGasWei, m.fromChain.nativeToken, m.from) +
    weiIn(m.destinationGasWei, m.toChain.nativeToken, m.from);
  return { gasFee, collectorFee: gasFee / 10n };
}

/** The quote for sending exactly `fromAmount`, before slippage. */
function forward(
  m: MathInput,
  fromAmount: bigint,
  pointer: string,
): Omit<QuoteAmounts, "fromAmountMin" | "toAmountMin"> {
  const providerFee = (fromAmount * m.providerBps) / 10_000n;
  const serviceFee = (fromAmount * SERVICE_FEE_BPS) / 10_000n;
  const { gasFee, collectorFee } = fixedFees(m);
  const totalFee = providerFee + serviceFee + gasFee + collectorFee;
  if (totalFee >= fromAmount) {
    throw invalidArgument(
      pointer,
      `too small to cover the fees of ${totalFee} ${m.from.symbol} base units`,
    );
  }
  const net = fromAmount - totalFee;
  const size = usdE8(net, m.from);
  const impactPpm = (size * PPM) / (size + liquidityE8(m));
  if (impactPpm > m.maxImpactPpm) throw highPriceImpact(impactPpm, m.maxImpactPpm);
  const afterImpact = (net * (PPM - impactPpm)) / PPM;
  const toAmount = mulDiv(
    afterImpact * m.from.priceE8,
    pow10(m.to.decimals),
    m.to.priceE8 * pow10(m.from.decimals),
  );
  if (toAmount <= 0n) throw invalidArgument(pointer, "too small: nothing would be received");
  return {
    fromAmount,
    toAmount,
    providerFee,
    serviceFee,
    gasFee,
    collectorFee,
    totalFee,
    net,
    impactPpm,
    impactAmount: net - afterImpact,
  };
}

/** EXACT_INPUT: the origin amount is fixed; the minimum received allows for slippage. */
export function quoteExactInput(m: MathInput, fromAmount: bigint): QuoteAmounts {
  const q = forward(m, fromAmount, "/originTokenAmount");
  return {
    ...q,
    fromAmountMin: fromAmount,
    toAmountMin: (q.toAmount * (PPM - m.slippagePpm)) / PPM,
  };
}

/**
 * EXACT_OUTPUT: the destination amount is fixed. The origin amount needed is found by inverting
 * the conversion, the impact and the fees (rounding up), then checked forward; `fromAmountMin` is
 * that amount and `fromAmount` adds the slippage buffer.
 */
export function quoteExactOutput(m: MathInput, toAmount: bigint): QuoteAmounts {
  const afterImpact = mulDivCeil(
    toAmount * m.to.priceE8,
    pow10(m.from.decimals),
    m.from.priceE8 * pow10(m.to.decimals),
  );
  const size = usdE8(afterImpact, m.from);
  const liquidity = liquidityE8(m);
  if (size >= liquidity) throw highPriceImpact(PPM, m.maxImpactPpm);
  const net = mulDivCeil(afterImpact, liquidity, liquidity - size);
  const { gasFee, collectorFee } = fixedFees(m);
  let from = mulDivCeil(
    net + gasFee + collectorFee,
    10_000n,
    10_000n - m.providerBps - SERVICE_FEE_BPS,
  );
  let q = forward(m, from, "/destinationTokenAmount");
  for (let i = 0; q.toAmount < toAmount && i < 64; i++) {
    from += 1n + mulDivCeil(toAmount - q.toAmount, from, q.toAmount);
    q = forward(m, from, "/destinationTokenAmount");
  }
  if (q.toAmount < toAmount) throw highPriceImpact(q.impactPpm, m.maxImpactPpm);
  return {
    ...q,
    fromAmount: mulDivCeil(from, PPM + m.slippagePpm, PPM),
    fromAmountMin: from,
    toAmount,
    toAmountMin: toAmount,
  };
}
