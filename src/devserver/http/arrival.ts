/**
 * What the Node listener knows of a request beyond its `Request`: when it arrived, in real time
 * (`performance.now()`), and its body when it was read whole. The listener takes up requests that
 * arrive together in turns of the event loop, and a long poll's bound counts from arrival, not from
 * its turn; a body already read is handed over as bytes, because wrapping it in a stream and reading
 * it back costs as much as the rest of a small call.
 */
interface Arrival {
  ms: number;
  body: Uint8Array | undefined;
}

const arrivals = new WeakMap<Request, Arrival>();

/** Records that `request` arrived at `ms`, with its `body` when it was read (then not in `request`). */
export function markArrival(request: Request, ms: number, body?: Uint8Array): void {
  arrivals.set(request, { ms, body });
}

/** When `request` arrived: as recorded, else now (a request handed to the handler directly). */
export function arrivalOf(request: Request): number {
  return arrivals.get(request)?.ms ?? performance.now();
}

/** The body of `request` read by the listener, if it was. */
export function bodyReadOf(request: Request): Uint8Array | undefined {
  return arrivals.get(request)?.body;
}
