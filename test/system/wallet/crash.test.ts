/**
 * Never twice, across a crash: a process sending the deposit is killed with SIGKILL (after the
 * hash is recorded, or before the hash reaches it), and a second process with the same file store
 * completes the intent; the owner's balance fell exactly once.
 */
import { spawn } from "node:child_process";
import type { Chain } from "viem";
import { getTransactionReceipt } from "viem/actions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import type { IntentClient } from "../../../src/index.js";
import { fileDepositStore } from "../../../src/wallet/file-store.js";
import { executeWithWallet } from "../../../src/wallet/index.js";
import { repoPath } from "../../kit/runtimes/harness.js";
import { tempDirs } from "../../kit/temp-dirs.js";
import {
  chainOf,
  clients,
  NATIVE,
  request,
  service,
  testAccount,
  USDC_ARB,
  walletState,
} from "../../kit/wallet/setup.js";

let srv: DevServer;
let client: IntentClient;
let arb: Chain;
let key: `0x${string}`;
let owner: `0x${string}`;
const tempDir = tempDirs("deposits-");

beforeAll(async () => {
  ({ srv, client } = await service(true));
  arb = chainOf(srv, 42161);
  ({ key, owner } = testAccount(srv, 0));
}, 30_000);
afterAll(() => srv?.close());

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
      const dir = tempDir();
      const { wallet, reader } = clients(arb, key);
      const before = await walletState(srv, 42161, token, owner);
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
      const after = await walletState(srv, 42161, token, owner);
      expect(after.nonce).toBe(before.nonce + 1);
      expect(before.balance - after.balance).toBe(amount + gas);
      expect((await client.getIntent({ intentId: c.intentId })).intent.status).not.toBe(
        "COMMITTED",
      );
    },
    40_000,
  );
});
