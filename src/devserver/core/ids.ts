/**
 * Deterministic identifiers: everything a quote carries that looks random (intent id, numeric id,
 * salt, nonces, request ids, transaction hashes) is derived by keccak-256 from the request, the
 * seed and the clock, so that the same inputs at the same time give the same quote.
 */
import { bytesToBigint, concatBytes, keccak, keccakInSlices, toHex } from "./hex.js";

/** A stable text form of a JSON-like value: keys sorted, bigints marked, for hashing. */
export function canonical(value: unknown): string {
  if (typeof value === "bigint") return `${value}n`;
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  const keys = Object.keys(value).sort();
  const rec = value as Record<string, unknown>;
  return `{${keys
    .filter((k) => rec[k] !== undefined)
    .map((k) => `${JSON.stringify(k)}:${canonical(rec[k])}`)
    .join(",")}}`;
}

/** A digest that further values are derived from. */
export type Digest = Uint8Array;

/** The digest of the given parts. */
export function digestOf(...parts: string[]): Digest {
  return keccak(parts.join("\u0000"));
}

/** `digestOf(...parts)`, hashed in slices with `pause()` awaited between them (see `keccakInSlices`). */
export function digestOfInSlices(pause: () => Promise<void>, ...parts: string[]): Promise<Digest> {
  return keccakInSlices(parts.join("\u0000"), pause);
}

/** A 32-byte value derived from `digest` for `label`. */
export function derive(digest: Digest, label: string): Uint8Array {
  let tag = labels.get(label);
  if (tag === undefined) {
    tag = keccak(label);
    if (labels.size < 64) labels.set(label, tag);
  }
  return keccak(concatBytes(digest, tag));
}

// The fixed labels ("salt", "intent-id"…) are hashed once.
const labels = new Map<string, Uint8Array>();

/** A 32-byte hex hash derived from `digest` for `label` (transaction hashes, meta-txn ids). */
export function deriveHex(digest: Digest, label: string): string {
  return toHex(derive(digest, label));
}

/** A uint256 derived from `digest` for `label`, limited to `bits` bits. */
export function deriveBigint(digest: Digest, label: string, bits = 256): bigint {
  return BigInt.asUintN(bits, bytesToBigint(derive(digest, label)));
}

/** A positive safe integer (48 bits) derived from `digest` for `label`. */
export function deriveNumber(digest: Digest, label: string): number {
  return Number(deriveBigint(digest, label, 48)) || 1;
}

/** A UUID-shaped identifier (version 4 layout) derived from `digest`. */
export function deriveUuid(digest: Digest, label: string): string {
  const h = toHex(derive(digest, label)).slice(2, 34).split("");
  h[12] = "4";
  h[16] = "89ab".charAt(Number.parseInt(h[16] ?? "0", 16) & 3);
  const s = h.join("");
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}
