/**
 * Reading what a wallet or node answered (refusals, reverts, missing funds, a nonce taken, a
 * chain switched), and turning whatever escapes into one of the wallet step's typed errors: no
 * raw viem error leaves `xchain-intents/viem`.
 */
import { NonceRaceError, WalletRpcError, WrongChainError } from "./errors.js";

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
function shortMessage(error: unknown): string {
  const x = error as { shortMessage?: unknown; message?: unknown };
  const text = String(x?.shortMessage ?? x?.message ?? error);
  return text.split("\n")[0] ?? text;
}

/**
 * `error` as the wallet step reports it: the SDK's own errors and aborts as they are; anything
 * else typed (`NonceRaceError`, `WrongChainError`, else `WalletRpcError`), the original as
 * `cause`. `sent`: whether the wallet may have sent a deposit by then.
 */
export function typed(error: unknown, sent: boolean, chainId: number): unknown {
  const sdk = error as { code?: unknown; error?: unknown; status?: unknown };
  if (
    typeof sdk?.code === "number" &&
    typeof sdk.error === "string" &&
    typeof sdk.status === "number"
  )
    return error;
  if (error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError"))
    return error;
  if (typeof error !== "object" || error === null) return error;
  const message = shortMessage(error);
  const kind = failureKind(error);
  if (kind === "nonce")
    return new NonceRaceError({
      message: `another transaction from this account took the nonce (${message}), this one was not sent: ${CHECK}`,
      cause: error,
    });
  if (kind === "chain") return new WrongChainError(chainId, 0, { message, cause: error });
  return new WalletRpcError(sent, {
    message: sent ? message : `${message}: nothing was sent`,
    cause: error,
  });
}
