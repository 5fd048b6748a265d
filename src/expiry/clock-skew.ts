/** Clock skew between the service and this machine, measured from HTTP `Date` headers. */

/**
 * Server clock minus local clock, in ms, from a response's `Date` header received at local time
 * `receivedAtMs`; `undefined` when the header is missing or malformed. `Date` has a resolution
 * of one second (it is truncated), so half a second is added to centre the estimate.
 */
export function measureSkew(dateHeader: string | null, receivedAtMs: number): number | undefined {
  if (!dateHeader) return undefined;
  const serverMs = Date.parse(dateHeader);
  if (Number.isNaN(serverMs)) return undefined;
  return serverMs + 500 - receivedAtMs;
}
