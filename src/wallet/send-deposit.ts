/**
 * `sendDeposit`: sends an intent's deposit from a viem wallet, once. Before the wallet is asked:
 * the instructions are checked against the intent (and the request, when given), the wallet is
 * put on the origin chain, the store's claim is taken (other processes and tabs sharing the store
 * wait for it), the store and then the chain are asked whether the deposit was already made, the
 * balance is checked, and a "sending" record is written. The hash is recorded the moment it is
 * known, and the mined one kept when the wallet replaced the transaction.
 */
import { alreadyMade } from "./already-made.js";
import { withClaim } from "./claim.js";
import { confirm } from "./confirm.js";
import { type DepositRecord, type DepositStore, defaultDepositStore } from "./deposit-store.js";
import { afterSending } from "./failures.js";
import { type PreflightOptions, type Prepared, preflight } from "./preflight.js";
import { sharedAttempt } from "./shared-attempt.js";
import { type Made, readRecord, transfer } from "./transfer.js";

/** Options of `sendDeposit`. */
export interface SendDepositOptions extends PreflightOptions {
  /**
   * Confirmations to wait for. Default 1. `0`: return as soon as the hash is known (nothing is
   * waited for; a dropped or replaced transaction is not followed).
   */
  confirmations?: number | undefined;
  /**
   * Where deposits are remembered. Default: `localStorageDepositStore()` where `localStorage` and
   * Web Locks exist (browsers), else one store in memory for the whole process.
   */
  store?: DepositStore | undefined;
  /**
   * How long to wait for the paying account's pending transactions to be mined before deciding
   * whether the deposit was made, in ms (`DepositOutcomeUnknownError` after it). Default 120,000.
   */
  pendingTimeoutMs?: number | undefined;
  /**
   * How long a sent deposit is looked for on the origin chain (pending or mined) before
   * `DepositOutcomeUnknownError` naming the chain, in ms. Default 60,000.
   */
  seenTimeoutMs?: number | undefined;
  /**
   * When a deposit was started but neither its hash nor the deposit on chain can be found:
   * `"throw"` (default) raises `DepositOutcomeUnknownError`; `"send"` sends it again.
   */
  ifOutcomeUnknown?: "throw" | "send" | undefined;
}

/** The deposit's hash, and whether it was found already made instead of sent by this call. */
export interface SendDepositResult {
  hash: `0x${string}`;
  reused: boolean;
}

/** The store of `o` (the platform's by default). */
export const storeOf = (o: { store?: DepositStore | undefined }): DepositStore =>
  o.store ?? defaultDepositStore();

/**
 * Sends the deposit of `intent` from `wallet` and waits for its confirmations, or returns the
 * deposit already made (`reused: true`). Concurrent calls for one intent share one attempt; calls
 * in other processes or tabs sharing a store that can claim wait for this one's hash.
 *
 * @example
 * const { hash } = await sendDeposit({ intent, wallet, store: fileDepositStore(".deposits") });
 */
export function sendDeposit(options: SendDepositOptions): Promise<SendDepositResult> {
  const { intent } = options;
  return sharedAttempt("", intent, async () => {
    const p = await preflight(options, storeOf(options));
    const made = await madeOrSent(p, options);
    return afterSending(made.hash, intent, () =>
      confirm(p, made, options.confirmations ?? 1, options.signal, options.seenTimeoutMs),
    );
  });
}

/**
 * The one guard of every deposit, by transfer or permit: `pay` runs under the store's claim
 * (other processes and tabs sharing the store wait), given the record read under it.
 */
export function underClaim<T>(
  p: Prepared,
  o: SendDepositOptions,
  pay: (record: DepositRecord | undefined) => Promise<T>,
): Promise<T> {
  const store = storeOf(o);
  return withClaim(store, p.key, o.signal, async () =>
    pay(await readRecord(p, (k) => store.get(k))),
  );
}

/**
 * The deposit by transfer, under the guard: the one already made (recorded, pending, on chain),
 * else one sent now. `beforeSign` runs last before the wallet is asked.
 */
export function madeOrSent(
  p: Prepared,
  o: SendDepositOptions,
  beforeSign?: () => unknown,
): Promise<Made> {
  return underClaim(
    p,
    o,
    async (record) => (await alreadyMade(p, o, record)) ?? transfer(p, { ...o, beforeSign }),
  );
}
