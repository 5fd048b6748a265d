/**
 * One attempt per intent in a process: concurrent calls for the same intent and step share one
 * promise, whose failures are the wallet step's typed errors.
 */
import type { Intent } from "../../generated/types.js";
import { depositKey } from "./deposit-store.js";
import { typed } from "./failures.js";

const running = new Map<string, Promise<unknown>>();

/**
 * The attempt at `intent`'s deposit under `step` (`""`: the deposit alone) in progress, else a new
 * one made by `start`; anything it throws leaves as `typed` makes it.
 */
export function sharedAttempt<T>(
  step: string,
  intent: Intent,
  start: () => Promise<T>,
): Promise<T> {
  const key = step + depositKey(intent.originChainId, String(intent.originIntentAddress));
  const current = running.get(key) as Promise<T> | undefined;
  if (current) return current;
  const attempt = start()
    .catch((e: unknown) => {
      throw typed(e, intent.originChainId);
    })
    .finally(() => running.delete(key));
  running.set(key, attempt);
  return attempt;
}
