/** Reading what a wallet or node answered: refusals, reverts, missing funds; and aborts. */

/** What a failed wallet or node call means for the deposit (`undefined`: not known). */
export type FailureKind = "rejected" | "reverted" | "funds";

/**
 * The kind of `error`, found anywhere along its `cause` chain: EIP-1193 4001 (viem's
 * `UserRejectedRequestError`) is a refusal; an execution revert (JSON-RPC 3, viem's
 * `ExecutionRevertedError`) a revert; viem's `InsufficientFundsError` missing funds.
 */
export function failureKind(error: unknown): FailureKind | undefined {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 16; depth++) {
    const x = e as { code?: unknown; name?: unknown; cause?: unknown };
    if (x.code === 4001 || x.name === "UserRejectedRequestError") return "rejected";
    if (x.name === "ExecutionRevertedError" || x.code === 3) return "reverted";
    if (x.name === "InsufficientFundsError") return "funds";
    e = x.cause;
  }
  return undefined;
}

/** `promise`, or the signal's reason as soon as `signal` aborts (the work itself goes on). */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason);
    signal.addEventListener("abort", stop, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", stop));
  });
}
