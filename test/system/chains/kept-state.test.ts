/**
 * A state file on real chains: the chains' state is kept beside it and loaded on restart (the
 * deposits and payouts are still on chain, the balances are what they were, the chains are not
 * set up again), an execution that had not ended resumes and pays out once, and the filler
 * refuses to settle an intent twice.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SERVICE_ACCOUNT } from "../../../src/devserver/chains/accounts.js";
import { callData, FILLER_ADDRESS, intentKey } from "../../../src/devserver/chains/index.js";
import type { DevServer, TestAccount } from "../../../src/devserver/index.js";
import { balanceOf, publicClient, rpcCall } from "../../kit/chains/chain.js";
import {
  clientOf,
  committed,
  deposit,
  USDC_ARB,
  USDC_BASE,
  usdcArbToBase,
} from "../../kit/chains/flow.js";
import { startServer } from "../../kit/server.js";

const dir = mkdtempSync(join(tmpdir(), "xi-kept-chains-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const start = (stateFile: string) =>
  startServer({ chains: true, rateLimit: false, stateFile, faults: true });
const account = (srv: DevServer, i: number) => srv.testAccounts[i] as TestAccount;

async function balances(srv: DevServer, owner: string) {
  return {
    origin: await balanceOf(publicClient(srv, 42161), USDC_ARB, owner),
    destination: await balanceOf(publicClient(srv, 8453), USDC_BASE, owner),
  };
}

describe("the chains' state kept with the state file", () => {
  it("keeps deposits, payouts and balances across a restart, and does not set the chains up again", async () => {
    const file = join(dir, "kept.jsonl");
    let srv = await start(file);
    const owner = account(srv, 1);
    const client = clientOf(srv);
    const intent = await committed(client, usdcArbToBase(owner.address));
    const { hash } = await deposit(srv, owner, intent);
    await client.executeIntent({ intentId: intent.intentId, depositTransactionHash: hash });
    const done = await client.waitForIntent(intent.intentId, { timeoutMs: 15_000 });
    expect(done.status).toBe("SUCCEEDED");
    const before = await balances(srv, owner.address);
    const payout = done.receipt.destinationTransaction?.txnHash as string;
    await srv.close();
    const files = readdirSync(dir).filter((f) => f.startsWith("kept.jsonl"));
    // The journal, one complete state per chain and the chains' ports: no lock, process list or
    // partial dump left.
    expect(files.filter((f) => !/^kept\.jsonl\.chain-\d+\.json$/.test(f)).sort()).toEqual([
      "kept.jsonl",
      "kept.jsonl.chain-ports.json",
    ]);
    expect(files).toContain("kept.jsonl.chain-42161.json");
    expect(files).toContain("kept.jsonl.chain-8453.json");

    srv = await start(file);
    try {
      expect(srv.restored?.intents).toBe(1);
      expect(await balances(srv, owner.address)).toEqual(before);
      const mined = await publicClient(srv, 42161).getTransactionReceipt({ hash });
      expect(mined.status).toBe("success");
      const paid = await publicClient(srv, 8453).getTransactionReceipt({
        hash: payout as `0x${string}`,
      });
      expect(paid.status).toBe("success");
      const again = await clientOf(srv).getIntentReceipt({ intentId: intent.intentId });
      expect(again.intentReceipt.status).toBe("SUCCEEDED");
      expect(again.intentReceipt.destinationTransaction?.txnHash).toBe(payout);
      // A search by the real payout hash finds the intent (no placeholder left in the index).
      const found = await clientOf(srv).searchIntents({ byTransactionHash: payout });
      expect(found.intents.map((i) => i.intentId)).toEqual([intent.intentId]);
    } finally {
      await srv.close();
    }
  });

  it("resumes an execution that had not ended, and pays it out once", async () => {
    const file = join(dir, "resume.jsonl");
    let srv = await start(file);
    const owner = account(srv, 2);
    const recipient = account(srv, 3).address;
    const client = clientOf(srv);
    const intent = await committed(
      client,
      usdcArbToBase(owner.address, { destinationToAddress: recipient }),
    );
    const start0 = await balances(srv, recipient);
    const { hash } = await deposit(srv, owner, intent);
    srv.injectFaults([{ operation: "ExecuteIntent", fault: "payout-delayed:600000" }]);
    await client.executeIntent({ intentId: intent.intentId, depositTransactionHash: hash });
    for (let i = 0; i < 200; i++) {
      const r = (await client.getIntentReceipt({ intentId: intent.intentId })).intentReceipt;
      if (r.originTransaction.status === "SUCCEEDED") break;
      await new Promise((res) => setTimeout(res, 25));
    }
    const held = (await client.getIntentReceipt({ intentId: intent.intentId })).intentReceipt;
    expect(held.status).toBe("EXECUTING");
    expect(held.destinationTransaction?.status).toBe("PENDING");
    await srv.close();

    srv = await start(file);
    try {
      expect(srv.restored?.resumed).toBe(1);
      const c2 = clientOf(srv);
      const final = await c2.waitForIntent(intent.intentId, { timeoutMs: 15_000 });
      expect(final.status).toBe("SUCCEEDED");
      const after = await balances(srv, recipient);
      expect(after.destination - start0.destination).toBe(intent.quote.toAmount);
      expect(final.receipt.originTransaction.txnHash).toBe(held.originTransaction.txnHash);
    } finally {
      await srv.close();
    }
    // A third start finds it settled and resumes nothing.
    srv = await start(file);
    try {
      expect(srv.restored?.resumed).toBe(0);
      const after = await balances(srv, recipient);
      expect(after.destination - start0.destination).toBe(intent.quote.toAmount);
    } finally {
      await srv.close();
    }
  });

  it("starts the chains afresh for a new state file, whatever chain files lie beside it", async () => {
    const file = join(dir, "fresh.jsonl");
    let srv = await start(file);
    const owner = account(srv, 4);
    const held = await balances(srv, owner.address);
    const client = clientOf(srv);
    const intent = await committed(client, usdcArbToBase(owner.address));
    await deposit(srv, owner, intent);
    await srv.close();
    rmSync(file);
    srv = await start(file);
    try {
      expect(await balances(srv, owner.address)).toEqual(held);
    } finally {
      await srv.close();
    }
  });
});

describe("the filler settles an intent once", () => {
  it("refuses a second fill and a refund after a fill", async () => {
    const srv = await startServer({ chains: true });
    try {
      const key = intentKey("intent-once");
      const to = account(srv, 5).address;
      const fill = callData("fill(bytes32,address,address,uint256,address,address,bytes,uint256)", [
        { type: "bytes32", value: key },
        { type: "address", value: USDC_BASE },
        { type: "address", value: to },
        { type: "uint", value: 1n },
        { type: "address", value: "0x0000000000000000000000000000000000000000" },
        { type: "address", value: "0x0000000000000000000000000000000000000000" },
        { type: "bytes", value: "0x" },
        { type: "uint", value: 0n },
      ]);
      const refund = callData("refund(bytes32,address,address,uint256)", [
        { type: "bytes32", value: key },
        { type: "address", value: USDC_BASE },
        { type: "address", value: to },
        { type: "uint", value: 1n },
      ]);
      const from = SERVICE_ACCOUNT.address;
      const send = (data: string) =>
        rpcCall(srv, 8453, "eth_sendTransaction", [
          { from, to: FILLER_ADDRESS, data, gas: "0x100000" },
        ]);
      // The receipt's status, once mined (the server's own transactions may share the block).
      const status = async (hash: unknown) => {
        for (let i = 0; i < 200; i++) {
          const r = (await rpcCall(srv, 8453, "eth_getTransactionReceipt", [hash])) as {
            status: string;
          } | null;
          if (r !== null) return r.status;
          await new Promise((done) => setTimeout(done, 50));
        }
        throw new Error(`no receipt for ${String(hash)} after 10 s`);
      };
      const before = await balanceOf(publicClient(srv, 8453), USDC_BASE, to);
      expect(await status(await send(fill))).toBe("0x1");
      expect(await status(await send(fill))).toBe("0x0");
      expect(await status(await send(refund))).toBe("0x0");
      expect((await balanceOf(publicClient(srv, 8453), USDC_BASE, to)) - before).toBe(1n);
    } finally {
      await srv.close();
    }
  });
});
