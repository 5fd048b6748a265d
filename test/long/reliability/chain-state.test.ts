/**
 * The chains' state survives SIGKILL: `serve --state FILE` on real local chains in a child, three
 * test accounts each quoting, committing, depositing on chain (with viem, as a user's wallet does)
 * and executing as fast as they can, the child killed with SIGKILL while their requests are in
 * flight, then started again on the same file. Two rounds. After each restart, everything
 * acknowledged is there, chain balances included: each commit and execution, each deposit the
 * chain acknowledged (mined, on the restarted chain), each owner's origin balance down by exactly
 * the deposits on chain (read from its Transfer logs: a deposit can reach the chain and lose its
 * answer in the kill, since the chains' RPC URLs are served by the killed process); and once the resumed executions end, each owner's destination balance up
 * by exactly `quote.toAmount` of every intent that SUCCEEDED: nothing paid twice.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Address, createWalletClient, type Hex, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, describe, expect, it } from "vitest";
import { DEV_TOKEN_ABI } from "../../../generated/dev-token.js";
import type { Intent } from "../../../generated/types.js";
import { USER_ACCOUNTS } from "../../../src/devserver/chains/accounts.js";
import { waitForPreviousChains } from "../../../src/devserver/state/chain-state.js";
import { createClient, type IntentClient } from "../../../src/index.js";
import { balanceOf, chainAt, publicClientAt } from "../../kit/chains/chain.js";
import { USDC_ARB, USDC_BASE } from "../../kit/chains/flow.js";
import { killMidRound } from "../../kit/reliability/kill-round.js";
import { pause } from "../../kit/reliability/pool.js";
import {
  type ServeChild,
  startServeChild,
  stopServeChild,
} from "../../kit/reliability/serve-child.js";

const ROUNDS = 2;
const OWNERS = USER_ACCOUNTS.slice(1, 4);
const EXECUTIONS_PER_ROUND = 9;
const ROUND_MS = 8_000;

const dir = mkdtempSync(join(tmpdir(), "xchain-chain-sigkill-"));
const file = join(dir, "dev-state.jsonl");
afterAll(async () => {
  // A server killed by a failing test leaves its anvils writing their state for a moment.
  await waitForPreviousChains(file).catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

/** The RPC URL of each chain, from the banner. */
function rpcUrls(srv: ServeChild): Record<number, string> {
  const urls: Record<number, string> = {};
  for (const m of srv.output().matchAll(/chain (\d+):\s+(http:\/\/\S+)/g))
    urls[Number(m[1])] = m[2] as string;
  return urls;
}

/** What was acknowledged: by the server (a 200) or by the chain (a hash returned). */
interface Acked {
  quoted: Map<string, Intent>;
  committed: Set<string>;
  /** Deposits sent, by intent id: the hash and whether the chain's receipt was received. */
  deposits: Map<string, { hash: Hex; mined: boolean }>;
  executed: Set<string>;
}

/** A client of the child; the checks after a restart wait out its rate limit (50 burst, 20/s). */
function clientOf(srv: ServeChild, patient = false): IntentClient {
  return createClient({
    baseUrl: srv.url,
    accessKey: srv.key,
    timeoutMs: 5_000,
    retry: patient
      ? { maxRetries: 30, baseDelayMs: 50, maxDelayMs: 2_000 }
      : { maxRetries: 3, baseDelayMs: 20, maxDelayMs: 500 },
  });
}

async function worker(
  srv: ServeChild,
  owner: (typeof OWNERS)[number],
  acked: Acked,
  stop: () => boolean,
) {
  const client = clientOf(srv);
  const url = rpcUrls(srv)[42161] as string;
  const wallet = createWalletClient({
    account: privateKeyToAccount(owner.privateKey),
    chain: chainAt(42161, url),
    transport: http(url, { retryCount: 0, timeout: 5_000 }),
  });
  const arb = publicClientAt(42161, url);
  while (!stop()) {
    try {
      const { intent } = await client.quoteIntent({
        ownerAddress: owner.address,
        originChainId: 42161,
        originTokenAddress: USDC_ARB,
        destinationChainId: 8453,
        destinationTokenAddress: USDC_BASE,
        tradeType: "EXACT_INPUT",
        originTokenAmount: 1_000_000n,
      });
      acked.quoted.set(intent.intentId, intent);
      await client.commitIntent({ intent });
      acked.committed.add(intent.intentId);
      if (stop()) return;
      const hash = await wallet.writeContract({
        address: USDC_ARB,
        abi: DEV_TOKEN_ABI,
        functionName: "transfer",
        args: [intent.originIntentAddress as Address, intent.depositTransaction.amount],
        chain: wallet.chain,
        account: wallet.account,
      });
      const sent = { hash, mined: false };
      acked.deposits.set(intent.intentId, sent);
      await arb.waitForTransactionReceipt({ hash, timeout: 5_000 });
      sent.mined = true;
      if (stop()) return;
      await client.executeIntent({ intentId: intent.intentId, depositTransactionHash: hash });
      acked.executed.add(intent.intentId);
    } catch {
      if (stop()) return;
      await pause(20);
    }
  }
}

