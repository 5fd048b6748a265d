/** A committed intent must be executed within 10 minutes of its commit. */
import { type ExpiryOptions, serverNow, type TimeInput, toMs } from "./time.js";

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

/** Milliseconds left to execute (negative once the window has closed). */
export function executeTimeLeftMs(
  committedAt: TimeInput,
  now?: TimeInput,
  options?: ExpiryOptions,
): number {
  return executeDeadline(committedAt).getTime() - serverNow(now, options);
}
