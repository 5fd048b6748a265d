/**
 * Never twice, across a crash: a process sending the deposit is killed with SIGKILL (after the
 * hash is recorded, or before the hash reaches it), and a second process with the same file store
 * completes the intent; the owner's balance fell exactly once.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Chain, parseAbi } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { getBalance, getTransactionCount, getTransactionReceipt, readContract } from "viem/actions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import type { IntentClient } from "../../../src/index.js";
import { fileDepositStore } from "../../../src/wallet/file-store.js";
import { executeWithWallet } from "../../../src/wallet/index.js";
import { repoPath } from "../../kit/runtimes/harness.js";
import {
  chainOf,
  clients,
  NATIVE,
  request,
  service,
  testKey,
  USDC_ARB,
} from "../../kit/wallet/setup.js";

const BALANCE_OF = parseAbi(["function balanceOf(address) view returns (uint256)"]);
let srv: DevServer;
let client: IntentClient;
let arb: Chain;
let key: `0x${string}`;
let owner: `0x${string}`;
const dirs: string[] = [];

beforeAll(async () => {
  ({ srv, client } = await service(true));
  arb = chainOf(srv, 42161);
  key = testKey(srv, 0);
  owner = privateKeyToAccount(key).address;
}, 30_000);
afterAll(async () => {
  await srv?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Runs the child; resolves with its output and the signal that ended it. */
function runChild(args: string[]): Promise<{ out: string; signal: NodeJS.Signals | null }> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", repoPath("test/kit/wallet/child-deposit.ts"), ...args],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let out = "";
  child.stdout.on("data", (c: Buffer) => {
    out += c.toString();
  });
  return new Promise((resolve) => child.once("exit", (_code, signal) => resolve({ out, signal })));
}

const cases = [
  ["native ETH", NATIVE, 10n ** 16n],
  ["USDC", USDC_ARB, 25_000_000n],
] as const;

describe.each(["after-hash", "before-hash"] as const)("killed %s", (mode) => {
  it.each(cases)(
    "%s: a second process with the same file store completes the intent; one transfer",
    async (_name, token, amount) => {
      const c = await client.quoteAndCommit(request(owner, token, amount));
      const dir = mkdtempSync(join(tmpdir(), "deposits-"));
      dirs.push(dir);
      const { wallet, reader } = clients(arb, key);
      const holding = (address: `0x${string}`) =>
        token === NATIVE
          ? getBalance(reader, { address })
          : readContract(reader, {
              address: token,
              abi: BALANCE_OF,
              functionName: "balanceOf",
              args: [address],
            });
      const before = {
        nonce: await getTransactionCount(reader, { address: owner }),
        balance: await holding(owner),
      };
      const rpcUrl = srv.chains[42161]?.rpcUrl as string;
      const killed = await runChild([
        srv.url,
        srv.accessKey,
        c.intentId,
        rpcUrl,
        "42161",
        dir,
        mode,
        key,
      ]);
      expect(killed.signal).toBe("SIGKILL");
      expect(killed.out).toMatch(
        mode === "after-hash" ? /^sent 0x[0-9a-f]{64}\n$/ : /^accepted 0x[0-9a-f]{64}\n$/,
      );
      const sentHash = killed.out.split(" ")[1]?.trim();
      expect((await client.getIntent({ intentId: c.intentId })).intent.status).toBe("COMMITTED");

      const r = await executeWithWallet(client, { ...c, wallet, store: fileDepositStore(dir) });
      expect(r.reused).toBe(true);
      expect(r.depositTransactionHash).toBe(sentHash);
      const receipt = await getTransactionReceipt(reader, {
        hash: r.depositTransactionHash as `0x${string}`,
      });
      const gas = token === NATIVE ? receipt.gasUsed * receipt.effectiveGasPrice : 0n;
      expect(await getTransactionCount(reader, { address: owner })).toBe(before.nonce + 1);
      expect(before.balance - (await holding(owner))).toBe(amount + gas);
      expect((await client.getIntent({ intentId: c.intentId })).intent.status).not.toBe(
        "COMMITTED",
      );
    },
    40_000,
  );
});
