/** The steps of the wallet step, as `onProgress` receives them. */

/**
 * `check`: the instructions agree with the intent; `switch-chain`: the wallet was switched to the
 * origin chain; `pending`: the paying account has transactions not yet mined (`pending` of them,
 * `nonces`), waited for before deciding whether the deposit was made; `sign`: the wallet is asked (a transaction, or a permit signature); `sent`: the
 * deposit's hash is known; `confirmed`: it has its confirmations; `execute`: ExecuteIntent is
 * called; `done`: the service answered.
 */
export type DepositStep =
  | "check"
  | "switch-chain"
  | "pending"
  | "sign"
  | "sent"
  | "confirmed"
  | "execute"
  | "done";

/** One step, with what is known by then. */
export interface DepositProgress {
  /** The step reached. */
  step: DepositStep;
  /** The origin chain. */
  chainId: number;
  /** The deposit's transaction hash, once known. */
  hash?: `0x${string}`;
  /** Whether the deposit was found already made (recorded, or on chain) instead of sent now. */
  reused?: boolean;
  /** Confirmations waited for (`confirmed`). */
  confirmations?: number;
  /** How many transactions of the paying account are pending (`pending`). */
  pending?: number;
  /** Their nonces (`pending`). */
  nonces?: number[];
}

/** Receives each step; an exception it throws is ignored (progress never stops the deposit). */
export type OnProgress = (progress: DepositProgress) => void;

/** Calls `onProgress` without letting it interrupt the step. */
export function report(onProgress: OnProgress | undefined, p: DepositProgress): void {
  try {
    onProgress?.(p);
  } catch {}
}
