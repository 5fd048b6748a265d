/**
 * The script of the injected-wallet page (bundled for the browser by `page.ts`): the client from
 * the package sources, a viem wallet client over the page's injected `window.ethereum`, and
 * `executeWithWallet`. `window.runLifecycle` quotes, commits, deposits, executes and waits for the
 * final status, and answers in JSON (amounts as decimal strings).
 */
import { createWalletClient, custom, type EIP1193Provider } from "viem";
import { createClient } from "../../../../src/index.js";
import { executeWithWallet, localStorageDepositStore } from "../../../../src/wallet/index.js";

/** What the Node side passes in. */
interface LifecycleInput {
  baseUrl: string;
  accessKey: string;
  originToken: string;
  destinationToken: string;
  amount: string;
}

const page = window as unknown as {
  ethereum: EIP1193Provider;
  runLifecycle(input: LifecycleInput): Promise<Record<string, unknown>>;
  payIntent(input: PayInput): Promise<Record<string, unknown>>;
  ready: boolean;
};

page.runLifecycle = async (input) => {
  const wallet = createWalletClient({ transport: custom(page.ethereum), pollingInterval: 50 });
  const [owner] = await wallet.requestAddresses();
  if (owner === undefined) throw new Error("the wallet exposes no account");
  const client = createClient({ baseUrl: input.baseUrl, accessKey: input.accessKey });
  const committed = await client.quoteAndCommit({
    ownerAddress: owner,
    originChainId: 42161,
    originTokenAddress: input.originToken,
    destinationChainId: 8453,
    destinationTokenAddress: input.destinationToken,
    tradeType: "EXACT_INPUT",
    originTokenAmount: BigInt(input.amount),
  });
  const steps: string[] = [];
  const result = await executeWithWallet(client, {
    ...committed,
    wallet,
    onProgress: (p) => steps.push(p.step),
  });
  const final = await client.waitForIntent(committed.intentId);
  return {
    owner,
    intentId: committed.intentId,
    depositAmount: committed.intent.depositTransaction.amount.toString(),
    toAmount: committed.intent.quote.toAmount.toString(),
    hash: result.depositTransactionHash,
    reused: result.reused,
    steps,
    finalStatus: final.status,
  };
};
/** What `payIntent` is given: a committed intent to pay from this tab, and its bound. */
interface PayInput {
  baseUrl: string;
  accessKey: string;
  intentId: string;
  /** The most the user agreed to pay (a decimal string). */
  maxAmount: string;
  /** `"local"`: `localStorageDepositStore()` passed; `"default"`: no store passed. */
  store: "local" | "default";
}

// Pays a committed intent from its id (a resume: the bound is the caller's), with the
// localStorage store passed or with none (the default in a browser).
page.payIntent = async (input) => {
  const wallet = createWalletClient({ transport: custom(page.ethereum), pollingInterval: 50 });
  const client = createClient({ baseUrl: input.baseUrl, accessKey: input.accessKey });
  const { intent } = await client.getIntent({ intentId: input.intentId });
  try {
    const r = await executeWithWallet(client, {
      intentId: input.intentId,
      intent,
      wallet,
      maxAmount: BigInt(input.maxAmount),
      ...(input.store === "local" && { store: localStorageDepositStore() }),
    });
    return { hash: r.depositTransactionHash, reused: r.reused, status: r.intentStatus };
  } catch (e) {
    return { error: (e as { error?: string }).error ?? String(e) };
  }
};
page.ready = true;
