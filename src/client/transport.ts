/**
 * Handing a request to `fetch` at the lowest cost. openapi-fetch builds each request (URL,
 * merged headers, body); by default it makes a WHATWG `Request` of it, which `fetch` then copies
 * into another one, its string body turned into a stream on the way: measured on Node, that costs
 * more CPU per call than reading and decoding the answer. So the client passes openapi-fetch a
 * `PreparedRequest` class that only keeps the URL and init; the global `fetch` gets them as they
 * are, and a `Request` is built only for a `fetch` given in the options (a handler may expect one).
 */
import type { FetchLike } from "./options.js";

/** The `fetch` used when the options give none: the global one, looked up at call time. */
export const defaultFetch: FetchLike = (input, init) => globalThis.fetch(input, init);

/** What openapi-fetch passes as a request's init. */
type Init = RequestInit & Record<string, unknown>;

/** Whether `fetchImpl` is the global `fetch` (the default, or the global passed in the options). */
export function usesGlobalFetch(fetchImpl: FetchLike): boolean {
  return fetchImpl === defaultFetch || fetchImpl === globalThis.fetch;
}

/**
 * A request as openapi-fetch describes it, not yet a `Request`. openapi-fetch reads `method`
 * and may copy init fields onto it; nothing else.
 */
export class PreparedRequest {
  readonly url: string;
  readonly init: Init;
  constructor(url: string | URL, init: Init = {}) {
    this.url = String(url);
    this.init = init;
  }
  /** The HTTP method (openapi-fetch checks it for `HEAD`). */
  get method(): string {
    return this.init.method ?? "GET";
  }
}

/**
 * Sends `request` with `fetchImpl` and the wire `headers` (the content type, then the client's
 * and the call's headers): the global `fetch` gets the URL and init directly; any other gets a
 * `Request`. A `Request` passed in (openapi-fetch without `PreparedRequest`) is copied with the
 * headers set. The headers are set here, as plain fields, rather than merged by openapi-fetch:
 * that spares two `Headers` objects per call (measured: about 4% of a loopback call).
 */
export function send(
  fetchImpl: FetchLike,
  request: Request | PreparedRequest,
  headers: Record<string, string>,
): Promise<Response> {
  const wire = { "Content-Type": "application/json", ...headers };
  if (!(request instanceof PreparedRequest)) {
    return fetchImpl(new Request(request, { headers: wire }));
  }
  const init = { ...request.init, headers: wire };
  if (usesGlobalFetch(fetchImpl)) return globalThis.fetch(request.url, init);
  return fetchImpl(new Request(request.url, init));
}
