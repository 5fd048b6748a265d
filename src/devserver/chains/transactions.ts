/**
 * Sending transactions from an account the node holds (anvil's accounts are unlocked, so
 * `eth_sendTransaction` needs no signature), and reading their receipts.
 */
import { sleep } from "../../client/wait.js";
import { OneAtATimePer } from "../core/index.js";
import type { Rpc } from "./rpc.js";

/** A transaction to send from an unlocked (or impersonated) account. */
export interface TxRequest {
  from: string;
  to?: string;
  data?: string;
  /** Value in wei. */
  value?: bigint;
  /** Gas limit; the node estimates it when absent. */
  gas?: bigint;
}

/** The parts of a receipt the dev server reads. */
export interface TxReceipt {
  transactionHash: string;
  /** Whether it succeeded (status 1). */
  success: boolean;
  blockNumber: bigint;
  contractAddress: string | undefined;
  gasUsed: bigint;
  effectiveGasPrice: bigint;
  logs: readonly { address: string; topics: readonly string[]; data: string }[];
}

interface RawReceipt {
  transactionHash: string;
  status: string;
  blockNumber: string;
  contractAddress?: string | null;
  gasUsed: string;
  effectiveGasPrice: string;
  logs: { address: string; topics: string[]; data: string }[];
}

const hex = (v: bigint) => `0x${v.toString(16)}`;

/**
 * The sends in flight, one at a time per sender and chain: the node picks each transaction's
 * nonce when it receives it, so two sends from one account that reach it together can be given
 * the same nonce, and one of them fails ("nonce too low", "replacement transaction
 * underpriced"). Executions resumed together after a restart all pay from the service account.
 */
const senders = new OneAtATimePer<string>();

/** Sends `tx`; resolves with its hash (mined at once by an automining node, else pending). */
export function send(rpc: Rpc, tx: TxRequest): Promise<string> {
  return senders.run(`${rpc.url} ${tx.from.toLowerCase()}`, () =>
    rpc.call<string>("eth_sendTransaction", [
      {
        from: tx.from,
        ...(tx.to === undefined ? {} : { to: tx.to }),
        ...(tx.data === undefined ? {} : { data: tx.data }),
        ...(tx.value === undefined ? {} : { value: hex(tx.value) }),
        ...(tx.gas === undefined ? {} : { gas: hex(tx.gas) }),
      },
    ]),
  );
}

/** The receipt of `hash`, or `undefined` while it is not mined (or unknown). */
export async function receiptOf(rpc: Rpc, hash: string): Promise<TxReceipt | undefined> {
  const r = await rpc.call<RawReceipt | null>("eth_getTransactionReceipt", [hash]);
  if (r === null || r === undefined || r.blockNumber === null) return undefined;
  return {
    transactionHash: r.transactionHash,
    success: r.status === "0x1",
    blockNumber: BigInt(r.blockNumber),
    contractAddress: r.contractAddress ?? undefined,
    gasUsed: BigInt(r.gasUsed),
    effectiveGasPrice: BigInt(r.effectiveGasPrice),
    logs: r.logs,
  };
}

/** Polls until `hash` is mined; rejects after `timeoutMs` or when `stop()` turns true. */
export async function waitForReceipt(
  rpc: Rpc,
  hash: string,
  timeoutMs = 30_000,
  stop: () => boolean = () => false,
): Promise<TxReceipt> {
  const until = Date.now() + timeoutMs;
  for (let delay = 1; ; delay = Math.min(delay * 2, 100)) {
    const receipt = await receiptOf(rpc, hash);
    if (receipt !== undefined) return receipt;
    if (stop()) throw new Error(`stopped waiting for transaction ${hash}`);
    if (Date.now() > until) throw new Error(`transaction ${hash} was not mined in ${timeoutMs} ms`);
    await sleep(delay);
  }
}
