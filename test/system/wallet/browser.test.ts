/**
 * The wallet step in a browser: a page in headless Chromium whose injected EIP-1193 provider
 * (`window.ethereum`) forwards JSON-RPC to the dev server's local chains runs the whole lifecycle
 * with viem's `custom(window.ethereum)` wallet, the client and `executeWithWallet`. Node checks
 * the outcome on both chains. Two tabs paying one intent with no store passed (the browser's
 * default: `localStorage` under a Web Lock) pay once, 10 of 10; with automine paused, a page
 * reloaded with its storage gone while its deposit is pending finds that deposit and pays
 * nothing more, 10 of 10.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { getTransaction, getTransactionCount } from "viem/actions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import type { IntentClient } from "../../../src/index.js";
import { publicClient, rpcAt } from "../../kit/chains/chain.js";
import { chromiumPresent, launchChromium } from "../../kit/runtimes/browser/chromium.js";
import { openPage, type PageServer } from "../../kit/runtimes/browser/page-server.js";
import { serveWalletPage } from "../../kit/wallet/browser/page.js";
import { injectedProvider, ProviderRpcError } from "../../kit/wallet/provider.js";
import {
  balance,
  request,
  service,
  USDC_ARB,
  USDC_BASE,
  walletState,
} from "../../kit/wallet/setup.js";

const present = chromiumPresent(
  "the injected-wallet browser test",
  "test/system/wallet/browser.test.ts",
);
const AMOUNT = 25_000_000n;

let srv: DevServer;
let client: IntentClient;
let page: PageServer;
let browser: Browser;

beforeAll(async () => {
  if (!present) return;
  ({ srv, client } = await service(true));
  page = await serveWalletPage();
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  if (!present) return;
  await browser?.close();
  await page?.close();
  await srv?.close();
});

describe.skipIf(!present)("executeWithWallet in Chromium with an injected wallet", () => {
  it("deposits once from window.ethereum, executes to SUCCEEDED; both balances move exactly", async () => {
    const owner = srv.testAccounts[0]?.address as `0x${string}`;
    // The wallet starts on the destination chain, as a user's often is: it is switched first.
    const wallet = injectedProvider({
      chains: { 42161: rpcUrl(42161), 8453: rpcUrl(8453) },
      start: 8453,
      account: owner,
    });
    const problems: string[] = [];
    const tab = await walletTab(wallet, problems);

    const [arbBefore, baseBefore] = [
      await balance(srv, 42161, USDC_ARB, owner),
      await balance(srv, 8453, USDC_BASE, owner),
    ];
    const r = (await tab.evaluate(
      (input) =>
        (window as unknown as { runLifecycle(i: typeof input): Promise<unknown> }).runLifecycle(
          input,
        ),
      {
        baseUrl: srv.url,
        accessKey: srv.accessKey,
        originToken: USDC_ARB,
        destinationToken: USDC_BASE,
        amount: AMOUNT.toString(),
      },
    )) as {
      owner: string;
      intentId: string;
      depositAmount: string;
      toAmount: string;
      hash: string;
      reused: boolean;
      steps: string[];
      finalStatus: string;
    };
    await tab.close();

    expect(problems).toEqual([]);
    expect(r.owner.toLowerCase()).toBe(owner.toLowerCase());
    expect(r.finalStatus).toBe("SUCCEEDED");
    expect(r.reused).toBe(false);
    expect(r.steps).toEqual([
      "check",
      "switch-chain",
      "sign",
      "sent",
      "confirmed",
      "execute",
      "done",
    ]);
    expect(r.hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(wallet.chainId()).toBe(42161);
    // The wallet was asked to send exactly one transaction.
    expect(wallet.asked.filter((m) => m === "eth_sendTransaction")).toHaveLength(1);

    // Node's own view: the service's status, and both chains.
    const seen = await client.getIntent({ intentId: r.intentId });
    expect(seen.intent.status).toBe("SUCCEEDED");
    expect(seen.intent.depositTransaction.amount).toBe(BigInt(r.depositAmount));
    expect(seen.intent.quote.toAmount).toBe(BigInt(r.toAmount));
    expect(arbBefore - (await balance(srv, 42161, USDC_ARB, owner))).toBe(BigInt(r.depositAmount));
    expect(BigInt(r.depositAmount)).toBe(AMOUNT);
    expect((await balance(srv, 8453, USDC_BASE, owner)) - baseBefore).toBe(BigInt(r.toAmount));
  }, 30_000);

  it("two tabs sharing localStorage pay one intent at once: one transfer, one hash", async () => {
    const owner = srv.testAccounts[2]?.address as `0x${string}`;
    const wallet = injectedProvider({
      chains: { 42161: rpcUrl(42161), 8453: rpcUrl(8453) },
      start: 42161,
      account: owner,
    });
    const problems: string[] = [];
    // Two tabs of one profile: one origin, one localStorage, one set of Web Locks.
    const context = await browser.newContext();
    const tabs = [
      await walletTab(wallet, problems, context),
      await walletTab(wallet, problems, context),
    ];
    const c = await client.quoteAndCommit(request(owner, USDC_ARB, AMOUNT));
    const before = await balance(srv, 42161, USDC_ARB, owner);
    const input = {
      baseUrl: srv.url,
      accessKey: srv.accessKey,
      intentId: c.intentId,
      maxAmount: AMOUNT.toString(),
      store: "local",
    };
    const [a, b] = (await Promise.all(
      tabs.map((tab) =>
        tab.evaluate(
          (i) => (window as unknown as { payIntent(x: typeof i): Promise<unknown> }).payIntent(i),
          input,
        ),
      ),
    )) as { hash?: string; reused?: boolean; error?: string }[];
    await context.close();
    expect(problems).toEqual([]);
    expect(a?.error).toBeUndefined();
    expect(b?.error).toBeUndefined();
    expect(a?.hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(b?.hash).toBe(a?.hash);
    expect(wallet.asked.filter((m) => m === "eth_sendTransaction")).toHaveLength(1);
    expect(before - (await balance(srv, 42161, USDC_ARB, owner))).toBe(AMOUNT);
  }, 30_000);
});

describe.skipIf(!present)("the default store in a browser, and a pending deposit", () => {
  it(`two tabs, one intent, no store passed, ${TRIALS} times: paid once each time`, async () => {
    const owner = srv.testAccounts[3]?.address as `0x${string}`;
    const wallet = injectedProvider({
      chains: { 42161: rpcUrl(42161) },
      start: 42161,
      account: owner,
    });
    const problems: string[] = [];
    const context = await browser.newContext();
    const tabs = [
      await walletTab(wallet, problems, context),
      await walletTab(wallet, problems, context),
    ];
    for (let trial = 0; trial < TRIALS; trial++) {
      const c = await client.quoteAndCommit(request(owner, USDC_ARB, SMALL));
      const before = await walletState(srv, 42161, USDC_ARB, owner);
      const input = { ...payInput(c.intentId), store: "default" };
      const [a, b] = (await Promise.all(tabs.map((tab) => pay(tab, input)))) as Paid[];
      expect(a?.error, `trial ${trial}`).toBeUndefined();
      expect(b?.error, `trial ${trial}`).toBeUndefined();
      expect(b?.hash).toBe(a?.hash);
      const after = await walletState(srv, 42161, USDC_ARB, owner);
      expect(after.nonce, `trial ${trial}`).toBe(before.nonce + 1);
      expect(before.balance - after.balance, `trial ${trial}`).toBe(SMALL);
    }
    await context.close();
    expect(problems).toEqual([]);
  }, 120_000);

  it(`the deposit pending, the page reloaded with its storage gone, ${TRIALS} times: paid once, told the hash`, async () => {
    const owner = srv.testAccounts[4]?.address as `0x${string}`;
    const wallet = injectedProvider({
      chains: { 42161: rpcUrl(42161) },
      start: 42161,
      account: owner,
    });
    const problems: string[] = [];
    const context = await browser.newContext();
    const tab = await walletTab(wallet, problems, context);
    try {
      for (let trial = 0; trial < TRIALS; trial++) {
        const c = await client.quoteAndCommit(request(owner, USDC_ARB, SMALL));
        const before = await walletState(srv, 42161, USDC_ARB, owner);
        await rpcAt(rpcUrl(42161), "evm_setAutomine", [false]);
        const input = payInput(c.intentId);
        void pay(tab, input).catch(() => undefined); // ended by the reload
        await until(async () => (await pendingNonce(owner)) > before.nonce);
        // Another store: the page's storage cleared (a second device, a private window).
        await tab.evaluate(() => localStorage.clear());
        await tab.reload();
        const again = pay(tab, input);
        // The reloaded page finds the pending deposit; it is mined only after.
        await new Promise((r) => setTimeout(r, 1_000));
        await rpcAt(rpcUrl(42161), "evm_mine");
        await rpcAt(rpcUrl(42161), "evm_setAutomine", [true]);
        const r = (await again) as Paid;
        expect(r.error, `trial ${trial}: ${r.error}`).toBeUndefined();
        expect(r.reused, `trial ${trial}`).toBe(true);
        const tx = await getTransaction(publicClient(srv, 42161), {
          hash: r.hash as `0x${string}`,
        });
        expect([tx.from.toLowerCase(), tx.nonce]).toEqual([owner.toLowerCase(), before.nonce]);
        const after = await walletState(srv, 42161, USDC_ARB, owner);
        expect(after.nonce, `trial ${trial}`).toBe(before.nonce + 1);
        expect(before.balance - after.balance, `trial ${trial}`).toBe(SMALL);
      }
    } finally {
      await rpcAt(rpcUrl(42161), "evm_setAutomine", [true]);
      await context.close();
    }
    expect(problems.filter((p) => !/reload|navigat|Execution context/i.test(p))).toEqual([]);
  }, 120_000);
});

const TRIALS = 10;
const SMALL = 1_000_000n;

/** What `payIntent` answers. */
interface Paid {
  hash?: string;
  reused?: boolean;
  error?: string;
}

