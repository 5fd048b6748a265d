/**
 * What the HTTP status of an unreadable answer (`WebrpcBadResponse`, code -5) says. Such a body
 * is not a webrpc error, so the status is all there is to go on: it tells a spoiled or transient
 * answer (worth asking again) from a router or proxy that will answer the same page every time.
 */
import { WebrpcBadResponseCode } from "../../generated/error-codes.js";

/** Wire code of `WebrpcBadResponse`. */
export const CODE_BAD_RESPONSE: number = WebrpcBadResponseCode;

/**
 * Statuses saying the route or method does not exist here: a router's `404 page not found`, a
 * proxy's 405 or 501 page. The same request gets the same page, and the server never saw it.
 */
const NO_SUCH_ROUTE: ReadonlySet<number> = new Set([404, 405, 501]);

/**
 * Whether an unreadable answer with HTTP `status` may read differently next time:
 * - `0`: no real status to judge by (an opaque or error `Response` from a custom `fetch`);
 * - 2xx: the server answered, but the body arrived empty, truncated or cut off in transit;
 * - 408 and 429: a server or proxy that asks to be tried later, whatever its page says;
 * - 5xx but 501: a gateway or server failure (a proxy's HTML 502, a bare 503).
 * Anything else (3xx, other 4xx, 501) is a definite refusal by something in front of the service.
 *
 * @example
 * isTransientBadResponse(502); // true: a proxy's error page, the upstream may be back soon
 * isTransientBadResponse(404); // false: no such route, asking again changes nothing
 */
export function isTransientBadResponse(status: number): boolean {
  if (status === 0 || (status >= 200 && status < 300)) return true;
  if (status === 408 || status === 429) return true;
  return status >= 500 && status < 600 && status !== 501;
}

/**
 * Whether an unreadable answer means "this endpoint does not exist here" (404, 405 or 501), as a
 * router or proxy says it for a route it does not know: callers with an alternative (another
 * operation) switch to it instead of failing.
 */
export function isMissingRoute(status: number): boolean {
  return NO_SUCH_ROUTE.has(status);
}
