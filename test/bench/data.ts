/**
 * Deterministic bench data: realistic intents with every field of the interface, amounts in base
 * units past 2^53, calldata of a few hundred bytes, USD floats with every digit. Each document is
 * written in the numbers wire (amounts as JSON numbers, as the interface says) and the strings wire
 * (amounts as decimal strings, as webrpc servers send them).
 */

/** A seeded PRNG (mulberry32): the same seed gives the same documents on every run. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const hex = (bytes: number) => {
    let out = "0x";
    for (let i = 0; i < bytes; i++) out += (int(256) + 256).toString(16).slice(1);
    return out;
  };
  const digits = (count: number) => {
    let out = String(1 + int(9));
    for (let i = 1; i < count; i++) out += String(int(10));
    return out;
  };
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { next, int, hex, pick, bigint: (count: number) => BigInt(digits(count)) };
}

type Random = ReturnType<typeof createRandom>;

const chains = [1, 10, 137, 8453, 42161];
const symbols = ["ETH", "USDC", "USDT", "WETH", "POL"];
const providers = ["RELAY", "CCTP", "LIFI", "SUSHI", "ZEROX"];
const stamp = (r: Random) =>
  new Date(Date.UTC(2025, r.int(12), 1 + r.int(28), r.int(24), r.int(60), r.int(60))).toISOString();
/** A wei amount: 18-decimal tokens put most amounts past 2^53; 6-decimal ones stay below. */
const amount = (r: Random) => r.bigint(r.next() < 0.7 ? 17 + r.int(6) : 6 + r.int(6));
const usd = (r: Random) => r.next() * 10 ** (1 + r.int(4));

function depositTransaction(r: Random, chainId: number) {
  return {
    toAddress: r.hex(20),
    tokenAddress: r.hex(20),
    amount: amount(r),
    chainId,
    to: r.hex(20),
    data: r.hex(68 + r.int(120)),
    value: r.next() < 0.5 ? 0n : amount(r),
    decimals: r.pick([6, 18]),
  };
}

function intentCalls(r: Random, chainId: number) {
  const calls = Array.from({ length: 2 + r.int(2) }, () => ({
    to: r.hex(20),
    value: r.next() < 0.5 ? 0n : amount(r),
    data: r.hex(170 + r.int(230)),
    gasLimit: BigInt(21000 + r.int(900000)),
    delegateCall: r.next() < 0.1,
    onlyFallback: r.next() < 0.1,
    behaviorOnError: r.int(3),
  }));
  return { chainId, calls, space: r.bigint(40 + r.int(8)), nonce: BigInt(r.int(1000)) };
}

const precondition = (r: Random, chainId: number, owner: string) => ({
  type: "erc20-balance",
  chainId,
  ownerAddress: owner,
  tokenAddress: r.hex(20),
  minAmount: amount(r),
});

const metaTxn = (r: Random, chainId: number) => ({
  id: r.hex(32),
  chainId,
  walletAddress: r.hex(20),
  contract: r.hex(20),
  input: r.hex(350 + r.int(330)),
  bridgeGas: BigInt(r.int(500000)),
});

const priceImpact = (r: Random) => ({ priceImpact: r.next() / 100, priceImpactUsd: usd(r) / 100 });

function quote(r: Random) {
  const fromAmount = amount(r);
  const toAmount = amount(r);
  return {
    routeProviders: [r.pick(providers)],
    routeProvidersRequestIds: [r.hex(16)],
    routeProvidersFeeUsd: [usd(r)],
    fromAmount,
    fromAmountMin: (fromAmount * 995n) / 1000n,
    fromAmountUsd: usd(r),
    fromAmountMinUsd: usd(r),
    toAmount,
    toAmountMin: (toAmount * 995n) / 1000n,
    toAmountUsd: usd(r),
    toAmountMinUsd: usd(r),
    maxSlippage: 0.005,
    priceImpact: r.next() / 100,
    priceImpactUsd: usd(r),
    priceImpactDetails: {
      executionPriceImpact: priceImpact(r),
      marketPriceImpact: priceImpact(r),
      providerFeesPriceImpact: priceImpact(r),
      serviceFeesPriceImpact: priceImpact(r),
      netPriceImpact: priceImpact(r),
    },
    estimatedDuration: 10 + r.int(600),
  };
}

const gasFee = (r: Random, chainId: number) => ({
  chainId,
  totalGasLimit: BigInt(100000 + r.int(2000000)),
  gasPrice: BigInt(1000000 + r.int(90000000000)),
  nativeTokenSymbol: r.pick(symbols),
  totalFeeAmount: amount(r),
  totalFeeUsd: usd(r).toFixed(6),
  metaTxnFeeDetails: {
    metaTxnId: r.hex(32),
    estimatedGasLimit: BigInt(r.int(900000)),
    feeNative: amount(r),
  },
  metaTxnGasQuote: r.hex(16),
  nativeTokenPriceUsd: usd(r),
});

