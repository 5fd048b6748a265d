/**
 * Never twice after a while: the service is asked before paying, and the chain is searched from
 * the block of the intent's quote on, however long ago. 6,000 blocks after an intent SUCCEEDED, a
 * fresh process with an empty store sends nothing; 6,000 blocks after a deposit made without
 * ExecuteIntent, a fresh store finds it on chain and executes with it. Tokens and native alike.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import type { IntentClient } from "../../../src/index.js";
import { executeWithWallet, memoryDepositStore, sendDeposit } from "../../../src/wallet/index.js";
import { rpcAt } from "../../kit/chains/chain.js";
import { tempDirs } from "../../kit/temp-dirs.js";
import { type Payer, payer } from "../../kit/wallet/payer.js";
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
let child: Payer;
let key: `0x${string}`;
let owner: `0x${string}`;
const storeDir = tempDirs("since-commit-");

beforeAll(async () => {
  ({ srv, client } = await service(true));
  ({ key, owner } = testAccount(srv, 3));
  const rpcUrl = srv.chains[42161]?.rpcUrl as string;
  child = await payer([srv.url, srv.accessKey, rpcUrl, "42161", key]);
}, 60_000);
afterAll(async () => {
  await child?.stop();
  await srv?.close();
});

const cases = [
  ["USDC", USDC_ARB, 7_000_000n],
  ["native ETH", NATIVE, 10n ** 15n],
] as const;

/** The owner's nonce and balance of `token` on the origin chain. */
function snapshot(token: string) {
  return walletState(srv, 42161, token, owner);
}

describe("6,000 blocks after the quote (mined once, for all four cases)", () => {
  it("SUCCEEDED: a fresh process with an empty store sends nothing; a deposit made without ExecuteIntent: found on chain, not paid again; tokens and native", async () => {
    const { wallet } = clients(chainOf(srv, 42161), key);
    const done: { intentId: string; hash: string | undefined; token: string }[] = [];
    const paid: { intentId: string; hash: string; token: string }[] = [];
    for (const [, token, amount] of cases) {
      const c = await client.quoteAndCommit(request(owner, token, amount));
      const r = await executeWithWallet(client, { ...c, wallet, store: memoryDepositStore() });
      expect((await client.waitForIntent(c.intentId)).status).toBe("SUCCEEDED");
      done.push({ intentId: c.intentId, hash: r.depositTransactionHash, token });
      const d = await client.quoteAndCommit(request(owner, token, amount));
      const { hash } = await sendDeposit({ intent: d.intent, wallet, store: memoryDepositStore() });
      paid.push({ intentId: d.intentId, hash, token });
    }
    // anvil mines about 40 blocks a second here: minutes, within the 10-minute execute window.
    await rpcAt(srv.chains[42161]?.rpcUrl as string, "anvil_mine", ["0x1770"]);
    for (const x of done) {
      const before = await snapshot(x.token);
      const again = await child.pay(x.intentId, storeDir());
      expect(again, x.token).toEqual({ hash: x.hash, reused: true, status: "SUCCEEDED" });
      expect(await snapshot(x.token)).toEqual(before);
    }
    for (const x of paid) {
      const before = await snapshot(x.token);
      const r = await child.pay(x.intentId, storeDir());
      expect(r, x.token).toMatchObject({ hash: x.hash, reused: true });
      expect(await snapshot(x.token)).toEqual(before);
      expect((await client.waitForIntent(x.intentId)).status).toBe("SUCCEEDED");
    }
  }, 540_000);
});
