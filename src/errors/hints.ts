/**
 * What to do about an error, said in its message: the URL tried and the likely cause, in one
 * sentence, for the mistakes a newcomer makes first (a `baseUrl` with an extra or missing path,
 * an access key the server does not know, a server that is not running). Every text here is
 * built from the URL the client sent to, never from a header: the access key is not in it, and
 * the URL is scrubbed of it all the same (a key pasted into `baseUrl` stays hidden).
 */
import {
  AccessKeyNotFoundCode,
  MethodNotFoundCode,
  UnauthorizedCode,
  WebrpcBadMethodCode,
  WebrpcBadRouteCode,
} from "../../generated/error-codes.js";
import { readUrl } from "./read-url.js";
import { redactText } from "./redact.js";

/** Where the client sent a request, for messages. */
export interface HintTarget {
  /** Operation name, e.g. `QuoteIntent`. */
  operation: string;
  /** The URL sent to (`{baseUrl}/rpc/Service/<Operation>`); `undefined` when none was built. */
  url?: string | undefined;
  /** The access key, to scrub from the text. */
  secret?: string | undefined;
}

/** The path the client appends to `baseUrl`. */
const RPC_PREFIX = "/rpc/Service/";

/** `url` split into the `baseUrl` it came from and its origin; `undefined` when unreadable. */
function partsOf(url: string): { origin: string; basePath: string } | undefined {
  const parsed = readUrl(url);
  if (parsed === undefined) return undefined;
  const at = parsed.pathname.lastIndexOf(RPC_PREFIX);
  return {
    origin: parsed.origin,
    basePath: at < 0 ? parsed.pathname : parsed.pathname.slice(0, at),
  };
}

/**
 * The message of an answer saying there is no such operation at the URL tried (webrpc's bad route
 * or bad method, a router's 404 or 405 page): names the URL and the likely mistake in `baseUrl`.
 */
export function routeHint(said: string, status: number, t: HintTarget): string {
  if (t.url === undefined) return said;
  const parts = partsOf(t.url);
  const tail = `the client adds ${RPC_PREFIX}${t.operation} to baseUrl itself`;
  let cause: string;
  if (parts === undefined) cause = `check baseUrl (${tail})`;
  else if (parts.basePath !== "" && parts.basePath !== "/")
    cause =
      `likely the path ${parts.basePath} in baseUrl: ${tail}, ` +
      `so try baseUrl ${parts.origin} unless the service lives under that path`;
  else
    cause = `likely a baseUrl missing the path the service lives under, or a server that is not this service (${tail})`;
  const shown = said.includes(`HTTP ${status}`) ? "" : ` (HTTP ${status})`;
  return redactText(`${said}${shown} at POST ${t.url}: ${cause}`, t.secret);
}

/**
 * The message of `MethodNotFound`: the server routes requests but does not know the operation
 * (an older version of the service, or another service at that URL).
 */
export function methodHint(said: string, t: HintTarget): string {
  if (t.url === undefined) return said;
  const origin = partsOf(t.url)?.origin ?? t.url;
  return redactText(
    `${said} at POST ${t.url}: ${origin} has no ${t.operation}; check that baseUrl is this ` +
      "service, in a version that has it",
    t.secret,
  );
}

/**
 * The message of `AccessKeyNotFound` or of `Unauthorized` for a request sent without a key: says
 * which server refused and where keys come from, never the key itself.
 */
export function accessKeyHint(said: string, code: number, t: HintTarget): string {
  if (t.url === undefined) return said;
  const origin = partsOf(t.url)?.origin ?? t.url;
  const where =
    "the key this service issued for your project (the dev server prints its own when it " +
    "starts; serve --access-key KEY sets one)";
  const text =
    code === AccessKeyNotFoundCode
      ? `${said}: ${origin} does not know the accessKey sent with ${t.operation}; pass ${where}`
      : `${said}: no access key was sent to ${origin} with ${t.operation}; pass createClient({ accessKey }) with ${where}`;
  return redactText(text, t.secret);
}

/**
 * The message of a webrpc error body that says what to fix (a bad route or method,
 * `MethodNotFound`, `AccessKeyNotFound`, or `Unauthorized` for a request sent without a key);
 * `undefined` for any other body, or when no URL was built.
 */
export function wireHint(
  code: number,
  status: number,
  said: string,
  t: HintTarget,
): string | undefined {
  if (code === WebrpcBadRouteCode || code === WebrpcBadMethodCode) {
    return routeHint(said, status, t);
  }
  if (code === MethodNotFoundCode) return methodHint(said, t);
  if (code === AccessKeyNotFoundCode || (code === UnauthorizedCode && !t.secret)) {
    return accessKeyHint(said, code, t);
  }
  return undefined;
}

/** What a network error's code means, and what to check (the codes a wrong `baseUrl` gives). */
const NETWORK_CAUSES: Record<string, (host: string) => string> = {
  ECONNREFUSED: (host) =>
    `connection refused: nothing accepts connections at ${host}; is the server running, and are the host and port of baseUrl right?`,
  ENOTFOUND: (host) => `the host name of ${host} does not resolve; check baseUrl`,
};

/**
 * `network error (CODE)` plus what the code means, for the message of a request that got no
 * answer; `network error` alone when the code is unknown.
 */
export function networkHint(code: string | undefined, t: HintTarget): string {
  if (code === undefined) return "network error";
  const host = (t.url === undefined ? undefined : readUrl(t.url)?.host) ?? "the server";
  const explain = Object.hasOwn(NETWORK_CAUSES, code) ? NETWORK_CAUSES[code] : undefined;
  const text = explain === undefined ? "" : `: ${explain(host)}`;
  return redactText(`network error (${code})${text}`, t.secret);
}
