/**
 * Waiting for a deposit to be mined with its confirmations, following it when the wallet
 * replaced it (sped up: the mined hash is the one kept; cancelled: no deposit). With
 * `confirmations: 0` nothing is waited for: the hash is returned once known.
 */
import { type ReplacementReturnType, waitForTransactionReceipt } from "viem/actions";
import { DepositRejectedError, DepositRevertedError } from "./errors.js";
import type { Prepared } from "./preflight.js";
import type { Made } from "./transfer.js";
import { abortable } from "./wait.js";

/** The deposit's hash as mined, and whether it was found already made. */
export interface Confirmed {
  hash: `0x${string}`;
  reused: boolean;
}

/** Waits for `made` to be mined with `confirmations`; records the mined hash. */
export async function confirm(
  p: Prepared,
  made: Made,
  confirmations: number,
  signal: AbortSignal | undefined,
): Promise<Confirmed> {
  const { reused, fromBlock } = made;
  p.progress({ step: "sent", hash: made.hash, reused });
  if (confirmations <= 0) return { hash: made.hash, reused };
  let replaced: ReplacementReturnType | undefined;
  const receipt = await abortable(
    waitForTransactionReceipt(p.reader, {
      hash: made.hash,
      confirmations,
      onReplaced: (r) => {
        replaced = r;
      },
    }),
    signal,
  );
  const hash = receipt.transactionHash;
  if (replaced?.reason === "cancelled") {
    await p.write({ state: "failed", hash, fromBlock });
    throw new DepositRejectedError({
      message: `the deposit ${made.hash} was cancelled in the wallet (replaced by ${hash}): no deposit was made`,
    });
  }
  if (receipt.status !== "success") {
    await p.write({ state: "failed", hash, fromBlock });
    throw new DepositRevertedError(hash);
  }
  if (hash !== made.hash) await p.write({ state: "sent", hash, fromBlock });
  p.progress({ step: "confirmed", hash, reused, confirmations });
  return { hash, reused };
}
