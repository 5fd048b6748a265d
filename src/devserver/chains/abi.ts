/**
 * The little ABI encoding the dev server needs to call its tokens: selectors from signatures, and
 * arguments of the types its calls take (static words, strings, address arrays).
 */
import { addressWord, keccak, toHex, word } from "../core/index.js";

/** An argument and its ABI type. */
export type AbiArg =
  | { type: "address"; value: string }
  | { type: "uint"; value: bigint }
  | { type: "bytes32"; value: string }
  | { type: "string"; value: string }
  | { type: "bytes"; value: string }
  | { type: "address[]"; value: readonly string[] };

/** The 4-byte selector of a function signature, e.g. `transfer(address,uint256)`, as hex. */
export function selector(signature: string): string {
  return toHex(keccak(signature).slice(0, 4));
}

function head(arg: AbiArg): string | undefined {
  if (arg.type === "address") return addressWord(arg.value);
  if (arg.type === "uint") return word(arg.value);
  if (arg.type === "bytes32") return arg.value.slice(2).toLowerCase().padStart(64, "0");
  return undefined;
}

function tail(arg: AbiArg): string {
  if (arg.type === "string") {
    const bytes = new TextEncoder().encode(arg.value);
    const hex = toHex(bytes).slice(2);
    return `${word(BigInt(bytes.length))}${hex.padEnd(Math.ceil(hex.length / 64) * 64, "0")}`;
  }
  if (arg.type === "bytes") {
    const hex = arg.value.slice(2).toLowerCase();
    return `${word(BigInt(hex.length / 2))}${hex.padEnd(Math.ceil(hex.length / 64) * 64, "0")}`;
  }
  if (arg.type === "address[]")
    return `${word(BigInt(arg.value.length))}${arg.value.map(addressWord).join("")}`;
  return "";
}

/** The ABI encoding of `args` as a tuple, as hex without `0x`. */
export function encodeArgs(args: readonly AbiArg[]): string {
  let heads = "";
  let tails = "";
  for (const arg of args) {
    const h = head(arg);
    if (h !== undefined) heads += h;
    else {
      heads += word(BigInt(args.length * 32 + tails.length / 2));
      tails += tail(arg);
    }
  }
  return heads + tails;
}

/** Calldata of `signature` with `args`. */
export function callData(signature: string, args: readonly AbiArg[] = []): string {
  return `${selector(signature)}${encodeArgs(args)}`;
}

/** The uint256 in the first word of a call's result (`0x` alone reads as 0). */
export function decodeUint(result: string): bigint {
  const hex = result.slice(2, 66);
  return hex === "" ? 0n : BigInt(`0x${hex}`);
}
