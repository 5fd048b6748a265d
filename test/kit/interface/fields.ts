/**
 * Every field of the interface's tables ("Resources and their fields" and "Endpoints" of the
 * service's interface description, which this repository does not hold), transcribed from that
 * text by hand, not from our RIDL. Struct names
 * are the ones our RIDL gives the interface's resources and unnamed nested objects.
 *
 * Where the interface does not say whether a field is required, the entry records what
 * `schema/service.ridl` decided and says so with `// not shown in the interface`.
 * Kinds follow `docs/codec.md`: amount-like whole numbers are `bigint`, other whole numbers
 * `integer`, USD values and fractions `number`.
 */
import type { EnumSpec, StructSpec } from "./kinds.js";

/** Enums the interface lists, with the values it gives. */
export const interfaceEnums: Readonly<Record<string, EnumSpec>> = {
  // "The complete enumeration of status values: not shown."
  IntentStatus: {
    values: ["QUOTED", "COMMITTED", "EXECUTING", "SUCCEEDED", "FAILED"],
    complete: false,
  },
  TradeType: { values: ["EXACT_INPUT", "EXACT_OUTPUT"], complete: true },
  FundMethod: {
    values: ["WALLET", "DIRECT_TRANSFER", "ONRAMP_MESH", "ONRAMP_MELD"],
    complete: true,
  },
  BridgeProvider: {
    values: ["AUTO", "RELAY", "CCTP", "LZ_OFT", "SUSHI", "ZEROX", "LIFI", "WETH"],
    complete: true,
  },
  SwapProvider: { values: ["AUTO", "RELAY", "SUSHI", "ZEROX"], complete: true },
  RoutePreference: {
    values: ["RECOMMENDED", "FASTEST", "CHEAPEST", "TRUSTLESS"],
    complete: true,
  },
  IntentProtocol: { values: ["v1", "v1_5"], complete: true },
};

