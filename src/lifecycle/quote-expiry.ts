/**
 * When a quote stops being committable. The interface says a quote may be committed while it is
 * "at most 5 minutes old": `expiresAt` (issue + 300,000 ms) is the last instant it is still
 * valid, and it is expired from the next millisecond on. The dev server applies the same rule.
 */
import type { Intent } from "../../generated/types.js";
import { type ExpiryOptions, serverNow, type TimeInput, toMs } from "./server-time.js";

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

/** Milliseconds left before the quote expires: 0 at `expiresAt` (still valid), negative after. */
export function quoteTimeLeftMs(
  intent: QuoteTimes,
  now?: TimeInput,
  options?: ExpiryOptions,
): number {
  return quoteExpiresAt(intent).getTime() - serverNow(now, options);
}

/**
 * Whether the quote can no longer be committed: true only once `now` is past `expiresAt` (at
 * `expiresAt` itself the quote is exactly 5 minutes old and still valid).
 *
 * @example
 * if (isQuoteExpired(intent, Date.now(), { skewMs: client.clockSkewMs })) requote();
 */
export function isQuoteExpired(
  intent: QuoteTimes,
  now?: TimeInput,
  options?: ExpiryOptions,
): boolean {
  return quoteTimeLeftMs(intent, now, options) < 0;
}
