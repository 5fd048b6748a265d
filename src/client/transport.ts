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
 * Sends `request` with `fetchImpl`: the global `fetch` gets the URL and init directly; any other
 * gets a `Request`. A `Request` passed in (openapi-fetch without `PreparedRequest`) goes as is.
 */
export function send(fetchImpl: FetchLike, request: Request | PreparedRequest): Promise<Response> {
  if (!(request instanceof PreparedRequest)) return fetchImpl(request);
  if (fetchImpl === defaultFetch || fetchImpl === globalThis.fetch) {
    return globalThis.fetch(request.url, request.init);
  }
  return fetchImpl(new Request(request.url, request.init));
}