/** The input of `payIntent` for `intentId`, bounded by the amount quoted. */
function payInput(intentId: string) {
  return {
    baseUrl: srv.url,
    accessKey: srv.accessKey,
    intentId,
    maxAmount: SMALL.toString(),
    store: "default",
  };
}

/** Runs `payIntent` in `tab`. */
function pay(tab: Page, input: ReturnType<typeof payInput>): Promise<unknown> {
  return tab.evaluate(
    (i) => (window as unknown as { payIntent(x: typeof i): Promise<unknown> }).payIntent(i),
    input,
  );
}

/** The owner's next nonce, pending transactions counted. */
function pendingNonce(owner: `0x${string}`): Promise<number> {
  return getTransactionCount(publicClient(srv, 42161), { address: owner, blockTag: "pending" });
}

/** Resolves once `check` holds, asking every 20 ms (at most 20 s). */
async function until(check: () => Promise<boolean>): Promise<void> {
  const end = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("the condition never held");
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A tab of the wallet page whose `window.ethereum` forwards to `wallet`; problems are collected. */
async function walletTab(
  wallet: ReturnType<typeof injectedProvider>,
  problems: string[],
  context?: BrowserContext,
): Promise<Page> {
  const tab = await (context ?? browser).newPage();
  tab.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  tab.on("console", (m) => {
    if (m.type() === "error") problems.push(`console: ${m.text()}`);
  });
  // The page's provider hands each request to Node, which answers from the local chain; an
  // EIP-1193 error keeps its code on the way back.
  await tab.exposeFunction("forwardRpc", async (method: string, params: unknown[] | undefined) => {
    try {
      return { result: await wallet.provider.request({ method, params: params ?? [] }) };
    } catch (e) {
      const code = e instanceof ProviderRpcError ? e.code : -32603;
      return { error: { code, message: e instanceof Error ? e.message : String(e) } };
    }
  });
  await tab.addInitScript(() => {
    const w = window as unknown as {
      forwardRpc(m: string, p?: unknown[]): Promise<{ result?: unknown; error?: unknown }>;
      ethereum: unknown;
    };
    w.ethereum = {
      async request({ method, params }: { method: string; params?: unknown[] }) {
        const answer = await w.forwardRpc(method, params);
        if (answer.error !== undefined) throw answer.error;
        return answer.result;
      },
      on() {},
      removeListener() {},
    };
  });
  await openPage(tab, page.origin);
  return tab;
}

function rpcUrl(chainId: number): string {
  const url = srv.chains[chainId]?.rpcUrl;
  if (url === undefined) throw new Error(`the dev server has no chain ${chainId}`);
  return url;
}
