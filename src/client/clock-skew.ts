/** Clock skew between the service and this machine, measured from HTTP `Date` headers. */
import { parseHttpDate } from "../retry/http-date.js";

/**
 * Server clock minus local clock, in ms, from a response's `Date` header and the local time
 * `receivedAtMs` the server is taken to have written it; `undefined` when the header is missing
 * or malformed. `Date` has a resolution of one second (it is truncated), so half a second is
 * added to centre the estimate.
 *
 * @example
 * measureSkew(response.headers.get("date"), Date.now()); // e.g. 1_500: the server is ahead
 */
export function measureSkew(dateHeader: string | null, receivedAtMs: number): number | undefined {
  // A server writes the same `Date` on every answer within a second, and `Date.parse` of it
  // cost about 2 µs per call: the last one read is kept.
  if (dateHeader !== lastHeader) {
    lastHeader = dateHeader;
    lastMs = parseHttpDate(dateHeader);
  }
  return lastMs === undefined ? undefined : lastMs + 500 - receivedAtMs;
}

let lastHeader: string | null = null;
let lastMs: number | undefined;

/**
 * The skew seen by one exchange: sent at local `sentAtMs`, its headers received at local
 * `headersAtMs`. The server wrote `Date` somewhere in between, so the estimate takes the
 * midpoint, as NTP does: exact when the way there and back take as long, and otherwise off by at
 * most half the round trip (besides the header's one-second resolution). Reading the clock after
 * the body instead would count the body's transfer time (any length, for a large or slow body)
 * as skew.
 */
export function exchangeSkew(
  dateHeader: string | null,
  sentAtMs: number,
  headersAtMs: number,
): number | undefined {
  const midpoint = sentAtMs + Math.floor(Math.max(0, headersAtMs - sentAtMs) / 2);
  return measureSkew(dateHeader, midpoint);
}
