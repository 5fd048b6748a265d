/**
 * Reading what a wallet or node answered (refusals, reverts, missing funds, a nonce taken, a
 * chain switched), and turning whatever escapes into one of the wallet step's typed errors: no
 * raw viem error leaves `xchain-intents/viem`.
 */
import type { Intent } from "../../generated/types.js";
import { hasErrorFields } from "../errors/error-shape.js";
import {
  DepositOutcomeUnknownError,
  NonceRaceError,
  WalletRpcError,
  WrongChainError,
} from "../errors/wallet-errors.js";
import { depositKey } from "./deposit-store.js";
import { iso } from "./service-state.js";

/** How to find out whether a deposit left, in the errors that do not know. */
export const CHECK =
  'look at that transaction, then call again (a mined deposit is reused) or with ifOutcomeUnknown: "send"';

/** What a failed wallet or node call means for the deposit (`undefined`: not known). */
export type FailureKind = "rejected" | "reverted" | "funds" | "nonce" | "chain";

const NONCE = /nonce (too low|has already been used|provided .* lower than)/i;

/**
 * The kind of `error`, found anywhere along its `cause` chain: EIP-1193 4001 (viem's
 * `UserRejectedRequestError`) is a refusal; an execution revert (JSON-RPC 3, viem's
 * `ExecutionRevertedError`) a revert; viem's `InsufficientFundsError` missing funds; viem's
 * `NonceTooLowError` (or a node saying the nonce is used) a nonce taken; viem's
 * `ChainMismatchError` a wallet on another chain.
 */
export function failureKind(error: unknown): FailureKind | undefined {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 16; depth++) {
    const x = e as { code?: unknown; name?: unknown; cause?: unknown; details?: unknown };
    if (x.code === 4001 || x.name === "UserRejectedRequestError") return "rejected";
    if (x.name === "ExecutionRevertedError" || x.code === 3) return "reverted";
    if (x.name === "InsufficientFundsError") return "funds";
    if (x.name === "NonceTooLowError" || NONCE.test(String(x.details ?? ""))) return "nonce";
    if (x.name === "ChainMismatchError") return "chain";
    e = x.cause;
  }
  return undefined;
}

/** The first line of an error's message, without viem's "Details/Version" tail. */
export function shortMessage(error: unknown): string {
  try {
    const x = error as { shortMessage?: unknown; message?: unknown };
    return String(x?.shortMessage ?? x?.message ?? error).split("\n", 1)[0] as string;
  } catch {
    return "an error that cannot be read";
  }
}

/** When the intent's timed refund unlocks (RFC 3339), when it says. */
export function refundAfter(intent: Intent): string | undefined {
  const unlock = Number(intent.timedRefundUnlockTimestamp);
  return Number.isFinite(unlock) && unlock > 0 ? iso(unlock * 1000) : undefined;
}

/** The SDK's errors that already say what became of the money. */
const SAYS_WHERE_MONEY_IS = new Set([
  "DepositOutcomeUnknown",
  "DepositStranded",
  "DepositRejected",
  "DepositReverted",
  "NonceRace",
  "InsufficientBalance",
  "WrongChain",
]);

/**
 * `error` as the wallet step reports it before money could have left (the steps after the
 * wallet was asked type their own failures: `afterSending`): the SDK's own errors and aborts as
 * they are; anything else typed (`NonceRaceError`, `WrongChainError`, else `WalletRpcError` with
 * `sent: false`), the original as `cause`. No string or foreign value leaves.
 */
export function typed(error: unknown, chainId: number): unknown {
  if (hasErrorFields(error)) return error;
  if (error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError"))
    return error;
  const message = shortMessage(error);
  const kind = failureKind(error);
  if (kind === "nonce")
    return new NonceRaceError({
      message: `another transaction from this account took the nonce (${message}), this one was not sent: ${CHECK}`,
      cause: error,
    });
  if (kind === "chain") return new WrongChainError(chainId, 0, { message, cause: error });
  return new WalletRpcError(false, { message: `${message}: nothing was sent`, cause: error });
}

/**
 * Runs `work`, a step after the deposit `hash` left the wallet (`undefined`: the wallet was asked
 * and may have sent it): any failure that does not already say where the money is becomes
 * `DepositOutcomeUnknownError` with the hash, the refund time and the failure as `cause`.
 */
export async function afterSending<T>(
  hash: `0x${string}` | undefined,
  intent: Intent,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (hasErrorFields(e) && SAYS_WHERE_MONEY_IS.has(e.error)) throw e;
    throw moneyLeft(
      depositKey(intent.originChainId, String(intent.originIntentAddress)),
      hash,
      refundAfter(intent),
      shortMessage(e),
      e,
    );
  }
}

/**
 * The error of a failure (`why`, the original as `cause`) after the deposit `hash` left the
 * wallet: what became of it is not known, and the message says not to pay again.
 */
export function moneyLeft(
  key: string,
  hash: string | undefined,
  after: string | undefined,
  why: string,
  cause: unknown,
): DepositOutcomeUnknownError {
  return new DepositOutcomeUnknownError(key, hash, after, {
    message: `${hash ? `the deposit ${hash} left the wallet` : "the wallet was asked to send the deposit"}, then: ${why}. Do not pay again: call again (the deposit is reused)${after ? ` or wait for its refund after ${after}` : ""}`,
    cause,
  });
}
