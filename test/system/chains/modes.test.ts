/**
 * Which chains a dev server runs on: its own anvils, the chains a user runs (`chains: { id: url }`,
 * a token already at its address keeps its code, as on a fork, and is funded), or none: `"auto"` without anvil
 * says so once, with the install command, and runs simulated.
 */
import { afterAll, describe, expect, it } from "vitest";
import { DEV_TOKEN_ABI, DEV_TOKEN_BYTECODE } from "../../../generated/dev-token.js";
import { SERVICE_TOKENS, USER_TOKENS } from "../../../src/devserver/chains/accounts.js";
import {
  encodeArgs,
  FILLER_ADDRESS,
  findAnvil,
  startAnvil,
} from "../../../src/devserver/chains/index.js";
import type { TestAccount } from "../../../src/devserver/index.js";
import { balanceOf, publicClient, rpcAt, rpcCall } from "../../kit/chains/chain.js";
import { clientOf, committed, deposit, USDC_ARB, USDC_BASE } from "../../kit/chains/flow.js";
import { startServer } from "../../kit/server.js";

const stops: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(stops.map((s) => s())));

describe("chains a user runs", () => {
  it("uses the given URL for its chain, keeps a token that already has code, starts the rest", async () => {
    const anvil = await startAnvil({ binary: findAnvil() as string, chainId: 42161 });
    stops.push(anvil.stop);
    // As on a fork: USDC's address already holds a contract (here a one-byte stand-in).
    const call = (method: string, params: unknown[]) => rpcAt(anvil.rpcUrl, method, params);
    await call("anvil_setCode", [USDC_ARB, "0x00"]);
    const srv = await startServer({ chains: { 42161: anvil.rpcUrl } });
    try {
      expect(srv.chains[42161]?.rpcUrl).toBe(anvil.rpcUrl);
      expect(srv.chains[8453]?.rpcUrl).not.toBe(anvil.rpcUrl);
      expect(await call("eth_getCode", [USDC_ARB, "latest"])).toBe("0x00");
      // Its other tokens are placed and funded there.
      const usdt = "0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9";
      const owner = srv.testAccounts[0]?.address as string;
      expect(await balanceOf(publicClient(srv, 42161), usdt, owner)).toBe(10n ** 12n);
      expect(await rpcCall(srv, 8453, "eth_chainId")).toBe("0x2105");
    } finally {
      await srv.close();
    }
    // The user's chain is the user's: closing the server leaves it running.
    expect(await call("eth_chainId", [])).toBe("0xa4b1");
  });

  it("funds a real token that was already there (as on a fork) with anvil_dealERC20, and pays it out", async () => {
    const anvil = await startAnvil({ binary: findAnvil() as string, chainId: 42161 });
    stops.push(anvil.stop);
    const call = (method: string, params: unknown[]) => rpcAt(anvil.rpcUrl, method, params);
    // A standard ERC-20 of another name at USDC's address, holding nothing for anyone.
    const created = `${DEV_TOKEN_BYTECODE}${encodeArgs([
      { type: "string", value: "Bridged USDC (fork)" },
      { type: "string", value: "USDC" },
      { type: "uint", value: 6n },
      { type: "address", value: "0x000000000000000000000000000000000000dEaD" },
    ])}`;
    const runtime = await call("eth_call", [{ data: created }, "latest"]);
    await call("anvil_setCode", [USDC_ARB, runtime]);
    const srv = await startServer({ chains: { 42161: anvil.rpcUrl }, rateLimit: false });
    try {
      const arb = publicClient(srv, 42161);
      const name = await arb.readContract({
        address: USDC_ARB,
        abi: DEV_TOKEN_ABI,
        functionName: "name",
      });
      expect(name).toBe("Bridged USDC (fork)");
      const owner = srv.testAccounts[0] as TestAccount;
      expect(await balanceOf(arb, USDC_ARB, owner.address)).toBe(USER_TOKENS * 10n ** 6n);
      expect(await balanceOf(arb, USDC_ARB, FILLER_ADDRESS)).toBe(SERVICE_TOKENS * 10n ** 6n);
      // Paid out in the real token: SUCCEEDED, not REFUNDED.
      const client = clientOf(srv);
      const intent = await committed(client, {
        ownerAddress: owner.address,
        originChainId: 8453,
        originTokenAddress: USDC_BASE,
        destinationChainId: 42161,
        destinationTokenAddress: USDC_ARB,
        tradeType: "EXACT_INPUT",
        originTokenAmount: 5_000_000n,
      });
      const before = await balanceOf(arb, USDC_ARB, owner.address);
      const { hash } = await deposit(srv, owner, intent);
      await client.executeIntent({ intentId: intent.intentId, depositTransactionHash: hash });
      const final = await client.waitForIntent(intent.intentId, { timeoutMs: 15_000 });
      expect(final.status).toBe("SUCCEEDED");
      expect((await balanceOf(arb, USDC_ARB, owner.address)) - before).toBe(intent.quote.toAmount);
    } finally {
      await srv.close();
    }
  });

  it("refuses a URL that serves another chain, naming both", async () => {
    const anvil = await startAnvil({ binary: findAnvil() as string, chainId: 10 });
    stops.push(anvil.stop);
    await expect(startServer({ chains: { 42161: anvil.rpcUrl } })).rejects.toThrow(
      `the node at ${anvil.rpcUrl} serves chain 10, not chain 42161`,
    );
  });
});

describe("without anvil", () => {
  it('"auto" runs simulated and says once how to install anvil; true refuses with the same command', async () => {
    const saved = process.env.XCHAIN_INTENTS_ANVIL;
    process.env.XCHAIN_INTENTS_ANVIL = "/nonexistent/anvil";
    try {
      const srv = await startServer({ chains: "auto" });
      try {
        expect(srv.mode).toBe("simulated");
        expect(srv.notice).toContain("anvil is not installed: running the simulated mode");
        expect(srv.notice).toContain("npm install --save-dev @foundry-rs/anvil");
      } finally {
        await srv.close();
      }
      await expect(startServer({ chains: true })).rejects.toThrow(
        "npm install --save-dev @foundry-rs/anvil",
      );
    } finally {
      if (saved === undefined) delete process.env.XCHAIN_INTENTS_ANVIL;
      else process.env.XCHAIN_INTENTS_ANVIL = saved;
    }
  });

  it("has no notice when chains run or were not asked for", async () => {
    const plain = await startServer();
    expect(plain.notice).toBeUndefined();
    await plain.close();
  });
});