/** Every struct of the interface, field by field. */
export const interfaceFields: Readonly<Record<string, StructSpec>> = {
  // ---- Resources ----------------------------------------------------------------------------

  TokenInfo: {
    chainId: { kind: "integer", required: true },
    address: { kind: "string", required: true },
    name: { kind: "string", required: true },
    symbol: { kind: "string", required: true },
    decimals: { kind: "integer", required: true },
    supportsBridging: { kind: "boolean", required: false },
    logoUri: { kind: "string", required: false },
    featured: { kind: "boolean", required: true },
    featureIndex: { kind: "integer", required: true },
  },

  // "Fields of the intent that are required inside it: not shown", except the three members the
  // table marks optional.
  Intent: {
    id: { kind: "integer", required: false }, // not shown in the interface
    projectId: { kind: "integer", required: false }, // not shown in the interface
    intentId: { kind: "string", required: true }, // not shown in the interface
    status: { kind: "enum", required: true, ref: "IntentStatus" }, // not shown in the interface
    quoteRequest: { kind: "object", required: true, ref: "QuoteIntentRequest" }, // not shown in the interface
    ownerAddress: { kind: "string", required: true }, // not shown in the interface
    originChainId: { kind: "integer", required: true }, // not shown in the interface
    destinationChainId: { kind: "integer", required: true }, // not shown in the interface
    originIntentAddress: { kind: "string", required: true }, // not shown in the interface
    destinationIntentAddress: { kind: "string", required: false }, // not shown in the interface
    salt: { kind: "bigint", required: true }, // not shown in the interface
    depositTransaction: { kind: "object", required: true, ref: "DepositTransaction" }, // not shown in the interface
    originCalls: { kind: "object", required: true, ref: "IntentCalls" }, // not shown in the interface
    originPrecondition: { kind: "object", required: true, ref: "Precondition" }, // not shown in the interface
    originMetaTxn: { kind: "object", required: true, ref: "MetaTxn" }, // not shown in the interface
    destinationCalls: { kind: "object", required: false, ref: "IntentCalls" },
    destinationPrecondition: { kind: "object", required: false, ref: "Precondition" },
    destinationMetaTxn: { kind: "object", required: false, ref: "MetaTxn" },
    quote: { kind: "object", required: true, ref: "IntentProviderQuote" }, // not shown in the interface
    fees: { kind: "object", required: true, ref: "IntentFees" }, // not shown in the interface
    serviceVersion: { kind: "string", required: true }, // not shown in the interface
    serviceContracts: { kind: "object", required: true, ref: "ServiceContracts" }, // not shown in the interface
    expiresAt: { kind: "timestamp", required: true }, // not shown in the interface
    passthrough: { kind: "boolean", required: false }, // not shown in the interface
    timedRefundUnlockTimestamp: { kind: "integer", required: false }, // not shown in the interface
    createdAt: { kind: "timestamp", required: false }, // not shown in the interface
    updatedAt: { kind: "timestamp", required: false }, // not shown in the interface
  },

  // Intent.serviceContracts: "all string".
  ServiceContracts: {
    serviceIntentEntrypointAddress: { kind: "string", required: true }, // not shown in the interface
    serviceRouterAddress: { kind: "string", required: true }, // not shown in the interface
    serviceRouterShimAddress: { kind: "string", required: true }, // not shown in the interface
  },

  DepositTransaction: {
    toAddress: { kind: "string", required: true }, // not shown in the interface
    tokenAddress: { kind: "string", required: true }, // not shown in the interface
    amount: { kind: "bigint", required: true }, // not shown in the interface
    chainId: { kind: "integer", required: false }, // not shown in the interface
    to: { kind: "string", required: false }, // not shown in the interface
    data: { kind: "string", required: false }, // not shown in the interface
    value: { kind: "bigint", required: false }, // not shown in the interface
    decimals: { kind: "integer", required: false }, // not shown in the interface
  },

  IntentCalls: {
    chainId: { kind: "integer", required: true }, // not shown in the interface
    calls: { kind: "array", required: true, items: "object", ref: "Call" }, // not shown in the interface
    space: { kind: "bigint", required: false }, // not shown in the interface
    nonce: { kind: "bigint", required: false }, // not shown in the interface
  },

  Call: {
    to: { kind: "string", required: true }, // not shown in the interface
    value: { kind: "bigint", required: false }, // not shown in the interface
    data: { kind: "string", required: false }, // not shown in the interface
    gasLimit: { kind: "bigint", required: false }, // not shown in the interface
    delegateCall: { kind: "boolean", required: false }, // not shown in the interface
    onlyFallback: { kind: "boolean", required: false }, // not shown in the interface
    behaviorOnError: { kind: "integer", required: false }, // not shown in the interface
  },

  Precondition: {
    type: { kind: "string", required: true }, // not shown in the interface
    chainId: { kind: "integer", required: true }, // not shown in the interface
    ownerAddress: { kind: "string", required: true }, // not shown in the interface
    tokenAddress: { kind: "string", required: true }, // not shown in the interface
    minAmount: { kind: "bigint", required: true }, // not shown in the interface
  },

  MetaTxn: {
    id: { kind: "string", required: true }, // not shown in the interface
    chainId: { kind: "integer", required: true }, // not shown in the interface
    walletAddress: { kind: "string", required: true }, // not shown in the interface
    contract: { kind: "string", required: true }, // not shown in the interface
    input: { kind: "string", required: true }, // not shown in the interface
    bridgeGas: { kind: "bigint", required: false }, // not shown in the interface
  },

  IntentProviderQuote: {
    // "Element shape of routeProviders: not shown"; the RIDL uses provider names (strings).
    routeProviders: { kind: "array", required: true, items: "string" }, // not shown in the interface
    routeProvidersRequestIds: { kind: "array", required: true, items: "string" }, // not shown in the interface
    routeProvidersFeeUsd: { kind: "array", required: true, items: "number" }, // not shown in the interface
    fromAmount: { kind: "bigint", required: true }, // not shown in the interface
    fromAmountMin: { kind: "bigint", required: true }, // not shown in the interface
    fromAmountUsd: { kind: "number", required: true }, // not shown in the interface
    fromAmountMinUsd: { kind: "number", required: true }, // not shown in the interface
    toAmount: { kind: "bigint", required: true }, // not shown in the interface
    toAmountMin: { kind: "bigint", required: true }, // not shown in the interface
    toAmountUsd: { kind: "number", required: true }, // not shown in the interface
    toAmountMinUsd: { kind: "number", required: true }, // not shown in the interface
    maxSlippage: { kind: "number", required: true }, // not shown in the interface
    priceImpact: { kind: "number", required: true }, // not shown in the interface
    priceImpactUsd: { kind: "number", required: true }, // not shown in the interface
    priceImpactDetails: { kind: "object", required: true, ref: "PriceImpactDetails" }, // not shown in the interface
    // Unit not shown either.
    estimatedDuration: { kind: "number", required: false }, // not shown in the interface
  },

  // IntentProviderQuote.priceImpactDetails: five members of the same shape.
  PriceImpactDetails: {
    executionPriceImpact: { kind: "object", required: true, ref: "PriceImpact" }, // not shown in the interface
    marketPriceImpact: { kind: "object", required: true, ref: "PriceImpact" }, // not shown in the interface
    providerFeesPriceImpact: { kind: "object", required: true, ref: "PriceImpact" }, // not shown in the interface
    serviceFeesPriceImpact: { kind: "object", required: true, ref: "PriceImpact" }, // not shown in the interface
    netPriceImpact: { kind: "object", required: true, ref: "PriceImpact" }, // not shown in the interface
  },

  PriceImpact: {
    priceImpact: { kind: "number", required: true }, // not shown in the interface
    priceImpactUsd: { kind: "number", required: true }, // not shown in the interface
  },

  IntentFees: {
    originGas: { kind: "object", required: true, ref: "GasFee" }, // not shown in the interface
    destinationGas: { kind: "object", required: false, ref: "GasFee" },
    provider: { kind: "object", required: true, ref: "ProviderFee" }, // not shown in the interface
    feeTokenAddress: { kind: "string", required: true }, // not shown in the interface
    feeTokenAmount: { kind: "bigint", required: true }, // not shown in the interface
    feeTokenUsd: { kind: "number", required: true }, // not shown in the interface
    feeTokenTotal: { kind: "bigint", required: true }, // not shown in the interface
    gasFeeTotal: { kind: "bigint", required: true }, // not shown in the interface
    gasFeeUsd: { kind: "number", required: true }, // not shown in the interface
    serviceFeeTotal: { kind: "bigint", required: true }, // not shown in the interface
    serviceFeeUsd: { kind: "number", required: true }, // not shown in the interface
    collectorFeeTotal: { kind: "bigint", required: true }, // not shown in the interface
    collectorFeeUsd: { kind: "number", required: true }, // not shown in the interface
    providerFeeTotal: { kind: "bigint", required: true }, // not shown in the interface
    providerFeeUsd: { kind: "number", required: true }, // not shown in the interface
    totalFeeAmount: { kind: "bigint", required: true }, // not shown in the interface
    totalFeeUsd: { kind: "number", required: true }, // not shown in the interface
  },

  GasFee: {
    chainId: { kind: "integer", required: true }, // not shown in the interface
    totalGasLimit: { kind: "bigint", required: true }, // not shown in the interface
    gasPrice: { kind: "bigint", required: true }, // not shown in the interface
    nativeTokenSymbol: { kind: "string", required: true }, // not shown in the interface
    totalFeeAmount: { kind: "bigint", required: true }, // not shown in the interface
    // "a string here, a number in IntentFees and ProviderFee".
    totalFeeUsd: { kind: "string", required: true }, // not shown in the interface
    metaTxnFeeDetails: { kind: "object", required: true, ref: "MetaTxnFeeDetails" }, // not shown in the interface
    metaTxnGasQuote: { kind: "string", required: true }, // not shown in the interface
    nativeTokenPriceUsd: { kind: "number", required: false }, // not shown in the interface
  },

  // GasFee.metaTxnFeeDetails.
  MetaTxnFeeDetails: {
    metaTxnId: { kind: "string", required: true }, // not shown in the interface
    estimatedGasLimit: { kind: "bigint", required: true }, // not shown in the interface
    feeNative: { kind: "bigint", required: true }, // not shown in the interface
  },

  ProviderFee: {
    quoteProvider: { kind: "string", required: true }, // not shown in the interface
    quoteProviderFee: { kind: "bigint", required: true }, // not shown in the interface
    quoteProviderFeeUsd: { kind: "number", required: true }, // not shown in the interface
    serviceFee: { kind: "bigint", required: true }, // not shown in the interface
    serviceFeeUsd: { kind: "number", required: true }, // not shown in the interface
    quoteProviderWithServiceFee: { kind: "bigint", required: true }, // not shown in the interface
    providerWithServiceFeeUsd: { kind: "number", required: true }, // not shown in the interface
    totalFeeAmount: { kind: "bigint", required: true }, // not shown in the interface
    totalFeeUsd: { kind: "number", required: true }, // not shown in the interface
  },

  GasFeeOptions: {
    gasEstimate: { kind: "object", required: true, ref: "GasEstimate" }, // not shown in the interface
    feeOptions: { kind: "array", required: true, items: "object", ref: "FeeOption" }, // not shown in the interface
    expiresAt: { kind: "timestamp", required: true }, // not shown in the interface
    feeCollectorAddress: { kind: "string", required: true }, // not shown in the interface
  },

  // GasFeeOptions.gasEstimate.
  GasEstimate: {
    totalGas: { kind: "bigint", required: true }, // not shown in the interface
    gasPrice: { kind: "string", required: true }, // not shown in the interface
    nativeCost: { kind: "string", required: true }, // not shown in the interface
    nativeCostUsd: { kind: "number", required: true }, // not shown in the interface
  },

  // Element of GasFeeOptions.feeOptions.
  FeeOption: {
    tokenAddress: { kind: "string", required: true }, // not shown in the interface
    tokenSymbol: { kind: "string", required: true }, // not shown in the interface
    tokenDecimals: { kind: "integer", required: true }, // not shown in the interface
    amount: { kind: "bigint", required: true }, // not shown in the interface
    amountUsd: { kind: "number", required: true }, // not shown in the interface
    feeCollectorAddress: { kind: "string", required: true }, // not shown in the interface
    is2612: { kind: "boolean", required: true }, // not shown in the interface
    isPassthroughEligible: { kind: "boolean", required: false }, // not shown in the interface
  },

  TransactionStateInfo: {
    id: { kind: "string", required: true }, // not shown in the interface
    label: { kind: "string", required: true }, // not shown in the interface
    chainId: { kind: "integer", required: true }, // not shown in the interface
  },

  Passthrough: {
    eligible: { kind: "boolean", required: true }, // not shown in the interface
    passthroughTransaction: { kind: "object", required: false, ref: "DepositTransaction" }, // not shown in the interface
    transactionStates: {
      kind: "array",
      required: false, // not shown in the interface
      items: "object",
      ref: "TransactionStateInfo",
    },
  },

  // ---- GetExactOutputRoutes -----------------------------------------------------------------

  GetExactOutputRoutesRequest: {
    destinationChainId: { kind: "integer", required: true },
    destinationTokenAddress: { kind: "string", required: true },
    originChainId: { kind: "integer", required: false },
    originTokenAddress: { kind: "string", required: false },
    ownerAddress: { kind: "string", required: false },
  },

  GetExactOutputRoutesResponse: {
    tokens: { kind: "array", required: true, items: "object", ref: "TokenInfo" },
  },

  // ---- QuoteIntent --------------------------------------------------------------------------

  QuoteIntentRequest: {
    ownerAddress: { kind: "string", required: true },
    originChainId: { kind: "integer", required: true },
    originTokenAddress: { kind: "string", required: true },
    destinationChainId: { kind: "integer", required: true },
    destinationTokenAddress: { kind: "string", required: true },
    destinationToAddress: { kind: "string", required: false },
    tradeType: { kind: "enum", required: false, ref: "TradeType" },
    originTokenAmount: { kind: "bigint", required: false },
    destinationTokenAmount: { kind: "bigint", required: false },
    destinationApproveAddress: { kind: "string", required: false },
    destinationCallData: { kind: "string", required: false },
    destinationCallValue: { kind: "bigint", required: false },
    fundMethod: { kind: "enum", required: false, ref: "FundMethod" },
    onlyNativeGasFee: { kind: "boolean", required: false },
    options: { kind: "object", required: false, ref: "QuoteIntentRequestOptions" },
  },

  // QuoteIntentRequest.options: its table has no "Required" column.
  QuoteIntentRequestOptions: {
    bridgeProvider: { kind: "enum", required: false, ref: "BridgeProvider" }, // not shown in the interface
    bridgeProviderFallback: { kind: "boolean", required: false }, // not shown in the interface
    swapProvider: { kind: "enum", required: false, ref: "SwapProvider" }, // not shown in the interface
    swapProviderFallback: { kind: "boolean", required: false }, // not shown in the interface
    preference: { kind: "enum", required: false, ref: "RoutePreference" }, // not shown in the interface
    intentProtocol: { kind: "enum", required: false, ref: "IntentProtocol" }, // not shown in the interface
    slippageTolerance: { kind: "number", required: false }, // not shown in the interface
    serviceAddressOverrides: {
      kind: "object",
      required: false, // not shown in the interface
      ref: "ServiceAddressOverrides",
    },
  },

  // options.serviceAddressOverrides: "string members".
  ServiceAddressOverrides: {
    coreWalletFactoryAddress: { kind: "string", required: false }, // not shown in the interface
    coreWalletMainModuleAddress: { kind: "string", required: false }, // not shown in the interface
    coreWalletMainModuleUpgradableAddress: { kind: "string", required: false }, // not shown in the interface
    coreWalletGuestModuleAddress: { kind: "string", required: false }, // not shown in the interface
    coreWalletUtilsAddress: { kind: "string", required: false }, // not shown in the interface
  },

  QuoteIntentResponse: {
    intent: { kind: "object", required: true, ref: "Intent" },
    gasFeeOptions: { kind: "object", required: true, ref: "GasFeeOptions" },
    transactionStates: {
      kind: "array",
      required: false,
      items: "object",
      ref: "TransactionStateInfo",
    },
    passthrough: { kind: "object", required: false, ref: "Passthrough" },
  },

  // ---- CommitIntent -------------------------------------------------------------------------

  CommitIntentRequest: {
    intent: { kind: "object", required: true, ref: "Intent" },
  },

  CommitIntentResponse: {
    intentId: { kind: "string", required: true },
  },

  // ---- GetIntent ----------------------------------------------------------------------------

  GetIntentRequest: {
    intentId: { kind: "string", required: true },
  },

  GetIntentResponse: {
    intent: { kind: "object", required: true, ref: "Intent" },
  },

  // ---- SearchIntents: "all members optional" ------------------------------------------------

  SearchIntentsRequest: {
    byIntentId: { kind: "string", required: false },
    byProjectId: { kind: "integer", required: false },
    byTransactionHash: { kind: "string", required: false },
    // Named only in the descriptive text.
    byDepositTransactionHash: { kind: "string", required: false },
    byOwnerAddress: { kind: "string", required: false },
    byOriginIntentAddress: { kind: "string", required: false },
    byDestinationIntentAddress: { kind: "string", required: false },
    byQueryString: { kind: "string", required: false },
  },

  SearchIntentsResponse: {
    intents: { kind: "array", required: true, items: "object", ref: "Intent" },
  },
};
