/**
 * On real chains, an ExecuteIntent the state file cannot take moves no money: the journal refuses
 * the execution (`Unexpected`, "not made"), and the execution's chain job never starts, so no
 * origin transaction and no payout follow a change the file does not hold. Once the disk has room
 * again, the same call executes the intent and the recipient is paid exactly once.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import { openStateFile, type StateFile } from "../../../src/devserver/state/state-file.js";
import { balanceOf, publicClient } from "../../kit/chains/chain.js";
import {
  clientOf,
  committed,
  deposit,
  testAccount,
  USDC_BASE,
  usdcArbToBase,
} from "../../kit/chains/flow.js";
import { faultyCalls } from "../../kit/devserver/faulty-state.js";
import { startServer } from "../../kit/server.js";
import { tempDirs } from "../../kit/temp-dirs.js";

const tempDir = tempDirs("xchain-journal-chains-");
const faults = faultyCalls();
let srv: DevServer;
let file: StateFile;
beforeAll(async () => {
  file = openStateFile(join(tempDir(), "state.jsonl"), faults.calls);
  srv = await startServer({ chains: true, rateLimit: false, state: file });
});
afterAll(async () => {
  await srv?.close();
  file?.close();
});

describe("an execution the state file refuses, on chains", () => {
  it("starts nothing on chain; the same call later pays the recipient once", async () => {
    const owner = testAccount(srv, 0);
    const recipient = testAccount(srv, 5);
    const client = clientOf(srv);
    const base = publicClient(srv, 8453);
    const intent = await committed(
      client,
      usdcArbToBase(owner.address, { destinationToAddress: recipient.address }),
    );
    const { hash } = await deposit(srv, owner, intent);
    const before = await balanceOf(base, USDC_BASE, recipient.address);

    faults.arm("ENOSPC");
    const refused = await client
      .executeIntent({ intentId: intent.intentId, depositTransactionHash: hash })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect((refused as { error?: string }).error).toBe("Unexpected");
    // Long enough for a started job to mine the origin transaction and pay out (under a second).
    await new Promise((r) => setTimeout(r, 3_000));
    expect((await client.getIntent({ intentId: intent.intentId })).intent.status).toBe("COMMITTED");
    expect(await balanceOf(base, USDC_BASE, recipient.address)).toBe(before);
    const receipt = (await client.getIntentReceipt({ intentId: intent.intentId })).intentReceipt;
    expect(receipt.originTransaction.txnHash).toBeUndefined();

    const executed = await client.executeIntent({
      intentId: intent.intentId,
      depositTransactionHash: hash,
    });
    expect(executed.intentStatus).toBe("EXECUTING");
    const final = await client.waitForIntent(intent.intentId, { timeoutMs: 20_000 });
    expect(final.status).toBe("SUCCEEDED");
    expect(await balanceOf(base, USDC_BASE, recipient.address)).toBe(
      before + intent.quote.toAmount,
    );
  });
});
