/** Short human descriptions used by the demo: chain names, hashes, durations, receipt states. */
import type { IntentUpdate } from "../types.js";

const CHAINS: Readonly<Record<number, string>> = {
  1: "Ethereum",
  10: "OP Mainnet",
  137: "Polygon PoS",
  8453: "Base",
  42161: "Arbitrum One",
};

/**
 * The name of a chain, or `chain <id>` for one the demo does not know.
 *
 * @example
 * chainName(8453); // "Base"
 */
export function chainName(chainId: number): string {
  return CHAINS[chainId] ?? `chain ${chainId}`;
}

/**
 * A long hex string cut to its ends, e.g. `0x34db…0d5c`.
 *
 * @example
 * shortHex("0x34dB6600363a1E71a859fBA26B65A9c753A20D5c"); // "0x34dB66…A20D5c"
 */
export function shortHex(hex: string, keep = 6): string {
  return hex.length <= keep * 2 + 3 ? hex : `${hex.slice(0, keep + 2)}…${hex.slice(-keep)}`;
}

/**
 * A duration in ms as minutes and seconds, e.g. `4m 59s`, or seconds below a minute (`1.9s`).
 *
 * @example
 * formatDuration(299_400); // "4m 59s"
 */
export function formatDuration(ms: number): string {
  if (ms < 0) return `-${formatDuration(-ms)}`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, "0")}s`;
}

/**
 * One line for an update: the intent's status and each receipt transaction's state, named by the
 * transaction's type.
 *
 * @example
 * describeUpdate(update); // "EXECUTING  deposit SUCCEEDED · origin MINING · destination PENDING"
 */
export function describeUpdate(update: IntentUpdate): string {
  const r = update.receipt;
  const txs = [
    r.depositTransaction,
    r.originTransaction,
    r.destinationTransaction,
    r.refundTransaction,
  ].flatMap((t) => (t ? [t] : []));
  const states = update.receiptStates.map((state, i) => {
    const type = txs[i]?.type ?? `tx${i + 1}`;
    return `${type.toLowerCase()} ${state}`;
  });
  return `${update.status.padEnd(9)}  ${states.join(" · ")}`;
}

/**
 * A random 32-byte transaction hash: the demo's stand-in for a deposit a wallet would send.
 *
 * @example
 * randomTxHash(); // "0x5f0c…" (66 characters)
 */
export function randomTxHash(): string {
  const bytes = new Uint8Array(32);
  globalThis.crypto.getRandomValues(bytes);
  return `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}
