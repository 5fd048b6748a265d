/**
 * ABI-encoded calldata of the calls an intent makes: ERC-20 `transfer` and `approve`, the service
 * router's entry points and the wallet contracts', with selectors computed from their signatures.
 */
import { addressWord, keccak, toHex, word } from "../core/index.js";

function selector(signature: string): string {
  return toHex(keccak(signature).slice(0, 4));
}

const TRANSFER = selector("transfer(address,uint256)");
const APPROVE = selector("approve(address,uint256)");
const BRIDGE = selector("bridge(address,uint256,uint256,address,uint256)");
const SWEEP = selector("sweep(address,address)");
const EXECUTE = selector("execute(bytes32,uint256)");
const REQUIRE_BALANCE = selector("requireMinBalance(address,address,uint256)");

/** `transfer(to, amount)` of an ERC-20 token. */
export function transferData(to: string, amount: bigint): string {
  return `${TRANSFER}${addressWord(to)}${word(amount)}`;
}

/** `approve(spender, amount)` of an ERC-20 token. */
export function approveData(spender: string, amount: bigint): string {
  return `${APPROVE}${addressWord(spender)}${word(amount)}`;
}

/** The router's `bridge(token, amount, destinationChainId, recipient, minOut)`. */
export function bridgeData(
  token: string,
  amount: bigint,
  chainId: number,
  recipient: string,
  minOut: bigint,
): string {
  return `${BRIDGE}${addressWord(token)}${word(amount)}${word(BigInt(chainId))}${addressWord(recipient)}${word(minOut)}`;
}

/** The router shim's `sweep(token, to)`: returns what is left to `to` (the refund fallback). */
export function sweepData(token: string, to: string): string {
  return `${SWEEP}${addressWord(token)}${addressWord(to)}`;
}

/** The guest module's `execute(callsHash, nonce)` of a meta-transaction. */
export function executeData(callsHash: string, nonce: bigint): string {
  return `${EXECUTE}${callsHash.slice(2)}${word(nonce)}`;
}

/** The wallet utils' `requireMinBalance(token, wallet, minAmount)`: reverts below the amount. */
export function requireBalanceData(token: string, wallet: string, minAmount: bigint): string {
  return `${REQUIRE_BALANCE}${addressWord(token)}${addressWord(wallet)}${word(minAmount)}`;
}
