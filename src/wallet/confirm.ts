/**
 * Waiting for a deposit to be mined with its confirmations, following it when the wallet
 * replaced it (sped up: the mined hash is the one kept; cancelled, or replaced by another
 * transaction: no deposit). With `confirmations: 0` nothing is waited for: the hash is returned
 * once known. "No deposit" is said only when the chain says so twice: the receipt that ends the
 * wait is read again, in the same block.
 */
import {
  getTransaction,
  getTransactionReceipt,
  type ReplacementReturnType,
  waitForTransactionReceipt,
} from "viem/actions";
import { abortable, sleep } from "../client/wait.js";
import {
  DepositOutcomeUnknownError,
  DepositRejectedError,
  DepositRevertedError,
} from "../errors/wallet-errors.js";
import { CHECK } from "./failures.js";
import type { Prepared } from "./preflight.js";
import type { Made } from "./transfer.js";

/** The deposit's hash as mined, and whether it was found already made. */
export interface Confirmed {
  hash: `0x${string}`;
  reused: boolean;
}

/** How long a sent deposit is looked for on the origin chain by default, in ms. */
export const SEEN_TIMEOUT_MS = 60_000;

/**
 * The deposit as the origin chain's reader sees it (pending or mined), looked for until
 * `timeoutMs`: a wallet that sent it on another chain never shows it there, and is told so
 * (`DepositOutcomeUnknownError` naming the chain) instead of being waited for without end.
 */
async function seenOnChain(
  p: Prepared,
  hash: `0x${string}`,
  timeoutMs: number,
  signal?: AbortSignal,
) {
  const end = Date.now() + timeoutMs;
  for (let wait = 50; ; wait = Math.min(1_000, wait * 2)) {
    const tx = await getTransaction(p.reader, { hash }).catch(() => undefined);
    if (tx) return tx;
    if (Date.now() >= end)
      throw new DepositOutcomeUnknownError(p.key, hash, undefined, {
        message: `the wallet sent ${hash}, but chain ${p.d.chainId} does not show it (sent on another chain?): ${CHECK}`,
      });
    await sleep(wait, signal);
  }
}

/** Waits for `made` to be mined with `confirmations`; records the mined hash. */
export async function confirm(
  p: Prepared,
  made: Made,
  confirmations: number,
  signal: AbortSignal | undefined,
  seenTimeoutMs = SEEN_TIMEOUT_MS,
): Promise<Confirmed> {
  const { reused, fromBlock } = made;
  p.progress({ step: "sent", hash: made.hash, reused });
  if (confirmations <= 0) return { hash: made.hash, reused };
  // Its sender and nonce: a replacement is then found even when the node dropped this one first.
  const tx = await seenOnChain(p, made.hash, seenTimeoutMs, signal);
  let replaced: ReplacementReturnType | undefined;
  const receipt = await abortable(
    waitForTransactionReceipt(p.reader, {
      hash: made.hash,
      confirmations,
      replacement: tx,
      onReplaced: (r) => {
        replaced = r;
      },
    }),
    signal,
  );
  const hash = receipt.transactionHash;
  const notDeposit = replaced && replaced.reason !== "repriced";
  if (notDeposit || receipt.status !== "success") {
    const again = await getTransactionReceipt(p.reader, { hash }).catch(() => undefined);
    if (again?.blockHash !== receipt.blockHash || again.status !== receipt.status)
      throw new DepositOutcomeUnknownError(p.key, made.hash, undefined, {
        message: `the receipt of ${hash} changed when read again (a reorganisation?): ${CHECK}`,
      });
    await p.write({ state: "failed", hash, fromBlock });
    if (notDeposit)
      throw new DepositRejectedError({
        message: `the deposit ${made.hash} was ${replaced?.reason} in the wallet by ${hash}: no deposit was made`,
      });
    throw new DepositRevertedError(hash);
  }
  if (hash !== made.hash) await p.write({ state: "sent", hash, fromBlock });
  p.progress({ step: "confirmed", hash, reused, confirmations });
  return { hash, reused };
}
