/** Plausible service data for the loopback fixture: an intent, a receipt, routes, prices. */
import type { Intent, IntentReceipt, QuoteIntentRequest } from "../../../src/index.js";
import type { IntentTransaction, TokenInfo, TransactionStatus } from "../../../src/types.js";
import { OWNER, USDC_ARB, USDC_BASE } from "../constants.js";
import { usdcRequest } from "../quote-request.js";

export { OWNER, USDC_ARB, USDC_BASE };

/** Above 2^64: survives only a lossless codec. */
export const HUGE = 123456789012345678901234567890n;

/** An exact-output quote request (25 USDC on Base). */
export const quoteRequest: QuoteIntentRequest = usdcRequest({
  tradeType: "EXACT_OUTPUT",
  originTokenAmount: undefined,
  destinationTokenAmount: 25_000_000n,
});

export function sampleIntent(intentId: string, req: QuoteIntentRequest, nowMs: number): Intent {
  const amount = req.destinationTokenAmount ?? req.originTokenAmount ?? 1_000_000n;
  const gas = { chainId: req.originChainId, totalGasLimit: 210_000n, gasPrice: 10_000_000n };
  return {
    intentId,
    status: "QUOTED",
    quoteRequest: req,
    ownerAddress: req.ownerAddress,
    originChainId: req.originChainId,
    destinationChainId: req.destinationChainId,
    originIntentAddress: "0x2222222222222222222222222222222222222222",
    salt: HUGE,
    depositTransaction: {
      toAddress: "0x2222222222222222222222222222222222222222",
      tokenAddress: req.originTokenAddress,
      amount: amount + 50_000n,
    },
    originCalls: {
      chainId: req.originChainId,
      calls: [{ to: USDC_ARB, value: 0n, gasLimit: 90_000n }],
    },
    originPrecondition: {
      type: "erc20-balance",
      chainId: req.originChainId,
      ownerAddress: req.ownerAddress,
      tokenAddress: req.originTokenAddress,
      minAmount: amount,
    },
    originMetaTxn: {
      id: `mtx-${intentId}`,
      chainId: req.originChainId,
      walletAddress: req.ownerAddress,
      contract: USDC_ARB,
      input: "0x",
    },
    quote: {
      routeProviders: ["RELAY"],
      routeProvidersRequestIds: ["r1"],
      routeProvidersFeeUsd: [0.01],
      fromAmount: amount + 50_000n,
      fromAmountMin: amount + 40_000n,
      fromAmountUsd: 25.05,
      fromAmountMinUsd: 25.04,
      toAmount: amount,
      toAmountMin: amount,
      toAmountUsd: 25,
      toAmountMinUsd: 25,
      maxSlippage: 0.005,
      priceImpact: 0.001,
      priceImpactUsd: 0.02,
      priceImpactDetails: {
        executionPriceImpact: { priceImpact: 0, priceImpactUsd: 0 },
        marketPriceImpact: { priceImpact: 0, priceImpactUsd: 0 },
        providerFeesPriceImpact: { priceImpact: 0, priceImpactUsd: 0 },
        serviceFeesPriceImpact: { priceImpact: 0, priceImpactUsd: 0 },
        netPriceImpact: { priceImpact: 0, priceImpactUsd: 0 },
      },
    },
    fees: {
      originGas: {
        ...gas,
        nativeTokenSymbol: "ETH",
        totalFeeAmount: 2_100_000_000_000n,
        totalFeeUsd: "0.01",
        metaTxnFeeDetails: { metaTxnId: "m", estimatedGasLimit: 1n, feeNative: 1n },
        metaTxnGasQuote: "0",
      },
      provider: {
        quoteProvider: "RELAY",
        quoteProviderFee: 10_000n,
        quoteProviderFeeUsd: 0.01,
        serviceFee: 40_000n,
        serviceFeeUsd: 0.04,
        quoteProviderWithServiceFee: 50_000n,
        providerWithServiceFeeUsd: 0.05,
        totalFeeAmount: 50_000n,
        totalFeeUsd: 0.05,
      },
      feeTokenAddress: USDC_ARB,
      feeTokenAmount: 50_000n,
      feeTokenUsd: 0.05,
      feeTokenTotal: 50_000n,
      gasFeeTotal: 0n,
      gasFeeUsd: 0,
      serviceFeeTotal: 40_000n,
      serviceFeeUsd: 0.04,
      collectorFeeTotal: 0n,
      collectorFeeUsd: 0,
      providerFeeTotal: 10_000n,
      providerFeeUsd: 0.01,
      totalFeeAmount: 50_000n,
      totalFeeUsd: 0.05,
    },
    serviceVersion: "v1_5",
    serviceContracts: {
      serviceIntentEntrypointAddress: "0x3333333333333333333333333333333333333333",
      serviceRouterAddress: "0x4444444444444444444444444444444444444444",
      serviceRouterShimAddress: "0x5555555555555555555555555555555555555555",
    },
    expiresAt: new Date(nowMs + 5 * 60_000).toISOString(),
    createdAt: new Date(nowMs).toISOString(),
    updatedAt: new Date(nowMs).toISOString(),
  };
}

function tx(intent: Intent, type: string, status: TransactionStatus, n: number): IntentTransaction {
  return {
    id: n,
    intentId: intent.intentId,
    status,
    chainId: intent.originChainId,
    type,
    fromAddress: intent.ownerAddress,
    toAddress: intent.originIntentAddress,
    tokenAddress: intent.depositTransaction.tokenAddress,
    tokenAmount: intent.depositTransaction.amount,
  };
}

/** The receipt of `intent` after `step` steps of execution (0: not started). */
export function sampleReceipt(intent: Intent, states: TransactionStatus[]): IntentReceipt {
  const [dep = "PENDING", orig = "PENDING", dest] = states;
  const meta = {
    chainId: intent.originChainId,
    tokenAddress: intent.depositTransaction.tokenAddress,
    name: "USD Coin",
    symbol: "USDC",
    decimals: 6,
  };
  const receipt: IntentReceipt = {
    id: 1,
    projectId: 1,
    intentId: intent.intentId,
    status: intent.status,
    ownerAddress: intent.ownerAddress,
    originChainId: intent.originChainId,
    destinationChainId: intent.destinationChainId,
    depositTransaction: tx(intent, "DEPOSIT", dep, 1),
    originTransaction: tx(intent, "ORIGIN", orig, 2),
    summary: {
      intentId: intent.intentId,
      status: intent.status,
      ownerAddress: intent.ownerAddress,
      originChainId: intent.originChainId,
      destinationChainId: intent.destinationChainId,
      tradeType: "EXACT_OUTPUT",
      routeProviders: ["RELAY"],
      originIntentAddress: intent.originIntentAddress,
      originTokenAddress: intent.depositTransaction.tokenAddress,
      originTokenAmount: intent.depositTransaction.amount,
      originTokenMetadata: meta,
      destinationIntentAddress: intent.originIntentAddress,
      destinationTokenMetadata: { ...meta, chainId: intent.destinationChainId },
      createdAt: intent.createdAt ?? intent.expiresAt,
      expiresAt: intent.expiresAt,
    },
  };
  if (dest) receipt.destinationTransaction = tx(intent, "DESTINATION", dest, 3);
  return receipt;
}

export const tokens: TokenInfo[] = [
  {
    chainId: 42161,
    address: USDC_ARB,
    name: "USD Coin",
    symbol: "USDC",
    decimals: 6,
    featured: true,
    featureIndex: 0,
  },
];
