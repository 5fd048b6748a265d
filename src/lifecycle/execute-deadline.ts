/**
 * A committed intent must be executed within 10 minutes of its commit: `committedAt` + 600,000 ms
 * is the last instant ExecuteIntent is accepted, as the dev server applies it.
 */
import { type ExpiryOptions, serverNow, type TimeInput, toMs } from "./server-time.js";

/** How long after its commit an intent may be executed. */
export const EXECUTE_WINDOW_MS = 10 * 60_000;

/**
 * The last moment `ExecuteIntent` is accepted: `committedAt` + 10 minutes.
 *
 * @example
 * const { committedAt } = await client.quoteAndCommit(request);
 * executeDeadline(committedAt); // Date, 10 minutes after the commit
 */
export function executeDeadline(committedAt: TimeInput): Date {
  return new Date(toMs(committedAt) + EXECUTE_WINDOW_MS);
}

/** Milliseconds left to execute: 0 at the deadline (still accepted), negative once closed. */
export function executeTimeLeftMs(
  committedAt: TimeInput,
  now?: TimeInput,
  options?: ExpiryOptions,
): number {
  return executeDeadline(committedAt).getTime() - serverNow(now, options);
}
