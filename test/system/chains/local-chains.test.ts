/**
 * The dev server's local chains: one anvil per catalogue chain, every catalogue token at its
 * canonical address as an ERC-20 with EIP-2612 permit, the test accounts funded, each server its
 * own chains, and none left running after close.
 */
import type { Address, Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_TOKEN_ABI } from "../../../generated/dev-token.js";
import { type DevServer, defaultCatalogue } from "../../../src/devserver/index.js";
import { answers, balanceOf, publicClient, walletClient } from "../../kit/chains/chain.js";
import { NATIVE, USDC_ARB } from "../../kit/constants.js";
import { startServer } from "../../kit/server.js";

const catalogue = defaultCatalogue();

let srv: DevServer;
beforeAll(async () => {
  srv = await startServer({ chains: true });
});
afterAll(() => srv?.close());

describe("startDevServer({ chains: true })", () => {
  it("runs one chain per catalogue chain, each answering with its chain id", async () => {
    expect(srv.mode).toBe("chains");
    expect(Object.keys(srv.chains).map(Number).sort()).toEqual(
      catalogue.chains.map((c) => c.chainId).sort(),
    );
    for (const chain of catalogue.chains) {
      const url = srv.chains[chain.chainId]?.rpcUrl ?? "";
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(await publicClient(srv, chain.chainId).getChainId()).toBe(chain.chainId);
    }
  });

  it("puts every catalogue token at its canonical address with its name, symbol and decimals", async () => {
    const erc20s = catalogue.tokens.filter((t) => t.address !== NATIVE);
    expect(erc20s.length).toBeGreaterThan(10);
    for (const t of erc20s) {
      const client = publicClient(srv, t.chainId);
      const read = (functionName: "name" | "symbol" | "decimals") =>
        client.readContract({ address: t.address as Address, abi: DEV_TOKEN_ABI, functionName });
      expect([await read("name"), await read("symbol"), await read("decimals")], t.symbol).toEqual([
        t.name,
        t.symbol,
        t.decimals,
      ]);
    }
  });

  it("funds every test account with native currency and every token on every chain", async () => {
    expect(srv.testAccounts.length).toBeGreaterThanOrEqual(2);
    expect(srv.testAccounts[0]?.address).toBe("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
    for (const t of catalogue.tokens) {
      const client = publicClient(srv, t.chainId);
      for (const account of srv.testAccounts) {
        const balance = await balanceOf(client, t.address, account.address);
        const expected =
          t.address === NATIVE ? 10_000n * 10n ** 18n : 10n ** BigInt(6 + t.decimals);
        expect(balance, `${t.symbol} on ${t.chainId}`).toBe(expected);
      }
    }
  });

  it("gives each account its private key (the key signs for the address)", async () => {
    const [owner, other] = srv.testAccounts;
    if (owner === undefined || other === undefined) throw new Error("two accounts expected");
    const wallet = walletClient(srv, 42161, owner);
    const client = publicClient(srv, 42161);
    const hash = await wallet.writeContract({
      address: USDC_ARB,
      abi: DEV_TOKEN_ABI,
      functionName: "transfer",
      args: [other.address as Address, 1_234_567n],
      chain: wallet.chain,
      account: wallet.account ?? null,
    });
    const receipt = await client.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    expect(await balanceOf(client, USDC_ARB, other.address)).toBe(10n ** 12n + 1_234_567n);
    expect(await balanceOf(client, USDC_ARB, owner.address)).toBe(10n ** 12n - 1_234_567n);
  });

  it("accepts an EIP-2612 permit signed for the token's canonical address and chain", async () => {
    const owner = srv.testAccounts[2];
    const spender = srv.testAccounts[3];
    if (owner === undefined || spender === undefined) throw new Error("four accounts expected");
    const client = publicClient(srv, 8453);
    const usdc = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" as Address;
    const wallet = walletClient(srv, 8453, owner);
    const deadline = 2n ** 40n;
    const nonce = await client.readContract({
      address: usdc,
      abi: DEV_TOKEN_ABI,
      functionName: "nonces",
      args: [owner.address as Address],
    });
    const signature = await wallet.signTypedData({
      account: wallet.account ?? (owner.address as Address),
      domain: { name: "USD Coin", version: "1", chainId: 8453, verifyingContract: usdc },
      types: {
        Permit: [
          { name: "owner", type: "address" },
          { name: "spender", type: "address" },
          { name: "value", type: "uint256" },
          { name: "nonce", type: "uint256" },
          { name: "deadline", type: "uint256" },
        ],
      },
      primaryType: "Permit",
      message: {
        owner: owner.address as Address,
        spender: spender.address as Address,
        value: 5_000_000n,
        nonce,
        deadline,
      },
    });
    const r = `0x${signature.slice(2, 66)}` as Hex;
    const s = `0x${signature.slice(66, 130)}` as Hex;
    const v = Number.parseInt(signature.slice(130, 132), 16);
    const relayer = walletClient(srv, 8453, spender);
    const hash = await relayer.writeContract({
      address: usdc,
      abi: DEV_TOKEN_ABI,
      functionName: "permit",
      args: [owner.address as Address, spender.address as Address, 5_000_000n, deadline, v, r, s],
      chain: relayer.chain,
      account: relayer.account ?? null,
    });
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe("success");
    const allowance = await client.readContract({
      address: usdc,
      abi: DEV_TOKEN_ABI,
      functionName: "allowance",
      args: [owner.address as Address, spender.address as Address],
    });
    expect(allowance).toBe(5_000_000n);
  });

  it("gives each server its own chains, and stops them on close", async () => {
    const other = await startServer({ chains: true });
    try {
      for (const chain of catalogue.chains)
        expect(other.chains[chain.chainId]?.rpcUrl).not.toBe(srv.chains[chain.chainId]?.rpcUrl);
      // The transfer made on this server's Arbitrum above is not on the other's.
      const owner = srv.testAccounts[0]?.address ?? "";
      expect(await balanceOf(publicClient(other, 42161), USDC_ARB, owner)).toBe(10n ** 12n);
    } finally {
      await other.close();
    }
    for (const chain of catalogue.chains)
      expect(await answers(other.chains[chain.chainId]?.rpcUrl ?? "")).toBe(false);
  });

  it("keeps the simulated mode without chains", async () => {
    const plain = await startServer();
    try {
      expect(plain.mode).toBe("simulated");
      expect(plain.chains).toEqual({});
      expect(plain.testAccounts).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
