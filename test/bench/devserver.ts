/**
 * Dev server bench: loopback throughput of GetIntent and QuoteIntent, driven by autocannon
 * (programmatically, its load generator in a worker thread) against `startDevServer` in this
 * process, rate limit off. Prints requests per second and latency percentiles as a Markdown
 * table; asserts nothing. `npm run bench` runs it after the codec bench.
 * Usage: npm run bench:server   (tsx test/bench/devserver.ts [--seconds N] [--connections N])
 */
import { createRequire } from "node:module";
import { startDevServer } from "../../src/devserver/index.js";

interface Result {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<Result>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
};
const seconds = arg("--seconds", 10);
const connections = arg("--connections", 10);

const srv = await startDevServer({ rateLimit: false });
const headers = { "content-type": "application/json", "x-access-key": srv.accessKey };
const quoteBody = JSON.stringify({
  ownerAddress: "0x2222222222222222222222222222222222222222",
  originChainId: 42161,
  originTokenAddress: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831",
  destinationChainId: 8453,
  destinationTokenAddress: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
  tradeType: "EXACT_INPUT",
  originTokenAmount: "250000000",
});
const quoted = await fetch(`${srv.url}/rpc/Service/QuoteIntent`, {
  method: "POST",
  headers,
  body: quoteBody,
});
const { intent } = (await quoted.json()) as { intent: { intentId: string } };
const getBody = JSON.stringify({ intentId: intent.intentId });

const cases = [
  { name: "GetIntent", body: getBody },
  { name: "QuoteIntent", body: quoteBody },
];

const rows: string[] = [];
for (const c of cases) {
  const url = `${srv.url}/rpc/Service/${c.name}`;
  await autocannon({
    url,
    method: "POST",
    headers,
    body: c.body,
    connections,
    duration: 2,
    workers: 1,
  }); // warm-up
  const r = await autocannon({
    url,
    method: "POST",
    headers,
    body: c.body,
    connections,
    duration: seconds,
    workers: 1,
  });
  rows.push(
    `| ${c.name} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.requests.total} | ${r.non2xx + r.errors} |`,
  );
}
await srv.close();

console.log(`Node ${process.version}, ${connections} connections, ${seconds} s per operation\n`);
console.log("| operation | req/s (mean) | p50 ms | p99 ms | requests | non-2xx + errors |");
console.log("|---|---:|---:|---:|---:|---:|");
for (const row of rows) console.log(row);
