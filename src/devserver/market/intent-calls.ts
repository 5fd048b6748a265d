/**
 * The on-chain parts of a quoted intent: the deposit transaction, the call batches on each chain
 * and the balance preconditions (`meta-txn.ts` has the meta-transactions that carry the batches).
 * Each batch starts by checking its precondition on chain through the wallet utils contract, so
 * that a batch run before the funds arrive reverts instead of moving nothing.
 */
import type {
  Call,
  DepositTransaction,
  IntentCalls,
  Precondition,
} from "../../../generated/types.js";
import { type Digest, deriveBigint } from "../core/index.js";
import {
  approveData,
  bridgeData,
  requireBalanceData,
  sweepData,
  transferData,
} from "./calldata.js";
import type { Token } from "./catalogue.js";
import type { QuoteAmounts } from "./quote-math.js";
import type { QuoteSpec } from "./quote-spec.js";

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

/** The first call of a batch: the wallet utils check that `wallet` holds `minAmount` of `token`. */
function balanceCheck(s: QuoteSpec, token: Token, wallet: string, minAmount: bigint): Call {
  return call(
    s.deployment.walletUtils,
    requireBalanceData(token.address, wallet, minAmount),
    30_000n,
  );
}

/**
 * Origin batch: the balance check, approve the router (ERC-20), bridge or swap, and a refund sweep
 * as fallback.
 */
export function originCalls(
  s: QuoteSpec,
  q: QuoteAmounts,
  gasLimit: bigint,
  wallet: string,
  d: Digest,
): IntentCalls {
  const router = s.deployment.router;
  const calls: Call[] = [balanceCheck(s, s.from, wallet, q.fromAmountMin)];
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

/**
 * Destination batch: the balance check, then the custom call (after its approval) or the transfer
 * to the recipient, and a refund sweep as fallback.
 */
export function destinationCalls(
  s: QuoteSpec,
  q: QuoteAmounts,
  wallet: string,
  d: Digest,
): IntentCalls {
  const calls: Call[] = [balanceCheck(s, s.to, wallet, q.toAmountMin)];
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
