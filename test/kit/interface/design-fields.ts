/**
 * Fields of the operations the interface only refers to (ExecuteIntent, GetIntentReceipt,
 * WaitIntentReceipt, GetIntentHistory, GetExactInputRoutes, GetTokenPrices, Ping, Clock), with the
 * shapes the public deployment gives them, transcribed by hand (`?` = optional). Where no type is
 * given, the kind follows from the name and the wire rules of `docs/codec.md` (ids and chain ids
 * are integers, amounts bigint, times timestamps, addresses and hashes strings).
 */
import type { EnumSpec, StructSpec } from "./kinds.js";

/** Enums of those operations (IntentStatus adds the values seen in the public deployment). */
export const designEnums: Readonly<Record<string, EnumSpec>> = {
  IntentStatus: {
    values: [
      "QUOTED",
      "COMMITTED",
      "EXECUTING",
      "SUCCEEDED",
      "FAILED",
      "ABORTED",
      "REFUNDED",
      "INVALID",
    ],
    complete: false,
  },
  TransactionStatus: {
    values: [
      "UNKNOWN",
      "ON_HOLD",
      "PENDING",
      "RELAYING",
      "SENT",
      "ERRORED",
      "MINING",
      "SUCCEEDED",
      "FAILED",
      "ABORTED",
      "REVERTED",
    ],
    complete: false,
  },
  TransactionType: {
    values: ["UNKNOWN", "DEPOSIT", "ORIGIN", "DESTINATION", "ROUTE", "REFUND"],
    complete: false,
  },
  SortOrder: { values: ["ASC", "DESC"], complete: true },
};

const receiptRef = { kind: "object", required: true, ref: "IntentReceipt" } as const;

