/** Waiting for an intent's final status, with progress callbacks or as an async iterable. */
import type { BaseClient } from "../client/base-client.js";
import { type FollowOptions, followIntent, type IntentUpdate } from "./follow-intent.js";

/** Options of `waitForIntent`. */
export interface WaitForIntentOptions extends FollowOptions {
  /** Called on each change of status or receipt states (the first read included). */
  onUpdate?: (update: IntentUpdate) => void;
}

/**
 * Follows an intent until its status is final; resolves with the final update.
 *
 * @example
 * const final = await client.waitForIntent(intentId, {
 *   onUpdate: (u) => console.log(u.status, u.receiptStates),
 *   timeoutMs: 10 * 60_000,
 * });
 * if (final.status === "SUCCEEDED") celebrate(final.receipt);
 */
export async function waitForIntent(
  client: BaseClient,
  intentId: string,
  options: WaitForIntentOptions = {},
): Promise<IntentUpdate> {
  let last: IntentUpdate | undefined;
  for await (const update of followIntent(client, intentId, options)) {
    options.onUpdate?.(update);
    last = update;
  }
  if (!last) throw new Error("unreachable: following ended without an update");
  return last;
}

/**
 * The changes of an intent as an async iterable, ending at a final status.
 *
 * @example
 * for await (const { status } of client.watchIntent(intentId)) render(status);
 */
export function watchIntent(
  client: BaseClient,
  intentId: string,
  options: FollowOptions = {},
): AsyncIterable<IntentUpdate> {
  return { [Symbol.asyncIterator]: () => followIntent(client, intentId, options) };
}
