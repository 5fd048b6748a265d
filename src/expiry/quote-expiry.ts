/** When a quote stops being committable (5 minutes after issue). */
import type { Intent } from "../../generated/types.js";
import { type ExpiryOptions, serverNow, type TimeInput, toMs } from "./time.js";

/** How long a quote may be committed after it was issued. */
export const QUOTE_TTL_MS = 5 * 60_000;

/** The fields of an intent the quote helpers read. */
export type QuoteTimes = Pick<Intent, "expiresAt" | "createdAt">;

/**
 * When the quote expires: the intent's `expiresAt`, else `createdAt` + 5 minutes.
 *
 * @example
 * const { intent } = await client.quoteIntent(request);
 * quoteExpiresAt(intent); // Date, about 5 minutes from now
 * @throws {RangeError} when the intent carries neither time in a readable form.
 */
export function quoteExpiresAt(intent: QuoteTimes): Date {
  const expires = intent.expiresAt ? toMs(intent.expiresAt) : Number.NaN;
  if (!Number.isNaN(expires)) return new Date(expires);
  const created = intent.createdAt ? toMs(intent.createdAt) : Number.NaN;
  if (!Number.isNaN(created)) return new Date(created + QUOTE_TTL_MS);
  throw new RangeError("the intent has no readable expiresAt or createdAt");
}

/** Milliseconds left before the quote expires (negative once it has). */
export function quoteTimeLeftMs(
  intent: QuoteTimes,
  now?: TimeInput,
  options?: ExpiryOptions,
): number {
  return quoteExpiresAt(intent).getTime() - serverNow(now, options);
}

/**
 * Whether the quote can no longer be committed.
 *
 * @example
 * if (isQuoteExpired(intent, Date.now(), { skewMs: client.clockSkewMs })) requote();
 */
export function isQuoteExpired(
  intent: QuoteTimes,
  now?: TimeInput,
  options?: ExpiryOptions,
): boolean {
  return quoteTimeLeftMs(intent, now, options) <= 0;
}