describe("serve --state FILE on real chains under SIGKILL", () => {
  it(`keeps every acknowledged commit, execution and balance over ${ROUNDS} kills`, async () => {
    const acked: Acked = {
      quoted: new Map(),
      committed: new Set(),
      deposits: new Map(),
      executed: new Set(),
    };
    const start = new Map<string, { origin: bigint; destination: bigint }>();
    const log: string[] = [];
    for (let round = 1; round <= ROUNDS + 1; round++) {
      const srv = await startServeChild(["--state", file, "--stage-ms", "1"], {
        chains: true,
        readyMs: 60_000,
      });
      try {
        expect(srv.output()).toContain("real local chains");
        const urls = rpcUrls(srv);
        const arb = publicClientAt(42161, urls[42161] as string);
        const base = publicClientAt(8453, urls[8453] as string);
        const client = clientOf(srv, true);
        if (round === 1) {
          for (const o of OWNERS)
            start.set(o.address, {
              origin: await balanceOf(arb, USDC_ARB, o.address),
              destination: await balanceOf(base, USDC_BASE, o.address),
            });
        } else {
          // Every acknowledged commit and execution is there.
          for (const id of acked.committed) {
            const { intent } = await client.getIntent({ intentId: id });
            const allowed = acked.executed.has(id)
              ? ["EXECUTING", "SUCCEEDED"]
              : ["COMMITTED", "EXECUTING", "SUCCEEDED", "FAILED"];
            expect(allowed, id).toContain(intent.status);
          }
          for (const id of acked.executed) {
            const r = (await client.getIntentReceipt({ intentId: id })).intentReceipt;
            expect(r.depositTransaction.txnHash, id).toBe(acked.deposits.get(id)?.hash);
          }
          // Every deposit the chain acknowledged is still on it.
          for (const [id, d] of acked.deposits) {
            const r = await arb.getTransactionReceipt({ hash: d.hash }).catch(() => undefined);
            if (d.mined) expect(r?.status, `deposit of ${id}`).toBe("success");
          }
          // The owners' origin balances are down by exactly the deposits on chain: read from the
          // chain's Transfer logs to each intent address, since a deposit the chain took can have
          // lost its answer in the kill (the chains' RPC URLs are served by the killed process).
          const onChain = new Map<string, bigint>();
          for (const intent of acked.quoted.values()) {
            const logs = await arb.getContractEvents({
              address: USDC_ARB,
              abi: DEV_TOKEN_ABI,
              eventName: "Transfer",
              args: { to: intent.originIntentAddress as Address },
              fromBlock: 0n,
            });
            for (const l of logs) {
              if (l.args.from?.toLowerCase() !== intent.ownerAddress.toLowerCase()) continue;
              const owner = intent.ownerAddress;
              onChain.set(owner, (onChain.get(owner) ?? 0n) + (l.args.value ?? 0n));
            }
          }
          for (const o of OWNERS) {
            const was = start.get(o.address)?.origin as bigint;
            expect(await balanceOf(arb, USDC_ARB, o.address), o.address).toBe(
              was - (onChain.get(o.address) ?? 0n),
            );
          }
          // The executions resume and end; each owner was paid exactly once per success.
          const paid = new Map<string, bigint>();
          let succeeded = 0;
          for (const [id, intent] of acked.quoted) {
            let status = (await client.getIntent({ intentId: id })).intent.status;
            if (status === "EXECUTING")
              status = (await client.waitForIntent(id, { timeoutMs: 30_000 })).status;
            if (acked.executed.has(id) && status !== "SUCCEEDED") {
              const { intentReceipt } = await client.getIntentReceipt({ intentId: id });
              expect(
                status,
                `${id}: ${JSON.stringify(intentReceipt, (_, v) => (typeof v === "bigint" ? `${v}` : v))}`,
              ).toBe("SUCCEEDED");
            }
            if (status !== "SUCCEEDED") continue;
            succeeded++;
            const owner = intent.ownerAddress;
            paid.set(owner, (paid.get(owner) ?? 0n) + intent.quote.toAmount);
          }
          for (const o of OWNERS) {
            const was = start.get(o.address)?.destination as bigint;
            expect(await balanceOf(base, USDC_BASE, o.address), o.address).toBe(
              was + (paid.get(o.address) ?? 0n),
            );
          }
          const resumed = Number(/(\d+) executions? on chain resumed/.exec(srv.output())?.[1] ?? 0);
          log.push(
            `round ${round - 1}: ${acked.committed.size} commits, ${acked.deposits.size} deposits, ${acked.executed.size} executions acknowledged; ${resumed} resumed at the restart; ${succeeded} succeeded`,
          );
        }
        if (round > ROUNDS) {
          expect(await stopServeChild(srv)).toEqual({ code: 0, signal: null });
          break;
        }
        await killMidRound(srv, {
          loops: (killed) => OWNERS.map((o) => worker(srv, o, acked, killed)),
          executed: () => acked.executed.size,
          executions: EXECUTIONS_PER_ROUND,
          roundMs: ROUND_MS,
        });
      } catch (e) {
        srv.child.kill("SIGKILL");
        throw e;
      }
    }
    console.log(`[chain-state] ${log.join("; ")}`);
  }, 240_000);
});
