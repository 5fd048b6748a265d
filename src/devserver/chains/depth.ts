/**
 * How deep a transaction is: what `confirmations` counts. A transaction in the head block is 1
 * deep; one the chain no longer holds (a reorg, `evm_revert`) has no depth.
 */
import type { Rpc } from "./rpc.js";
import { receiptOf } from "./transactions.js";

/** Blocks from `hash`'s block to the head, inclusive; `undefined` when it is not mined. */
export async function depthOf(rpc: Rpc, hash: string): Promise<bigint | undefined> {
  const receipt = await receiptOf(rpc, hash);
  if (receipt === undefined) return undefined;
  const head = BigInt(await rpc.call<string>("eth_blockNumber", []));
  return head - receipt.blockNumber + 1n;
}

/** A chain's head block: its number, and its hash (which a reorg changes, the number maybe not). */
export interface Head {
  number: bigint;
  hash: string;
}

/** The head block of `rpc`'s chain. */
export async function headOf(rpc: Rpc): Promise<Head> {
  const b = await rpc.call<{ number: string; hash: string }>("eth_getBlockByNumber", [
    "latest",
    false,
  ]);
  return { number: BigInt(b.number), hash: b.hash };
}
