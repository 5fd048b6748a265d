/**
 * Where a body's bytes can be cut so that each piece decodes on its own (TextDecoder's fast path,
 * no `stream` option) into what one decoding of the whole body gives, replacement characters
 * included. Before a byte that is not a continuation byte (`10xxxxxx`) the WHATWG decoder is in
 * its initial state, or ends there a sequence cut short (replaced, as the end of a piece
 * replaces it) and reads that byte afresh. A sequence still open at the end has its lead among
 * the last three bytes (four bytes at most, and the fourth would close it).
 */

/**
 * Where `bytes` can be cut: before a lead byte among their last three, which may start a sequence
 * the next bytes finish (the lead and what follows it are carried to the next piece), else at
 * their end.
 */
export function completeUpTo(bytes: Uint8Array): number {
  const used = bytes.length;
  let k = used - 1;
  while (k > used - 3 && ((bytes[k] as number) & 0xc0) === 0x80) k--;
  return (bytes[k] ?? 0) >= 0xc0 ? k : used;
}
