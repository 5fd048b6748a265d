/** Reading an HTTP date, the one way the client does. */

/**
 * Epoch milliseconds of an HTTP date (`Date`, `Retry-After`; RFC 9110 §5.6.7), or `undefined`
 * when `text` is missing or not one. An HTTP date always names a weekday or a month, so digit
 * strings, which `Date.parse` would read as years, are refused. The clock skew (`client/clock-skew.ts`)
 * and `Retry-After` both read their dates here, so they always agree.
 */
export function parseHttpDate(text: string | null | undefined): number | undefined {
  if (!text || !/[a-z]/i.test(text)) return undefined;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : ms;
}
