/**
 * webrpc's check and normalisation of the `basepath` header: no whitespace, query, fragment or
 * URL; `/`-prefixed it must pass Go's `url.ParseRequestURI` (no control bytes, every `%` followed
 * by two hex digits); then it gets a leading and a trailing `/`.
 */
import { RidlError } from "./errors.js";
import { goQuote, goQuoteBytes } from "./go-quote.js";

const fail = (reason: string): never => {
  throw new RidlError(`schema error: ${reason}`);
};

/** The `url.ParseRequestURI` error for a path starting with `/`, or undefined if it parses. */
function requestUriError(uri: string): string | undefined {
  const bytes = Buffer.from(uri, "utf8");
  if (bytes.some((b) => b < 0x20 || b === 0x7f)) {
    return `parse ${goQuote(uri)}: net/url: invalid control character in URL`;
  }
  const isHex = (b: number | undefined): boolean =>
    b !== undefined && /^[0-9a-fA-F]$/.test(String.fromCharCode(b));
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] !== 0x25) continue;
    if (!isHex(bytes[i + 1]) || !isHex(bytes[i + 2])) {
      const bad = goQuoteBytes(bytes.subarray(i, i + 3));
      return `parse ${goQuote(uri)}: invalid URL escape ${bad}`;
    }
    i += 2;
  }
  return undefined;
}

/** Validates `basepath` as webrpc does and returns its normalised form (`""` stays `""`). */
export function normaliseBasepath(basepath: string): string {
  if (basepath === "") return basepath;
  if (/[ \t\r\n]/.test(basepath)) fail("basepath must not contain whitespace");
  if (/[?#]/.test(basepath)) fail("basepath must not include query or fragment");
  if (basepath.includes("://")) fail("basepath must be a path, not a URL");
  const uri = basepath.startsWith("/") ? basepath : `/${basepath}`;
  const error = requestUriError(uri);
  if (error !== undefined) fail(`basepath is invalid: ${error}`);
  return uri.endsWith("/") ? uri : `${uri}/`;
}
