/**
 * Waiting and aborting, written once for the client (timeouts, retry delays), the lifecycle
 * helpers (following an intent) and the wallet step (waiting for a chain or a claim): a delay that
 * ends at once on abort, a promise raced against a signal, and a signal that also ends after a
 * timeout. Each rejects with the signal's own reason, so callers tell an abort by their signal.
 */

/**
 * Resolves after `ms` milliseconds; rejects with the signal's reason as soon as `signal` aborts
 * (at once if it already has).
 *
 * @example
 * await sleep(1_000, controller.signal);
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(
      () => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * `promise`, or a rejection with the signal's reason as soon as `signal` aborts (at once if it
 * already has). The work behind `promise` goes on: only the wait for it ends.
 *
 * @example
 * const receipt = await abortable(fetchReceipt(), controller.signal);
 */
export function abortable<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason);
    if (signal.aborted) stop();
    else signal.addEventListener("abort", stop, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", stop));
  });
}

/** A signal that ends when the caller's does or when time runs out, and which of them it was. */
export interface Deadline {
  /** Aborts with the caller's reason, or after the timeout. */
  readonly signal: AbortSignal;
  /** Whether the timeout ended it. */
  timedOut(): boolean;
  /** Stops the timer and lets go of the caller's signal; call it however the work ends. */
  dispose(): void;
}

/** A `Deadline` following `signal`, and ending after `timeoutMs` too unless it is 0 or absent. */
export function deadline(signal: AbortSignal | undefined, timeoutMs?: number): Deadline {
  const controller = new AbortController();
  let timedOut = false;
  const stop = () => controller.abort(signal?.reason);
  signal?.addEventListener("abort", stop, { once: true });
  if (signal?.aborted) stop();
  // The timeout's reason is made when it fires, not up front: an `Error` captures a stack, which
  // cost every client call more than the rest of this function.
  const expire = () => {
    if (controller.signal.aborted) return;
    timedOut = true;
    controller.abort(new Error("timeout"));
  };
  const timer = timeoutMs ? setTimeout(expire, timeoutMs) : undefined;
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    dispose() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", stop);
    },
  };
}
