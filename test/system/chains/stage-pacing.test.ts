/**
 * `serve --stage-ms N` on real chains, as a developer runs it to watch their app's EXECUTING
 * state: the banner's "settles … after ExecuteIntent" holds on the chains (by the receipt's own
 * timestamps), and EXECUTING is seen for a while before SUCCEEDED.
 */
import { type Address, createWalletClient, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_TOKEN_ABI } from "../../../generated/dev-token.js";
import { USER_ACCOUNTS } from "../../../src/devserver/chains/accounts.js";
import { createClient } from "../../../src/index.js";
import { chainAt, publicClientAt } from "../../kit/chains/chain.js";
import { usdcArbToBase } from "../../kit/chains/flow.js";
import {
  type ServeChild,
  startServeChild,
  stopServeChild,
} from "../../kit/reliability/serve-child.js";

let srv: ServeChild;
beforeAll(async () => {
  srv = await startServeChild(["--stage-ms", "500"], { chains: true, readyMs: 60_000 });
}, 70_000);
afterAll(async () => {
  if (srv !== undefined) await stopServeChild(srv);
});

function rpcUrlOf(chainId: number): string {
  const m = new RegExp(`chain ${chainId}:\\s+(http://\\S+)`).exec(srv.output());
  if (m === null) throw new Error(`no chain ${chainId} in the banner: ${srv.output()}`);
  return m[1] as string;
}

describe("serve --stage-ms 500 on chains", () => {
  it("says in its banner that the stages pace the chains too", () => {
    expect(srv.output()).toContain("real local chains");
    expect(srv.output()).toMatch(
      /stages: +500 ms each: an intent settles 4\.5 s after ExecuteIntent \(3 s on one chain\); --stage-ms N changes it; on the chains too: deposit, origin and destination each show SUCCEEDED 1\.5 s after the one before/,
    );
  });

  it("shows EXECUTING for at least a second before SUCCEEDED, and settles 9 stages after ExecuteIntent", async () => {
    const owner = USER_ACCOUNTS[2] as (typeof USER_ACCOUNTS)[number];
    const client = createClient({ baseUrl: srv.url, accessKey: srv.key, retry: false });
    const { intent } = await client.quoteIntent(usdcArbToBase(owner.address));
    await client.commitIntent({ intent });
    const rpcUrl = rpcUrlOf(42161);
    const wallet = createWalletClient({
      account: privateKeyToAccount(owner.privateKey),
      chain: chainAt(42161, rpcUrl),
      transport: http(),
    });
    const hash = await wallet.writeContract({
      address: intent.depositTransaction.tokenAddress as Address,
      abi: DEV_TOKEN_ABI,
      functionName: "transfer",
      args: [intent.originIntentAddress as Address, intent.depositTransaction.amount],
      chain: wallet.chain,
      account: wallet.account ?? null,
    });
    await publicClientAt(42161, rpcUrl).waitForTransactionReceipt({ hash });
    await client.executeIntent({ intentId: intent.intentId, depositTransactionHash: hash });
    // What a developer's app sees, polling: each status with when it was first seen (real time).
    const seen: { status: string; at: number; rows: string }[] = [];
    const until = performance.now() + 30_000;
    for (;;) {
      const r = (await client.getIntentReceipt({ intentId: intent.intentId })).intentReceipt;
      const rows = [r.depositTransaction, r.originTransaction, r.destinationTransaction]
        .map((t) => t?.status)
        .join(",");
      if (seen.at(-1)?.rows !== rows || seen.at(-1)?.status !== r.status)
        seen.push({ status: r.status, at: performance.now(), rows });
      if (r.status !== "EXECUTING") {
        expect(r.status).toBe("SUCCEEDED");
        const s = r.summary;
        // The banner's claim, on the server's clock: 9 stages of 500 ms after ExecuteIntent.
        const took = Date.parse(s.finishedAt as string) - Date.parse(s.startedAt as string);
        expect(took).toBeGreaterThanOrEqual(9 * 500);
        break;
      }
      if (performance.now() > until) throw new Error(`still EXECUTING: ${JSON.stringify(seen)}`);
      await new Promise((res) => setTimeout(res, 100));
    }
    const executing = seen.find((x) => x.status === "EXECUTING");
    const succeeded = seen.find((x) => x.status === "SUCCEEDED");
    expect(executing).toBeDefined();
    expect((succeeded?.at ?? 0) - (executing?.at ?? 0)).toBeGreaterThanOrEqual(1000);
    // One transaction after the other: the deposit first, the payout last.
    const order = seen.map((x) => x.rows);
    const firstWith = (row: number) =>
      order.findIndex((rows) => rows.split(",")[row] === "SUCCEEDED");
    expect(firstWith(0)).toBeLessThan(firstWith(1));
    expect(firstWith(1)).toBeLessThan(firstWith(2));
  }, 60_000);
});
