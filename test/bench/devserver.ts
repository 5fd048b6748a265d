/**
 * Dev server bench: loopback throughput of GetIntent and QuoteIntent, driven by autocannon
 * (programmatically, its load generator in a worker thread) against `startDevServer` in this
 * process, rate limit off. Prints requests per second and latency percentiles as a Markdown
 * table; asserts nothing. `npm run bench` runs it after the codec bench.
 * Usage: npm run bench:server   (tsx test/bench/devserver.ts [--seconds N] [--connections N])
 */
import { createRequire } from "node:module";
import { startDevServer } from "../../src/devserver/index.js";
import { BENCH_QUOTE_BODY } from "./quote-body.js";
import { numberArg, smoke } from "./smoke.js";

interface Result {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<Result>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const seconds = numberArg("--seconds", 10, 1);
const connections = numberArg("--connections", 10, 2);

const srv = await startDevServer({ rateLimit: false });
const headers = { "content-type": "application/json", "x-access-key": srv.accessKey };
const quoteBody = BENCH_QUOTE_BODY;
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
    duration: smoke ? 1 : 2,
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
