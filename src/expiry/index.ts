/** Expiry helpers: quote validity (5 min), execution window (10 min), clock skew. */
export { measureSkew } from "./clock-skew.js";
export { EXECUTE_WINDOW_MS, executeDeadline, executeTimeLeftMs } from "./execute-deadline.js";
export {
  isQuoteExpired,
  QUOTE_TTL_MS,
  type QuoteTimes,
  quoteExpiresAt,
  quoteTimeLeftMs,
} from "./quote-expiry.js";
export type { ExpiryOptions, TimeInput } from "./time.js";
