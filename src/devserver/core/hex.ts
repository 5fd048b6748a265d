/**
 * Hex and hashing helpers: keccak-256 over bytes and text, 0x-prefixed hex, and the shape checks
 * for addresses, hashes and calldata that the operations apply to their inputs.
 */
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";

/** keccak-256 of `data` (bytes, or text taken as UTF-8). */
export function keccak(data: Uint8Array | string): Uint8Array {
  return keccak_256(typeof data === "string" ? utf8ToBytes(data) : data);
}

/** Bytes hashed between two pauses by `keccakInSlices` (a multiple of keccak-256's 136-byte block). */
const SLICE_BYTES = 136 * 60;

/**
 * keccak-256 of `text` (UTF-8), the same as `keccak(text)`, hashed 8 KB at a time
 * with `pause()` awaited between slices: 64 KiB of calldata hex is tens of milliseconds of hashing.
 */
export async function keccakInSlices(
  text: string,
  pause: () => Promise<void>,
): Promise<Uint8Array> {
  const bytes = utf8ToBytes(text);
  if (bytes.length <= SLICE_BYTES) return keccak_256(bytes);
  const hash = keccak_256.create();
  for (let at = 0; at < bytes.length; at += SLICE_BYTES) {
    if (at > 0) await pause();
    hash.update(bytes.subarray(at, at + SLICE_BYTES));
  }
  return hash.digest();
}

/** `0x`-prefixed lowercase hex of `bytes`. */
export function toHex(bytes: Uint8Array): string {
  return `0x${bytesToHex(bytes)}`;
}

/** Bytes of a `0x`-prefixed (or bare) hex string of even length. */
export function fromHex(hex: string): Uint8Array {
  return hexToBytes(hex.startsWith("0x") || hex.startsWith("0X") ? hex.slice(2) : hex);
}

/** The concatenation of byte arrays. */
export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A non-negative bigint as a big-endian byte array of `size` bytes (truncated to its low bytes). */
export function bigintToBytes(value: bigint, size: number): Uint8Array {
  const out = new Uint8Array(size);
  let v = BigInt.asUintN(size * 8, value);
  for (let i = size - 1; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}

/** Big-endian bytes as a non-negative bigint. */
export function bytesToBigint(bytes: Uint8Array): bigint {
  return bytes.length === 0 ? 0n : BigInt(`0x${bytesToHex(bytes)}`);
}

/** A 32-byte ABI word of a non-negative bigint, as hex without `0x`. */
export function word(value: bigint): string {
  return value.toString(16).padStart(64, "0");
}

/** A 32-byte ABI word of an address, as hex without `0x`. */
export function addressWord(address: string): string {
  return address.slice(2).toLowerCase().padStart(64, "0");
}

const addressPattern = /^0x[0-9a-fA-F]{40}$/;
const hashPattern = /^0x[0-9a-fA-F]{64}$/;
const calldataPattern = /^0x(?:[0-9a-fA-F]{2})*$/;

/** Whether `s` is a 20-byte hex address (any letter case). */
export function isAddress(s: string): boolean {
  return addressPattern.test(s);
}

/** Whether `s` is a 32-byte hex hash (any letter case). */
export function isHash(s: string): boolean {
  return hashPattern.test(s);
}

/** Whether `s` is `0x`-prefixed hex of whole bytes (`0x` alone is empty calldata). */
export function isCalldata(s: string): boolean {
  return calldataPattern.test(s);
}
