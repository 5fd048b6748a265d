/**
 * Which chains a dev server runs on: its own anvils, the chains a user runs (`chains: { id: url }`,
 * a token already at its address keeps its code, as on a fork), or none: `"auto"` without anvil
 * says so once, with the install command, and runs simulated.
 */
import { afterAll, describe, expect, it } from "vitest";
import { findAnvil, startAnvil } from "../../src/devserver/chains/index.js";
import { startDevServer } from "../../src/devserver/index.js";
import { balanceOf, publicClient, rpcCall } from "./helpers/chain.js";
import { USDC_ARB } from "./helpers/flow.js";

const stops: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(stops.map((s) => s())));

describe("chains a user runs", () => {
  it("uses the given URL for its chain, keeps a token that already has code, starts the rest", async () => {
    const anvil = await startAnvil({ binary: findAnvil() as string, chainId: 42161 });
    stops.push(anvil.stop);
    // As on a fork: USDC's address already holds a contract (here a one-byte stand-in).
    const call = (method: string, params: unknown[]) =>
      fetch(anvil.rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
      }).then((r) => r.json() as Promise<{ result: unknown }>);
    await call("anvil_setCode", [USDC_ARB, "0x00"]);
    const srv = await startDevServer({ chains: { 42161: anvil.rpcUrl } });
    try {
      expect(srv.chains[42161]?.rpcUrl).toBe(anvil.rpcUrl);
      expect(srv.chains[8453]?.rpcUrl).not.toBe(anvil.rpcUrl);
      expect((await call("eth_getCode", [USDC_ARB, "latest"])).result).toBe("0x00");
      // Its other tokens are placed and funded there.
      const usdt = "0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9";
      const owner = srv.testAccounts[0]?.address as string;
      expect(await balanceOf(publicClient(srv, 42161), usdt, owner)).toBe(10n ** 12n);
      expect(await rpcCall(srv, 8453, "eth_chainId")).toBe("0x2105");
    } finally {
      await srv.close();
    }
    // The user's chain is the user's: closing the server leaves it running.
    expect((await call("eth_chainId", [])).result).toBe("0xa4b1");
  });

  it("refuses a URL that serves another chain, naming both", async () => {
    const anvil = await startAnvil({ binary: findAnvil() as string, chainId: 10 });
    stops.push(anvil.stop);
    await expect(startDevServer({ chains: { 42161: anvil.rpcUrl } })).rejects.toThrow(
      `the node at ${anvil.rpcUrl} serves chain 10, not chain 42161`,
    );
  });
});

describe("without anvil", () => {
  it('"auto" runs simulated and says once how to install anvil; true refuses with the same command', async () => {
    const saved = process.env.XCHAIN_INTENTS_ANVIL;
    process.env.XCHAIN_INTENTS_ANVIL = "/nonexistent/anvil";
    try {
      const srv = await startDevServer({ chains: "auto" });
      try {
        expect(srv.mode).toBe("simulated");
        expect(srv.notice).toContain("anvil is not installed: running the simulated mode");
        expect(srv.notice).toContain("npm install --save-dev @foundry-rs/anvil");
      } finally {
        await srv.close();
      }
      await expect(startDevServer({ chains: true })).rejects.toThrow(
        "npm install --save-dev @foundry-rs/anvil",
      );
    } finally {
      if (saved === undefined) delete process.env.XCHAIN_INTENTS_ANVIL;
      else process.env.XCHAIN_INTENTS_ANVIL = saved;
    }
  });

  it("has no notice when chains run or were not asked for", async () => {
    const plain = await startDevServer();
    expect(plain.notice).toBeUndefined();
    await plain.close();
  });
});
