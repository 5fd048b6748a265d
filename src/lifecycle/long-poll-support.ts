/**
 * Telling "this server has no `WaitIntentReceipt`" apart from a failed long poll, so that the
 * follower switches to `GetIntentReceipt` polling instead of failing.
 */
import {
  MethodNotFoundCode,
  WebrpcBadMethodCode,
  WebrpcBadRouteCode,
} from "../../generated/error-codes.js";
import { hasServiceErrorShape } from "../errors/service-error.js";
import { CODE_BAD_RESPONSE, isMissingRoute } from "../retry/bad-response.js";

/** webrpc's own answers for a missing operation: `WebrpcBadRoute`, `WebrpcBadMethod`, `MethodNotFound`. */
const UNSUPPORTED_CODES: ReadonlySet<number> = new Set([
  WebrpcBadRouteCode,
  WebrpcBadMethodCode,
  MethodNotFoundCode,
]);

/**
 * Whether `error` says the server does not offer the long poll: a webrpc error naming the route
 * or method as unknown, or a non-webrpc 404, 405 or 501 page from a router or proxy in front of
 * a deployment without it (Go's `404 page not found`, an nginx HTML page).
 *
 * @example
 * isLongPollUnsupported(new WebrpcBadRouteError()); // true
 * isLongPollUnsupported(new WebrpcBadResponseError({ status: 404 })); // true
 * isLongPollUnsupported(new WebrpcBadResponseError({ status: 502 })); // false: a failure
 */
export function isLongPollUnsupported(error: unknown): boolean {
  if (!hasServiceErrorShape(error)) return false;
  if (UNSUPPORTED_CODES.has(error.code)) return true;
  return error.code === CODE_BAD_RESPONSE && isMissingRoute(error.status);
}
