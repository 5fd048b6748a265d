/**
 * A process that sends an intent's deposit and is killed (SIGKILL, by itself, at an exact point):
 * `after-hash` once the hash is recorded and before ExecuteIntent; `before-hash` the moment the
 * node has accepted the signed transaction, before the hash reaches the SDK.
 *
 * Arguments: serviceUrl accessKey intentId rpcUrl chainId storeDir mode privateKey
 */
import { createWalletClient, custom } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { createClient } from "../../../src/index.js";
import { fileDepositStore } from "../../../src/wallet/file-store.js";
import { executeWithWallet } from "../../../src/wallet/index.js";
import { chainAt } from "../chains/chain.js";

const [url, accessKey, intentId, rpcUrl, chainId, storeDir, mode, key] = process.argv.slice(
  2,
) as string[];
const client = createClient({ baseUrl: url as string, accessKey: accessKey as string });
const { intent } = await client.getIntent({ intentId: intentId as string });
const die = () => process.kill(process.pid, "SIGKILL");

let id = 0;
const transport = custom({
  async request({ method, params }: { method: string; params?: unknown }) {
    const res = await fetch(rpcUrl as string, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params: params ?? [] }),
    });
    const body = (await res.json()) as {
      result?: unknown;
      error?: { code: number; message: string };
    };
    if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code });
    if (method === "eth_sendRawTransaction" && mode === "before-hash") {
      process.stdout.write(`accepted ${String(body.result)}\n`);
      die();
    }
    return body.result;
  },
});
const chain = chainAt(Number(chainId), rpcUrl as string);
const wallet = createWalletClient({
  account: privateKeyToAccount(key as `0x${string}`),
  chain,
  transport,
  pollingInterval: 50,
});
await executeWithWallet(client, {
  intentId: intentId as string,
  intent,
  // The resume recipe: the most the user agreed to pay, kept with the intent's id.
  maxAmount: intent.depositTransaction.amount,
  wallet,
  store: fileDepositStore(storeDir as string),
  onProgress: (p) => {
    if (p.step === "sent" && mode === "after-hash") {
      process.stdout.write(`sent ${p.hash}\n`);
      die();
    }
  },
});
process.stdout.write("finished\n");
