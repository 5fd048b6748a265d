/**
 * EIP-55 mixed-case checksum addresses: the letters of the hex address are upper-cased where the
 * matching nibble of keccak-256 of the lowercase address is 8 or more.
 */
import { keccak, toHex } from "./hex.js";

/**
 * The EIP-55 checksummed form of a 20-byte hex address (input in any letter case).
 *
 * @example
 * checksumAddress("0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48");
 * // "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
 */
export function checksumAddress(address: string): string {
  const known = cache.get(address);
  if (known !== undefined) return known;
  const out = compute(address);
  if (cache.size >= CACHE_SIZE) cache.clear();
  cache.set(address, out);
  return out;
}

// Catalogue and contract addresses recur in every quote; each checksum costs a keccak.
const CACHE_SIZE = 4096;
const cache = new Map<string, string>();

function compute(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const hash = toHex(keccak(lower)).slice(2);
  let out = "0x";
  for (let i = 0; i < lower.length; i++) {
    const c = lower.charAt(i);
    out += Number.parseInt(hash.charAt(i), 16) >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

/** The key under which an address is compared and indexed: its lowercase form. */
export function addressKey(address: string): string {
  return address.toLowerCase();
}