const fees = (r: Random, origin: number, destination: number) => ({
  originGas: gasFee(r, origin),
  destinationGas: gasFee(r, destination),
  provider: {
    quoteProvider: r.pick(providers),
    quoteProviderFee: amount(r),
    quoteProviderFeeUsd: usd(r),
    serviceFee: amount(r),
    serviceFeeUsd: usd(r),
    quoteProviderWithServiceFee: amount(r),
    providerWithServiceFeeUsd: usd(r),
    totalFeeAmount: amount(r),
    totalFeeUsd: usd(r),
  },
  feeTokenAddress: r.hex(20),
  feeTokenAmount: amount(r),
  feeTokenUsd: usd(r),
  feeTokenTotal: amount(r),
  gasFeeTotal: amount(r),
  gasFeeUsd: usd(r),
  serviceFeeTotal: amount(r),
  serviceFeeUsd: usd(r),
  collectorFeeTotal: amount(r),
  collectorFeeUsd: usd(r),
  providerFeeTotal: amount(r),
  providerFeeUsd: usd(r),
  totalFeeAmount: amount(r),
  totalFeeUsd: usd(r),
});

/** One intent with every field of the interface (bigint fields as `bigint`). */
export function makeIntent(r: Random, index: number) {
  const origin = r.pick(chains);
  const destination = r.pick(chains);
  const owner = r.hex(20);
  return {
    id: 1_000_000 + index,
    projectId: 1 + r.int(5000),
    intentId: r.hex(32),
    status: r.pick(["QUOTED", "COMMITTED", "EXECUTING", "SUCCEEDED", "FAILED"]),
    quoteRequest: {
      ownerAddress: owner,
      originChainId: origin,
      originTokenAddress: r.hex(20),
      destinationChainId: destination,
      destinationTokenAddress: r.hex(20),
      destinationToAddress: owner,
      tradeType: "EXACT_OUTPUT",
      destinationTokenAmount: amount(r),
      destinationCallData: r.hex(36),
      destinationCallValue: 0n,
      fundMethod: "WALLET",
      onlyNativeGasFee: false,
      options: { bridgeProvider: "AUTO", swapProvider: "AUTO", slippageTolerance: 0.005 },
    },
    ownerAddress: owner,
    originChainId: origin,
    destinationChainId: destination,
    originIntentAddress: r.hex(20),
    destinationIntentAddress: r.hex(20),
    salt: r.bigint(60 + r.int(18)),
    depositTransaction: depositTransaction(r, origin),
    originCalls: intentCalls(r, origin),
    originPrecondition: precondition(r, origin, owner),
    originMetaTxn: metaTxn(r, origin),
    destinationCalls: intentCalls(r, destination),
    destinationPrecondition: precondition(r, destination, owner),
    destinationMetaTxn: metaTxn(r, destination),
    quote: quote(r),
    fees: fees(r, origin, destination),
    serviceVersion: "v1_5",
    serviceContracts: {
      serviceIntentEntrypointAddress: r.hex(20),
      serviceRouterAddress: r.hex(20),
      serviceRouterShimAddress: r.hex(20),
    },
    expiresAt: stamp(r),
    passthrough: false,
    timedRefundUnlockTimestamp: 1_760_000_000 + r.int(10_000_000),
    createdAt: stamp(r),
    updatedAt: stamp(r),
  };
}

/** A `QuoteIntentResponse` (about 14 KB once written). */
export function makeQuoteResponse(seed = 1) {
  const r = createRandom(seed);
  const intent = makeIntent(r, 0);
  const feeOption = (symbol: string) => ({
    tokenAddress: r.hex(20),
    tokenSymbol: symbol,
    tokenDecimals: symbol.startsWith("USD") ? 6 : 18,
    amount: amount(r),
    amountUsd: usd(r),
    feeCollectorAddress: r.hex(20),
    is2612: symbol === "USDC",
    isPassthroughEligible: false,
  });
  const states = [1, 2, 3].map((i) => ({
    id: r.hex(8),
    label: `step ${i}`,
    chainId: r.pick(chains),
  }));
  return {
    intent,
    gasFeeOptions: {
      gasEstimate: {
        totalGas: BigInt(r.int(3000000)),
        gasPrice: String(r.int(90000000000)),
        nativeCost: String(amount(r)),
        nativeCostUsd: usd(r),
      },
      feeOptions: symbols.map(feeOption),
      expiresAt: stamp(r),
      feeCollectorAddress: r.hex(20),
    },
    transactionStates: states,
    passthrough: {
      eligible: true,
      passthroughTransaction: depositTransaction(r, intent.originChainId),
      transactionStates: states,
    },
  };
}

/** A `SearchIntentsResponse` of `count` intents (10,000 make about 115 MB). */
export function makeSearchResponse(count: number, seed = 2) {
  const r = createRandom(seed);
  return { intents: Array.from({ length: count }, (_, i) => makeIntent(r, i)) };
}

/** Writes `value` with bigints as decimal strings (the strings wire). */
export function toStringsWire(value: unknown): string {
  return JSON.stringify(value, (_key, v) => (typeof v === "bigint" ? String(v) : v));
}

/** Writes `value` with bigints as JSON numbers with every digit (the numbers wire). */
export function toNumbersWire(value: unknown): string {
  const mark = "\u0001";
  const text = JSON.stringify(value, (_key, v) => (typeof v === "bigint" ? `${mark}${v}` : v));
  return text.replace(/"\\u0001(-?\d+)"/g, "$1");
}