/** Structs of those operations, field by field. */
export const designFields: Readonly<Record<string, StructSpec>> = {
  ExecuteIntentRequest: {
    intentId: { kind: "string", required: true },
    depositTransactionHash: { kind: "string", required: false },
    depositSignature: { kind: "object", required: false, ref: "DepositSignature" },
  },
  ExecuteIntentResponse: {
    intentId: { kind: "string", required: true },
    intentStatus: { kind: "enum", required: true, ref: "IntentStatus" },
  },
  DepositSignature: {
    intentSignature: { kind: "string", required: false },
    permitSignature: { kind: "string", required: false },
    permitDeadline: { kind: "integer", required: false },
    permitAmount: { kind: "bigint", required: false },
    selectedGasFeeOption: { kind: "object", required: true, ref: "FeeOption" },
    userNonce: { kind: "bigint", required: false }, // uint64 there; a nonce, so an amount (docs/codec.md)
    deadline: { kind: "integer", required: true },
  },

  GetIntentReceiptRequest: { intentId: { kind: "string", required: true } },
  GetIntentReceiptResponse: { intentReceipt: receiptRef },
  WaitIntentReceiptRequest: {
    intentId: { kind: "string", required: true },
    lastReceiptStates: {
      kind: "array",
      required: false,
      items: "enum",
      ref: "TransactionStatus",
    },
  },
  WaitIntentReceiptResponse: {
    intentReceipt: receiptRef,
    receiptStates: { kind: "array", required: true, items: "enum", ref: "TransactionStatus" },
    done: { kind: "boolean", required: true },
  },
  IntentReceipt: {
    id: { kind: "integer", required: true },
    projectId: { kind: "integer", required: true },
    intentId: { kind: "string", required: true },
    status: { kind: "enum", required: true, ref: "IntentStatus" },
    ownerAddress: { kind: "string", required: true },
    originChainId: { kind: "integer", required: true },
    destinationChainId: { kind: "integer", required: true },
    depositTransaction: { kind: "object", required: true, ref: "IntentTransaction" },
    originTransaction: { kind: "object", required: true, ref: "IntentTransaction" },
    destinationTransaction: { kind: "object", required: false, ref: "IntentTransaction" },
    refundTransaction: { kind: "object", required: false, ref: "IntentTransaction" },
    summary: { kind: "object", required: true, ref: "IntentReceiptSummary" },
    createdAt: { kind: "timestamp", required: false },
    updatedAt: { kind: "timestamp", required: false },
  },
  IntentTransaction: {
    id: { kind: "integer", required: true },
    intentId: { kind: "string", required: true },
    status: { kind: "enum", required: true, ref: "TransactionStatus" },
    statusReason: { kind: "string", required: false },
    chainId: { kind: "integer", required: true },
    type: { kind: "enum", required: true, ref: "TransactionType" },
    fromAddress: { kind: "string", required: true },
    toAddress: { kind: "string", required: true },
    tokenAddress: { kind: "string", required: true },
    tokenAmount: { kind: "bigint", required: true },
    metaTxnId: { kind: "string", required: false },
    precondition: { kind: "object", required: false, ref: "Precondition" },
    txnHash: { kind: "string", required: false },
    txnMinedAt: { kind: "timestamp", required: false },
    createdAt: { kind: "timestamp", required: false },
    updatedAt: { kind: "timestamp", required: false },
  },
  IntentReceiptSummary: {
    intentId: { kind: "string", required: true },
    status: { kind: "enum", required: true, ref: "IntentStatus" },
    ownerAddress: { kind: "string", required: true },
    originChainId: { kind: "integer", required: true },
    destinationChainId: { kind: "integer", required: true },
    tradeType: { kind: "enum", required: true, ref: "TradeType" },
    routeProviders: { kind: "array", required: true, items: "string" },
    originIntentAddress: { kind: "string", required: true },
    originTokenAddress: { kind: "string", required: true },
    originTokenAmount: { kind: "bigint", required: true },
    originTokenMetadata: { kind: "object", required: true, ref: "TokenMetadata" },
    destinationIntentAddress: { kind: "string", required: true },
    destinationTokenAddress: { kind: "string", required: false },
    destinationTokenAmount: { kind: "bigint", required: false },
    destinationToAddress: { kind: "string", required: false },
    destinationTokenMetadata: { kind: "object", required: true, ref: "TokenMetadata" },
    createdAt: { kind: "timestamp", required: true },
    expiresAt: { kind: "timestamp", required: true },
    startedAt: { kind: "timestamp", required: false },
    finishedAt: { kind: "timestamp", required: false },
  },
  TokenMetadata: {
    chainId: { kind: "integer", required: true },
    tokenAddress: { kind: "string", required: true },
    name: { kind: "string", required: true },
    symbol: { kind: "string", required: true },
    decimals: { kind: "integer", required: false },
    logoUri: { kind: "string", required: false },
  },

  GetIntentHistoryRequest: {
    page: { kind: "object", required: false, ref: "Page" },
    byProjectId: { kind: "integer", required: false },
    byOwnerAddress: { kind: "string", required: false },
    byStatus: { kind: "enum", required: false, ref: "IntentStatus" },
  },
  GetIntentHistoryResponse: {
    intents: { kind: "array", required: true, items: "object", ref: "IntentHistory" },
    nextPage: { kind: "object", required: false, ref: "Page" },
  },
  IntentHistory: {
    intentId: { kind: "string", required: true },
    status: { kind: "enum", required: true, ref: "IntentStatus" },
    expiresAt: { kind: "timestamp", required: true },
    createdAt: { kind: "timestamp", required: false },
    updatedAt: { kind: "timestamp", required: false },
    receipt: receiptRef,
  },
  Page: {
    column: { kind: "string", required: false },
    before: { kind: "integer", required: false },
    after: { kind: "integer", required: false },
    sort: { kind: "array", required: false, items: "object", ref: "SortBy" },
    pageSize: { kind: "integer", required: false },
    more: { kind: "boolean", required: false },
  },
  SortBy: {
    column: { kind: "string", required: true },
    order: { kind: "enum", required: true, ref: "SortOrder" },
  },

  GetExactInputRoutesRequest: {
    originChainId: { kind: "integer", required: true },
    originTokenAddress: { kind: "string", required: true },
    destinationChainId: { kind: "integer", required: false },
    destinationTokenAddress: { kind: "string", required: false },
  },
  GetExactInputRoutesResponse: {
    tokens: { kind: "array", required: true, items: "object", ref: "TokenInfo" },
  },

  GetTokenPricesRequest: {
    tokens: { kind: "array", required: true, items: "object", ref: "Token" },
  },
  GetTokenPricesResponse: {
    tokenPrices: { kind: "array", required: true, items: "object", ref: "TokenPrice" },
  },
  Token: {
    chainId: { kind: "integer", required: true },
    tokenAddress: { kind: "string", required: true },
    tokenSymbol: { kind: "string", required: false },
  },
  TokenPrice: {
    token: { kind: "object", required: true, ref: "Token" },
    priceUsd: { kind: "number", required: false },
    updatedAt: { kind: "timestamp", required: true },
  },

  PingRequest: {},
  PingResponse: { version: { kind: "string", required: true } },
  ClockRequest: {},
  ClockResponse: { serverTime: { kind: "timestamp", required: true } },
};
