/**
 * `serve` on chains as a wagmi app meets it: the chains' RPC ports are fixed after the server's
 * (`--port` + 1 … + 5, by ascending chain id) and the same after a restart; `devChains` reads
 * them; `devWalletProvider` pays an intent from the first test account through viem's `custom`
 * transport (as wagmi's `injected` connector wraps it), switching to the origin chain, to
 * SUCCEEDED.
 */
import { createWalletClient, custom } from "viem";
import { describe, expect, it } from "vitest";
import { portIsFree } from "../../../src/devserver/chains/ports.js";
import { devChains, devWalletProvider } from "../../../src/devserver/index.js";
import { createClient } from "../../../src/index.js";
import { executeWithWallet } from "../../../src/wallet/index.js";
import { TEST_ACCOUNT_0 } from "../../kit/constants.js";
import { usdcRequest } from "../../kit/quote-request.js";
import { startServeChild, stopServeChild } from "../../kit/reliability/serve-child.js";

/** A port with the five after it free too (the chains' fixed ports). */
async function freeBlock(): Promise<number> {
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    const free = await Promise.all([0, 1, 2, 3, 4, 5].map((k) => portIsFree(base + k)));
    if (free.every(Boolean)) return base;
  }
}

const IDS = [1, 10, 137, 8453, 42161];

describe("serve's fixed chain ports, devChains and devWalletProvider", () => {
  it("keeps the chains' URLs across restarts and pays from the dev wallet", async () => {
    const port = await freeBlock();
    const args = ["--port", String(port), "--access-key", "dev-wallet-test-key"];
    const first = await startServeChild(args, { chains: true, readyMs: 90_000 });
    let chainsBefore: Awaited<ReturnType<typeof devChains>>;
    try {
      chainsBefore = await devChains(first.url, first.key);
      expect(chainsBefore.map((c) => c.id)).toEqual(IDS);
      expect(chainsBefore.map((c) => c.rpcUrls.default.http[0])).toEqual(
        IDS.map((_, k) => `http://127.0.0.1:${port + 1 + k}`),
      );
      expect(first.output()).toContain(`http://127.0.0.1:${port + 5}   (fixed port`);

      const provider = devWalletProvider({ chains: chainsBefore });
      const switched: unknown[] = [];
      provider.on("chainChanged", (id) => switched.push(id));
      const wallet = createWalletClient({ account: TEST_ACCOUNT_0, transport: custom(provider) });
      const client = createClient({ baseUrl: first.url, accessKey: first.key });
      const committed = await client.quoteAndCommit(
        usdcRequest({ ownerAddress: TEST_ACCOUNT_0, originTokenAmount: 3_000_000n }),
      );
      const paid = await executeWithWallet(client, { ...committed, wallet });
      expect(paid.reused).toBe(false);
      expect(paid.depositTransactionHash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(switched).toEqual(["0xa4b1"]);
      const final = await client.waitForIntent(committed.intentId, { timeoutMs: 60_000 });
      expect(final.status).toBe("SUCCEEDED");
      expect(final.receipt.depositTransaction.txnHash).toBe(paid.depositTransactionHash);
    } finally {
      await stopServeChild(first);
    }
    const second = await startServeChild(args, { chains: true, readyMs: 90_000 });
    try {
      expect(await devChains(second.url, second.key)).toEqual(chainsBefore);
    } finally {
      await stopServeChild(second);
    }
  }, 240_000);
});
