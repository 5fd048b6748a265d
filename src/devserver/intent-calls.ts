/**
 * The on-chain parts of a quoted intent: the deposit transaction, the call batches on each chain,
 * the balance preconditions and the meta-transactions that carry the batches.
 */
import type {
  Call,
  DepositTransaction,
  IntentCalls,
  MetaTxn,
  Precondition,
} from "../../generated/types.js";
import { approveData, bridgeData, executeData, sweepData, transferData } from "./calldata.js";
import type { Token } from "./catalogue.js";
import { keccak, toHex } from "./hex.js";
import { canonical, type Digest, deriveBigint, deriveHex } from "./ids.js";
import type { QuoteAmounts } from "./quote-math.js";
import type { QuoteSpec } from "./quote-spec.js";

/** Where the intent's wallets are. */
export interface Wallets {
  origin: string;
  destination: string;
}

/** The transaction that funds the origin wallet. */
export function depositTransaction(from: Token, to: string, amount: bigint): DepositTransaction {
  return {
    toAddress: to,
    tokenAddress: from.address,
    amount,
    chainId: from.chainId,
    to: from.native ? to : from.address,
    data: from.native ? "0x" : transferData(to, amount),
    value: from.native ? amount : 0n,
    decimals: from.decimals,
  };
}

function call(to: string, data: string, gasLimit: bigint, value = 0n, fallback = false): Call {
  return {
    to,
    value,
    data,
    gasLimit,
    delegateCall: fallback,
    onlyFallback: fallback,
    behaviorOnError: fallback ? 0 : 1,
  };
}

/** Origin batch: approve the router (ERC-20), bridge or swap, and a refund sweep as fallback. */
export function originCalls(
  s: QuoteSpec,
  q: QuoteAmounts,
  gasLimit: bigint,
  d: Digest,
): IntentCalls {
  const router = s.deployment.router;
  const calls: Call[] = [];
  if (!s.from.native) calls.push(call(s.from.address, approveData(router, q.fromAmount), 60_000n));
  const data = bridgeData(
    s.from.address,
    q.fromAmount,
    s.toChain.chainId,
    s.recipient,
    q.toAmountMin,
  );
  calls.push(call(router, data, gasLimit, s.from.native ? q.fromAmount : 0n));
  calls.push(call(s.deployment.routerShim, sweepData(s.from.address, s.owner), 50_000n, 0n, true));
  return {
    chainId: s.fromChain.chainId,
    calls,
    space: 0n,
    nonce: deriveBigint(d, "origin-nonce", 64),
  };
}

/** Destination batch: the custom call (after its approval) or the transfer to the recipient. */
export function destinationCalls(s: QuoteSpec, q: QuoteAmounts, d: Digest): IntentCalls {
  const calls: Call[] = [];
  if (s.call !== undefined) {
    if (s.call.approve !== undefined)
      calls.push(call(s.to.address, approveData(s.call.approve, q.toAmountMin), 60_000n));
    calls.push(call(s.recipient, s.call.data, 200_000n, s.call.value));
  } else if (s.to.native) {
    calls.push(call(s.recipient, "0x", 21_000n, q.toAmountMin));
  } else {
    calls.push(call(s.to.address, transferData(s.recipient, q.toAmountMin), 65_000n));
  }
  calls.push(
    call(s.deployment.routerShim, sweepData(s.to.address, s.recipient), 50_000n, 0n, true),
  );
  return {
    chainId: s.toChain.chainId,
    calls,
    space: 0n,
    nonce: deriveBigint(d, "destination-nonce", 64),
  };
}

/** The balance the wallet must hold on `token`'s chain before its batch runs. */
export function precondition(token: Token, wallet: string, minAmount: bigint): Precondition {
  return {
    type: token.native ? "native-balance" : "erc20-balance",
    chainId: token.chainId,
    ownerAddress: wallet,
    tokenAddress: token.address,
    minAmount,
  };
}

/** The meta-transaction that executes `batch` from `wallet` through the entrypoint. */
export function metaTxn(
  batch: IntentCalls,
  wallet: string,
  entrypoint: string,
  bridgeGas: bigint,
  d: Digest,
  label: string,
): MetaTxn {
  const callsHash = toHex(keccak(canonical(batch.calls)));
  return {
    id: deriveHex(d, `${label}-meta-txn`),
    chainId: batch.chainId,
    walletAddress: wallet,
    contract: entrypoint,
    input: executeData(callsHash, batch.nonce ?? 0n),
    bridgeGas,
  };
}
