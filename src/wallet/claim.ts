/**
 * Holding a store's claim on an intent's deposit while it is decided and sent: the other
 * processes and tabs sharing the store wait for it to be given back, then read what the holder
 * recorded (its hash) instead of paying again.
 */

import { sleep } from "../client/wait.js";
import type { DepositStore } from "./deposit-store.js";

/** How often a waiting caller asks for the claim again, in ms (at most). */
const RETRY_MS = 100;

/**
 * Runs `work` holding the claim on `key` when `store` can claim (waiting for another holder to
 * give it back first), else runs it at once. The claim is given back however `work` ends.
 */
export async function withClaim<T>(
  store: DepositStore,
  key: string,
  signal: AbortSignal | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (!store.claim) return work();
  for (let wait = 10; ; wait = Math.min(RETRY_MS, wait * 2)) {
    signal?.throwIfAborted();
    const release = await store.claim(key);
    if (release) {
      try {
        return await work();
      } finally {
        await release();
      }
    }
    await sleep(wait + Math.random() * wait, signal);
  }
}
