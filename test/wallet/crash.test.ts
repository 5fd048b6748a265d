/**
 * Never twice, across a crash: a process sending the deposit is killed with SIGKILL (after the
 * hash is recorded, or before the hash reaches it), and a second process with the same file store
 * completes the intent; the owner's balance fell exactly once.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { privateKeyToAccount } from "viem/accounts";
import { getBalance, getTransactionCount, getTransactionReceipt } from "viem/actions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IntentClient } from "../../src/client/index.js";
import type { DevServer } from "../../src/devserver/index.js";
import { fileDepositStore } from "../../src/wallet/file-store.js";
import { executeWithWallet } from "../../src/wallet/index.js";
import { repoPath } from "../runtimes/harness.js";
import { type Anvil, startAnvil, TEST_KEY } from "./anvil.js";
import { clients, NATIVE, request, service } from "./setup.js";

const AMOUNT = 10n ** 16n;
const owner = privateKeyToAccount(TEST_KEY).address;
let srv: DevServer;
let client: IntentClient;
let arb: Anvil;
const dirs: string[] = [];

beforeAll(async () => {
  arb = await startAnvil(42161);
  ({ srv, client } = await service());
}, 30_000);
afterAll(async () => {
  await Promise.all([arb?.close(), srv?.close()]);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Runs the child; resolves with its output and the signal that ended it. */
function runChild(args: string[]): Promise<{ out: string; signal: NodeJS.Signals | null }> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", repoPath("test/wallet/child-deposit.ts"), ...args],
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

describe.each(["after-hash", "before-hash"] as const)("killed %s", (mode) => {
  it("a second process with the same file store completes the intent; one transfer", async () => {
    const c = await client.quoteAndCommit(request(owner, NATIVE, AMOUNT));
    const dir = mkdtempSync(join(tmpdir(), "deposits-"));
    dirs.push(dir);
    const { wallet, reader } = clients(arb.chain, TEST_KEY);
    const before = {
      nonce: await getTransactionCount(reader, { address: owner }),
      balance: await getBalance(reader, { address: owner }),
    };
    const killed = await runChild([
      srv.url,
      srv.accessKey,
      c.intentId,
      arb.rpcUrl,
      "42161",
      dir,
      mode,
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
    expect(await getTransactionCount(reader, { address: owner })).toBe(before.nonce + 1);
    expect(before.balance - (await getBalance(reader, { address: owner }))).toBe(
      AMOUNT + receipt.gasUsed * receipt.effectiveGasPrice,
    );
    expect((await client.getIntent({ intentId: c.intentId })).intent.status).not.toBe("COMMITTED");
  });
});
