/**
 * When a request reached the server, in real time (`performance.now()`), for a `Request` that
 * waited before the handler saw it: the listener takes up requests that arrive together in turns
 * of the event loop, and a long poll's bound counts from arrival, not from its turn.
 */
const arrivals = new WeakMap<Request, number>();

/** Records that `request` arrived at `ms`. */
export function markArrival(request: Request, ms: number): void {
  arrivals.set(request, ms);
}

/** When `request` arrived: as recorded, else now (a request handed to the handler directly). */
export function arrivalOf(request: Request): number {
  return arrivals.get(request) ?? performance.now();
}
