/**
 * The client's own work per call, without the network: in this process only, the global `fetch`
 * is replaced by one that answers at once with the bytes the dev server sent for the same request
 * (Ping, and GetIntent of one quoted intent), so that what is timed is the client and not the
 * socket, whose noise on a shared machine is larger than the client's whole cost. The raw path is
 * that same `fetch` + `res.text()` + `JSON.parse`. Rounds of `reps` sequential calls, interleaved,
 * the order reversed every other round; prints the median µs per call of each path, its ratio
 * to the raw one and the client's extra µs over it; asserts nothing. With `--baseline <dir>`, the `createClient`
 * of that checkout runs beside (see baseline.ts).
 * Usage: npm run bench:work   (tsx test/bench/client-work.ts [--samples N] [--reps N] [--baseline DIR])
 */
import { startDevServer } from "../../src/devserver/index.js";
import { createClient } from "../../src/index.js";
import { baselineClient } from "./baseline.js";
import { BENCH_QUOTE_BODY } from "./quote-body.js";
import { numberArg } from "./smoke.js";

const samples = numberArg("--samples", 60, 2);
const reps = numberArg("--reps", 500, 20);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? Number.NaN;

// The answers, as the dev server writes them.
const srv = await startDevServer({ rateLimit: false });
const post = async (operation: string, body: string) => {
  const res = await fetch(`${srv.url}/rpc/Service/${operation}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-access-key": srv.accessKey },
    body,
  });
  return res.text();
};
const { intent } = JSON.parse(await post("QuoteIntent", BENCH_QUOTE_BODY)) as {
  intent: { intentId: string };
};
const intentId = intent.intentId;
const answers = new Map([
  [`${srv.url}/rpc/Service/Ping`, await post("Ping", "{}")],
  [`${srv.url}/rpc/Service/GetIntent`, await post("GetIntent", JSON.stringify({ intentId }))],
]);
await srv.close();

const realFetch = globalThis.fetch;
globalThis.fetch = (async (input: string | URL | Request) => {
  const url = input instanceof Request ? input.url : String(input);
  return new Response(answers.get(url) ?? "", {
    headers: { "content-type": "application/json", date: new Date().toUTCString() },
  });
}) as typeof fetch;

type Call = () => Promise<unknown>;
const raw =
  (operation: string): Call =>
  async () => {
    const res = await fetch(`${srv.url}/rpc/Service/${operation}`, { method: "POST" });
    return JSON.parse(await res.text());
  };
const options = { baseUrl: srv.url, accessKey: srv.accessKey };
const client = createClient(options);
const previous = await baselineClient();
const before = previous?.(options);

const rows: [string, string, Call][] = [
  ["Ping", "raw", raw("Ping")],
  ["Ping", "client", () => client.ping()],
  ["GetIntent", "raw", raw("GetIntent")],
  ["GetIntent", "client", () => client.getIntent({ intentId })],
];
if (before) {
  rows.splice(2, 0, ["Ping", "baseline client", () => before.ping()]);
  rows.push(["GetIntent", "baseline client", () => before.getIntent({ intentId })]);
}

try {
  for (const [, , call] of rows) for (let i = 0; i < 2_000; i++) await call(); // warm-up
  const times = rows.map(() => [] as number[]);
  for (let s = 0; s < samples; s++) {
    const order = [...rows.keys()];
    if (s % 2 === 1) order.reverse();
    for (const i of order) {
      const call = (rows[i] as [string, string, Call])[2];
      const t = performance.now();
      for (let k = 0; k < reps; k++) await call();
      times[i]?.push(((performance.now() - t) / reps) * 1000);
    }
  }
  console.log(
    `Node ${process.version}, fetch answering at once (${samples} samples × ${reps} calls each, interleaved)\n`,
  );
  console.log("| call | path | µs per call | ratio to raw | client's own µs (over raw) |");
  console.log("|---|---|---:|---:|---:|");
  const rawOf = new Map<string, number>();
  for (const [i, [call, path]] of rows.entries()) {
    const us = median(times[i] ?? []);
    if (path === "raw") rawOf.set(call, us);
    const base = rawOf.get(call) ?? Number.NaN;
    const own = path === "raw" ? "" : (us - base).toFixed(1);
    console.log(`| ${call} | ${path} | ${us.toFixed(1)} | ${(us / base).toFixed(2)}× | ${own} |`);
  }
} finally {
  globalThis.fetch = realFetch;
}
