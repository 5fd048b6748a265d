/**
 * Real-chains bench: how long `startDevServer({ chains: true })` takes to be ready (five anvils
 * started, tokens placed, accounts funded), against the simulated `startDevServer()` measured in
 * the same process; and how long one intent takes from QuoteIntent to SUCCEEDED on the chains
 * (quote, commit, a real ERC-20 deposit sent and mined, ExecuteIntent, the deposit checked, the
 * origin transaction and the payout mined), with its parts; and a restart on a state file whose
 * chains' state is kept (stop, which writes it; start, which loads it). Prints a Markdown table of
 * medians; asserts nothing. Usage: npm run bench:chains   (tsx test/bench/chains.ts [--runs N])
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startDevServer } from "../../src/devserver/index.js";
import { createClient } from "../../src/index.js";
import { numberArg } from "./smoke.js";

const runs = numberArg("--runs", 7, 1);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const ms = (x: number) => `${x.toFixed(0)} ms`;

async function rpc(url: string, method: string, params: unknown[]) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return ((await res.json()) as { result: unknown }).result;
}

const simulated: number[] = [];
const chained: number[] = [];
for (let i = 0; i < runs; i++) {
  let t = performance.now();
  const plain = await startDevServer();
  simulated.push(performance.now() - t);
  await plain.close();
  t = performance.now();
  const srv = await startDevServer({ chains: true });
  chained.push(performance.now() - t);
  await srv.close();
}

const srv = await startDevServer({ chains: true, rateLimit: false });
const client = createClient({ baseUrl: srv.url, accessKey: srv.accessKey, retry: false });
const owner = srv.testAccounts[0]?.address as string;
const arb = srv.chains[42161]?.rpcUrl as string;
const parts = {
  quoteCommit: [] as number[],
  deposit: [] as number[],
  execute: [] as number[],
  total: [] as number[],
};
for (let i = 0; i < runs + 1; i++) {
  const t0 = performance.now();
  const { intent } = await client.quoteIntent({
    ownerAddress: owner,
    originChainId: 42161,
    originTokenAddress: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831",
    destinationChainId: 8453,
    destinationTokenAddress: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
    tradeType: "EXACT_INPUT",
    originTokenAmount: 25_000_000n,
  });
  await client.commitIntent({ intent });
  const t1 = performance.now();
  const d = intent.depositTransaction;
  const hash = (await rpc(arb, "eth_sendTransaction", [
    { from: owner, to: d.to, data: d.data },
  ])) as string;
  while ((await rpc(arb, "eth_getTransactionReceipt", [hash])) === null);
  const t2 = performance.now();
  await client.executeIntent({ intentId: intent.intentId, depositTransactionHash: hash });
  const final = await client.waitForIntent(intent.intentId, { timeoutMs: 30_000 });
  const t3 = performance.now();
  if (final.status !== "SUCCEEDED") throw new Error(`the intent ended ${final.status}`);
  if (i === 0) continue; // warm-up
  parts.quoteCommit.push(t1 - t0);
  parts.deposit.push(t2 - t1);
  parts.execute.push(t3 - t2);
  parts.total.push(t3 - t0);
}
await srv.close();

// Restarts on a kept state: the chains after the lifecycles above are written on stop and loaded
// on start (the setup of tokens and accounts is skipped).
const dir = mkdtempSync(join(tmpdir(), "xi-bench-state-"));
const stateFile = join(dir, "state.jsonl");
const stops: number[] = [];
const restarts: number[] = [];
let kept = await startDevServer({ chains: true, stateFile });
for (let i = 0; i < runs; i++) {
  let t = performance.now();
  await kept.close();
  stops.push(performance.now() - t);
  t = performance.now();
  kept = await startDevServer({ chains: true, stateFile });
  restarts.push(performance.now() - t);
}
await kept.close();
rmSync(dir, { recursive: true, force: true });

const rows = [
  ["start-up, simulated (baseline)", ms(median(simulated)), "1.0×"],
  [
    "start-up, real chains (an anvil per catalogue chain, tokens placed, accounts funded)",
    ms(median(chained)),
    `${(median(chained) / median(simulated)).toFixed(0)}×`,
  ],
  [
    "restart on a state file: start, the chains loaded from their kept state",
    ms(median(restarts)),
    `${(median(restarts) / median(simulated)).toFixed(0)}×`,
  ],
  ["restart on a state file: close, the chains' state written", ms(median(stops)), ""],
  ["lifecycle to SUCCEEDED: quote + commit", ms(median(parts.quoteCommit)), ""],
  ["lifecycle to SUCCEEDED: ERC-20 deposit sent and mined", ms(median(parts.deposit)), ""],
  [
    "lifecycle to SUCCEEDED: ExecuteIntent → SUCCEEDED (check, origin, payout)",
    ms(median(parts.execute)),
    "",
  ],
  ["lifecycle to SUCCEEDED: whole", ms(median(parts.total)), ""],
];
process.stdout.write(
  `\nReal chains (median of ${runs} runs; Node ${process.version})\n\n| case | median | vs baseline |\n| --- | --- | --- |\n${rows.map((r) => `| ${r.join(" | ")} |`).join("\n")}\n`,
);
