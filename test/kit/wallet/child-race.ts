/**
 * A process that pays intents' deposits when told to: it loads, prints `ready`, then for each line
 * `intentId storeDir` on stdin reads the intent, runs `executeWithWallet` with a file store in
 * `storeDir`, and prints one JSON line: `{ hash, reused, status }`, or `{ error, message }` for an
 * error (`error` is the wire name of a typed one).
 *
 * Arguments: serviceUrl accessKey rpcUrl chainId privateKey
 */
import { createInterface } from "node:readline";
import { createWalletClient, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { createClient, isServiceError } from "../../../src/index.js";
import { fileDepositStore } from "../../../src/wallet/file-store.js";
import { executeWithWallet } from "../../../src/wallet/index.js";
import { chainAt } from "../chains/chain.js";

const [url, accessKey, rpcUrl, chainId, key] = process.argv.slice(2) as string[];
const client = createClient({ baseUrl: url as string, accessKey: accessKey as string });
const chain = chainAt(Number(chainId), rpcUrl as string);
const wallet = createWalletClient({
  account: privateKeyToAccount(key as `0x${string}`),
  chain,
  transport: http(rpcUrl, { retryCount: 0 }),
  pollingInterval: 50,
});

async function pay(intentId: string, storeDir: string): Promise<Record<string, unknown>> {
  try {
    const { intent } = await client.getIntent({ intentId });
    const store = fileDepositStore(storeDir);
    // Resumed from the intent's id: the most the user agreed to pay bounds the deposit.
    const maxAmount = intent.depositTransaction.amount;
    const r = await executeWithWallet(client, { intentId, intent, maxAmount, wallet, store });
    return { hash: r.depositTransactionHash, reused: r.reused, status: r.intentStatus };
  } catch (e) {
    const error = isServiceError(e) ? e.error : `untyped ${(e as Error)?.name}`;
    return { error, message: (e as Error)?.message };
  }
}

process.stdout.write("ready\n");
for await (const line of createInterface({ input: process.stdin })) {
  const [intentId, storeDir] = line.split(" ") as [string, string];
  process.stdout.write(`${JSON.stringify(await pay(intentId, storeDir))}\n`);
}
