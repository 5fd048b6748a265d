/**
 * Views of a record at read time: the intent with its current status, and its receipt (deposit,
 * origin and destination transactions, and a summary).
 */
import type {
  Intent,
  IntentReceipt,
  IntentTransaction,
  TokenMetadata,
  TransactionType,
} from "../../../generated/types.js";
import { deriveNumber, digestOf, rfc3339 } from "../core/index.js";
import type { Token } from "../market/index.js";
import type { IntentState, TxnState } from "./lifecycle.js";
import type { IntentRecord } from "./store.js";

/** The intent as GetIntent and SearchIntents return it: the issued intent with its current status. */
export function intentView(rec: IntentRecord, state: IntentState): Intent {
  return { ...rec.issued, status: state.status, updatedAt: rfc3339(state.since) };
}

function metadata(t: Token): TokenMetadata {
  const m: TokenMetadata = {
    chainId: t.chainId,
    tokenAddress: t.address,
    name: t.name,
    symbol: t.symbol,
    decimals: t.decimals,
  };
  if (t.logoUri !== undefined) m.logoUri = t.logoUri;
  return m;
}

interface TxnFields {
  type: TransactionType;
  chainId: number;
  from: string;
  to: string;
  token: string;
  amount: bigint;
  hash: string | undefined;
  metaTxnId?: string;
  precondition?: IntentTransaction["precondition"];
}

// A transaction's id is two keccaks of fixed inputs, and a receipt is read again and again (by
// every long poll on the intent): each is derived once per record.
const txnIds = new WeakMap<IntentRecord, Partial<Record<TransactionType, number>>>();

function txnId(rec: IntentRecord, type: TransactionType): number {
  let ids = txnIds.get(rec);
  if (ids === undefined) {
    ids = {};
    txnIds.set(rec, ids);
  }
  ids[type] ??= deriveNumber(digestOf(rec.issued.intentId, type), "txn");
  return ids[type];
}

/** Members in schema order, as a webrpc server writes them; absent optional ones are omitted. */
function transaction(rec: IntentRecord, s: TxnState, f: TxnFields): IntentTransaction {
  const id = rec.issued.intentId;
  // The hash shows once the transaction was sent.
  const sent = s.status !== "PENDING" && s.status !== "ON_HOLD" && s.status !== "ABORTED";
  // On real chains, the hash the chain knows, whatever the status (a pending deposit has one).
  const hash = s.hash ?? (sent && rec.execution?.chain === undefined ? f.hash : undefined);
  return {
    id: txnId(rec, f.type),
    intentId: id,
    status: s.status,
    ...(s.statusReason === undefined ? {} : { statusReason: s.statusReason }),
    chainId: f.chainId,
    type: f.type,
    fromAddress: f.from,
    toAddress: f.to,
    tokenAddress: f.token,
    tokenAmount: f.amount,
    ...(f.metaTxnId === undefined ? {} : { metaTxnId: f.metaTxnId }),
    ...(f.precondition === undefined ? {} : { precondition: f.precondition }),
    ...(hash === undefined ? {} : { txnHash: hash }),
    ...(s.minedAt === undefined ? {} : { txnMinedAt: rfc3339(s.minedAt) }),
    createdAt: rfc3339(rec.issuedAt),
    updatedAt: rfc3339(s.since ?? rec.committedAt ?? rec.issuedAt),
  };
}

/** The receipt of `rec` in state `state`. */
export function receiptOf(rec: IntentRecord, state: IntentState): IntentReceipt {
  const i = rec.issued;
  const e = rec.execution;
  const [dep, org, dst] = state.txns as [TxnState, TxnState, TxnState | undefined];
  const router = i.serviceContracts.serviceRouterAddress;
  const destinationWallet = i.destinationIntentAddress ?? i.originIntentAddress;
  let destinationTransaction: IntentTransaction | undefined;
  if (dst !== undefined) {
    const t: TxnFields = {
      type: "DESTINATION",
      chainId: i.destinationChainId,
      from: destinationWallet,
      to: rec.recipient,
      token: rec.to.address,
      amount: i.quote.toAmount,
      hash: e?.destinationTxHash,
    };
    if (i.destinationMetaTxn !== undefined) t.metaTxnId = i.destinationMetaTxn.id;
    if (i.destinationPrecondition !== undefined) t.precondition = i.destinationPrecondition;
    destinationTransaction = transaction(rec, dst, t);
  }
  // Members in schema order, as a webrpc server writes them.
  const receipt: IntentReceipt = {
    id: i.id ?? deriveNumber(digestOf(i.intentId), "id"),
    projectId: rec.projectId,
    intentId: i.intentId,
    status: state.status,
    ownerAddress: i.ownerAddress,
    originChainId: i.originChainId,
    destinationChainId: i.destinationChainId,
    depositTransaction: transaction(rec, dep, {
      type: "DEPOSIT",
      chainId: i.originChainId,
      from: i.ownerAddress,
      to: i.originIntentAddress,
      token: rec.from.address,
      amount: i.depositTransaction.amount,
      hash: e?.depositTxHash,
    }),
    originTransaction: transaction(rec, org, {
      type: "ORIGIN",
      chainId: i.originChainId,
      from: i.originIntentAddress,
      to: router,
      token: rec.from.address,
      amount: i.quote.fromAmount,
      hash: e?.originTxHash,
      metaTxnId: i.originMetaTxn.id,
      precondition: i.originPrecondition,
    }),
    ...(destinationTransaction === undefined ? {} : { destinationTransaction }),
    ...(state.refund === undefined
      ? {}
      : {
          refundTransaction: transaction(rec, state.refund, {
            type: "REFUND",
            chainId: i.originChainId,
            from: i.originIntentAddress,
            to: i.ownerAddress,
            token: state.refund.token ?? rec.from.address,
            amount: state.refund.amount ?? i.depositTransaction.amount,
            hash: undefined,
          }),
        }),
    summary: {
      intentId: i.intentId,
      status: state.status,
      ownerAddress: i.ownerAddress,
      originChainId: i.originChainId,
      destinationChainId: i.destinationChainId,
      tradeType: rec.tradeType,
      routeProviders: i.quote.routeProviders,
      originIntentAddress: i.originIntentAddress,
      originTokenAddress: rec.from.address,
      originTokenAmount: i.quote.fromAmount,
      originTokenMetadata: metadata(rec.from),
      destinationIntentAddress: destinationWallet,
      destinationTokenAddress: rec.to.address,
      destinationTokenAmount: i.quote.toAmount,
      destinationToAddress: rec.recipient,
      destinationTokenMetadata: metadata(rec.to),
      createdAt: rfc3339(rec.issuedAt),
      expiresAt: i.expiresAt,
      ...(state.startedAt === undefined ? {} : { startedAt: rfc3339(state.startedAt) }),
      ...(state.finishedAt === undefined ? {} : { finishedAt: rfc3339(state.finishedAt) }),
    },
    createdAt: rfc3339(rec.issuedAt),
    updatedAt: rfc3339(state.since),
  };
  return receipt;
}
