/**
 * Redirect answers. Requests go out with `redirect: "manual"`, so a 3xx comes back to the client
 * instead of being followed with `X-Access-Key` attached. Node, Bun and Deno then hand over the
 * 3xx itself; a browser hands over an opaque redirect (status 0) that hides where it pointed.
 */

import { readUrl } from "../errors/read-url.js";
import { redactText } from "../errors/redact.js";
import { RedirectRefusedError } from "./client-errors.js";
import type { WireContext } from "./from-wire.js";

/** Whether `response` is a redirect: a 3xx, or a browser's opaque redirect. */
export function isRedirect(response: Response): boolean {
  if (response.type === "opaqueredirect") return true;
  return response.status >= 300 && response.status < 400;
}

/**
 * The error for a redirect answered to a request sent to `url`: names the status and the origin
 * of `Location` (never its path or query, which may echo anything), and says whether that is
 * another origin. Holds no header of the request.
 */
export function redirectRefused(
  response: Response,
  ctx: WireContext,
  url: string | undefined,
): RedirectRefusedError {
  const status = response.type === "opaqueredirect" ? 0 : response.status;
  const target = locationOrigin(response.headers.get("location"), url);
  const from = url === undefined ? undefined : readUrl(url)?.origin;
  let to: string;
  if (target === undefined) to = "a location the client cannot read";
  else if (from !== undefined && target !== from) to = `${target} (another origin)`;
  else to = `${target} (the same origin)`;
  const what = status === 0 ? "a redirect" : `HTTP ${status}`;
  const message =
    `${ctx.operation} answered ${what} to ${to}; redirects are not followed, so the access key ` +
    `is only sent to ${from ?? "baseUrl"}: set baseUrl to the service's own URL`;
  return new RedirectRefusedError({
    status,
    operation: ctx.operation,
    message: redactText(message, ctx.secret),
    locationOrigin: target === undefined ? undefined : redactText(target, ctx.secret),
  });
}

function locationOrigin(location: string | null, base: string | undefined): string | undefined {
  const url = location ? readUrl(location, base) : undefined;
  return url?.origin === "null" ? url.protocol : url?.origin;
}
