/**
 * `serve --seed` keeps its promise on real chains: two processes given the same seed and the same
 * calls answer with the same intent ids, salts and intent addresses, and (each on its fresh
 * chains) the same deposit, origin and payout hashes. And `serve` stops its chains on SIGTERM.
 */
import { afterAll, describe, expect, it } from "vitest";
import { createClient } from "../../../src/index.js";
import { answers } from "../../kit/chains/chain.js";
import { eventually } from "../../kit/chains/processes.js";
import { usdcRequest } from "../../kit/quote-request.js";
import {
  type ServeChild,
  startServeChild,
  stopServeChild,
} from "../../kit/reliability/serve-child.js";

/** A `serve` on chains, with the chains' RPC URLs and the test account its banner prints. */
interface Served extends ServeChild {
  chains: Record<string, string>;
  account: string;
}

// Every child is stopped even when a test fails or times out before its own cleanup.
const children: ServeChild[] = [];
afterAll(() => {
  for (const c of children)
    if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill("SIGTERM");
});

async function serve(args: string[]): Promise<Served> {
  const s = await startServeChild(args, { chains: true, readyMs: 60_000 });
  children.push(s);
  const chains: Record<string, string> = {};
  for (const m of s.output().matchAll(/chain (\d+):\s+(\S+)/g))
    chains[m[1] as string] = m[2] as string;
  return { ...s, chains, account: /account:\s+(\S+)/.exec(s.output())?.[1] as string };
}

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return ((await res.json()) as { result: unknown }).result;
}

/** The same calls against one server; what its answers derive. */
async function walk(s: Served) {
  const client = createClient({ baseUrl: s.url, accessKey: s.key, retry: false });
  const { intent } = await client.quoteIntent(
    usdcRequest({ ownerAddress: s.account, originTokenAmount: 40_000_000n }),
  );
  await client.commitIntent({ intent });
  const d = intent.depositTransaction;
  const arb = s.chains["42161"] as string;
  const hash = (await rpc(arb, "eth_sendTransaction", [
    { from: s.account, to: d.to, data: d.data },
  ])) as string;
  await client.executeIntent({ intentId: intent.intentId, depositTransactionHash: hash });
  const final = await client.waitForIntent(intent.intentId, { timeoutMs: 20_000 });
  const r = final.receipt;
  return {
    status: final.status,
    intentId: intent.intentId,
    salt: intent.salt,
    originIntentAddress: intent.originIntentAddress,
    destinationIntentAddress: intent.destinationIntentAddress,
    deposit: r.depositTransaction.txnHash,
    origin: r.originTransaction.txnHash,
    payout: r.destinationTransaction?.txnHash,
  };
}

describe("serve --seed on real chains", () => {
  it("gives two processes the same ids, salts, addresses and chain hashes for the same calls", async () => {
    const [a, b] = await Promise.all([
      serve(["--seed", "abc", "--stage-ms", "1"]),
      serve(["--seed", "abc", "--stage-ms", "1"]),
    ]);
    try {
      expect(Object.keys(a.chains).length).toBeGreaterThan(1);
      const first = await walk(a);
      const second = await walk(b);
      expect(first.status).toBe("SUCCEEDED");
      expect(first.payout).toMatch(/^0x[0-9a-f]{64}$/);
      expect(second).toEqual(first);
      const other = await serve(["--seed", "abd", "--stage-ms", "1"]);
      try {
        const third = await walk(other);
        expect(third.intentId).not.toBe(first.intentId);
        expect(third.originIntentAddress).not.toBe(first.originIntentAddress);
      } finally {
        await stopServeChild(other);
      }
    } finally {
      await Promise.all([a, b].map(stopServeChild));
    }
    // serve closes the server on SIGTERM, its chains included.
    const urls = [...Object.values(a.chains), ...Object.values(b.chains)];
    expect(
      await eventually(async () => (await Promise.all(urls.map(answers))).every((x) => !x)),
    ).toBe(true);
  });
});
