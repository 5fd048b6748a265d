/**
 * The demo's deposit on real local chains: the funded test account sends exactly the transaction
 * the intent asks for (`intent.depositTransaction`) with `eth_sendTransaction` (anvil holds the
 * test accounts' keys), and the demo waits for it to be mined. A wallet integration does this
 * with its own wallet and checks the instructions first.
 */
import type { Intent } from "../index.js";

async function rpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message?: string } };
  if (body.error !== undefined) throw new Error(`${method}: ${body.error.message ?? "failed"}`);
  return body.result as T;
}

/** Sends the deposit of `intent` from `from` on the chain at `rpcUrl`; resolves with its hash once mined. */
export async function sendDeposit(rpcUrl: string, from: string, intent: Intent): Promise<string> {
  const d = intent.depositTransaction;
  const hash = await rpc<string>(rpcUrl, "eth_sendTransaction", [
    {
      from,
      to: d.to ?? d.toAddress,
      data: d.data ?? "0x",
      value: `0x${(d.value ?? 0n).toString(16)}`,
    },
  ]);
  for (let i = 0; i < 200; i++) {
    const receipt = await rpc<{ status: string } | null>(rpcUrl, "eth_getTransactionReceipt", [
      hash,
    ]);
    if (receipt !== null) {
      if (receipt.status !== "0x1") throw new Error(`the deposit ${hash} reverted`);
      return hash;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`the deposit ${hash} was not mined`);
}
