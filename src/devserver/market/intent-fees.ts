/**
 * The fee parts of a quote: `intent.fees` (gas per chain, provider and service fees, totals in the
 * fee token and USD), the price impact breakdown and the gas fee payment options.
 */
import type {
  FeeOption,
  GasFee,
  GasFeeOptions,
  IntentFees,
  PriceImpactDetails,
} from "../../../generated/types.js";
import { PPM, toDecimalString, toFloat } from "../core/index.js";
import type { Chain, Token } from "./catalogue.js";
import { type QuoteAmounts, usdE8, weiIn } from "./quote-math.js";
import type { QuoteSpec } from "./quote-spec.js";

const usd = (amount: bigint, token: Token) => toFloat(usdE8(amount, token), 8);
const fraction = (part: bigint, whole: bigint) =>
  whole === 0n ? 0 : Number((part * PPM) / whole) / 1e6;

/** Gas of one chain's transactions. */
export function gasFee(chain: Chain, gasLimit: bigint, metaTxnId: string): GasFee {
  const wei = gasLimit * chain.gasPriceWei;
  return {
    chainId: chain.chainId,
    totalGasLimit: gasLimit,
    gasPrice: chain.gasPriceWei,
    nativeTokenSymbol: chain.nativeSymbol,
    totalFeeAmount: wei,
    totalFeeUsd: toDecimalString(usdE8(wei, chain.nativeToken), 8, 6),
    metaTxnFeeDetails: { metaTxnId, estimatedGasLimit: gasLimit, feeNative: wei },
    metaTxnGasQuote: wei.toString(),
    nativeTokenPriceUsd: toFloat(chain.nativeToken.priceE8, 8),
  };
}

/** `intent.fees`: every fee in the origin token and in USD. */
export function intentFees(
  s: QuoteSpec,
  q: QuoteAmounts,
  originGas: GasFee,
  destinationGas: GasFee | undefined,
): IntentFees {
  const f = s.from;
  const providerWithService = q.providerFee + q.serviceFee;
  // Members in schema order, as a webrpc server writes a struct (an absent optional one omitted).
  const fees: IntentFees = {
    originGas,
    ...(destinationGas === undefined ? {} : { destinationGas }),
    provider: {
      quoteProvider: s.provider.name,
      quoteProviderFee: q.providerFee,
      quoteProviderFeeUsd: usd(q.providerFee, f),
      serviceFee: q.serviceFee,
      serviceFeeUsd: usd(q.serviceFee, f),
      quoteProviderWithServiceFee: providerWithService,
      providerWithServiceFeeUsd: usd(providerWithService, f),
      totalFeeAmount: providerWithService,
      totalFeeUsd: usd(providerWithService, f),
    },
    feeTokenAddress: f.address,
    feeTokenAmount: q.totalFee,
    feeTokenUsd: usd(q.totalFee, f),
    feeTokenTotal: q.totalFee,
    gasFeeTotal: q.gasFee,
    gasFeeUsd: usd(q.gasFee, f),
    serviceFeeTotal: q.serviceFee,
    serviceFeeUsd: usd(q.serviceFee, f),
    collectorFeeTotal: q.collectorFee,
    collectorFeeUsd: usd(q.collectorFee, f),
    providerFeeTotal: q.providerFee,
    providerFeeUsd: usd(q.providerFee, f),
    totalFeeAmount: q.totalFee,
    totalFeeUsd: usd(q.totalFee, f),
  };
  return fees;
}

/** Price impact by cause: execution (liquidity), market (none: prices are fixed), fees, and net. */
export function priceImpactDetails(s: QuoteSpec, q: QuoteAmounts): PriceImpactDetails {
  const part = (amount: bigint) => ({
    priceImpact: fraction(amount, q.fromAmountMin),
    priceImpactUsd: usd(amount, s.from),
  });
  const execution = {
    priceImpact: Number(q.impactPpm) / 1e6,
    priceImpactUsd: usd(q.impactAmount, s.from),
  };
  const total = q.impactAmount + q.providerFee + q.serviceFee;
  return {
    executionPriceImpact: execution,
    marketPriceImpact: { priceImpact: 0, priceImpactUsd: 0 },
    providerFeesPriceImpact: part(q.providerFee),
    serviceFeesPriceImpact: part(q.serviceFee),
    netPriceImpact: part(total),
  };
}

/** The tokens the gas can be paid in (only the native token with `onlyNativeGasFee`). */
export function gasFeeOptions(
  s: QuoteSpec,
  gas: { originWei: bigint; destinationWei: bigint; totalGas: bigint },
  usdcOnOrigin: Token | undefined,
  expiresAt: string,
): GasFeeOptions {
  const native = s.fromChain.nativeToken;
  const tokens = [native];
  if (!s.onlyNativeGasFee) {
    if (!s.from.native) tokens.push(s.from);
    if (usdcOnOrigin !== undefined && usdcOnOrigin.address !== s.from.address)
      tokens.push(usdcOnOrigin);
  }
  const withMargin = (wei: bigint) => wei + wei / 10n;
  const feeOptions: FeeOption[] = tokens.map((t) => {
    const amount =
      weiIn(withMargin(gas.originWei), native, t) +
      weiIn(withMargin(gas.destinationWei), s.toChain.nativeToken, t);
    return {
      tokenAddress: t.address,
      tokenSymbol: t.symbol,
      tokenDecimals: t.decimals,
      amount,
      amountUsd: usd(amount, t),
      feeCollectorAddress: s.deployment.feeCollector,
      is2612: t.permit ?? false,
      isPassthroughEligible: t.address === s.from.address,
    };
  });
  const nativeCost = gas.originWei + weiIn(gas.destinationWei, s.toChain.nativeToken, native);
  return {
    gasEstimate: {
      totalGas: gas.totalGas,
      gasPrice: s.fromChain.gasPriceWei.toString(),
      nativeCost: nativeCost.toString(),
      nativeCostUsd: usd(nativeCost, native),
    },
    feeOptions,
    expiresAt,
    feeCollectorAddress: s.deployment.feeCollector,
  };
}
