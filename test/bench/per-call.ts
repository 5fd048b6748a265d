/**
 * Per-call overhead bench: sequential GetIntent calls over loopback to a dev server running in
 * another process, through the client (`createClient`, default settings: strict validation,
 * retries, timeout, body limit) and through a raw `fetch` + `JSON.parse` of the same request.
 * After a warm-up, samples of each are interleaved in this one process; each sample times `reps`
 * sequential calls. Prints the median time per call of each and their ratio (the median of the
 * per-round ratios) as a Markdown table; asserts nothing.
 * With `--baseline <dir>`, the `createClient` of that checkout runs beside them (see baseline.ts).
 * Usage: npm run bench:call   (tsx test/bench/per-call.ts [--samples N] [--reps N] [--baseline DIR])
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { createClient } from "../../src/index.js";
import { baselineClient } from "./baseline.js";
import { numberArg } from "./smoke.js";

const samples = numberArg("--samples", 200, 2);
const reps = numberArg("--reps", 20, 2);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? Number.NaN;

const serverScript = fileURLToPath(new URL("./per-call-server.ts", import.meta.url));
const child = spawn(process.execPath, ["--import", "tsx", serverScript], {
  stdio: ["ignore", "pipe", "inherit"],
});
const firstLine = await new Promise<string>((resolve, reject) => {
  child.once("exit", (code) => reject(new Error(`the dev server exited (${code})`)));
  createInterface({ input: child.stdout }).once("line", resolve);
});
const { url, accessKey, intentId } = JSON.parse(firstLine) as {
  url: string;
  accessKey: string;
  intentId: string;
};

const body = JSON.stringify({ intentId });
const endpoint = `${url}/rpc/Service/GetIntent`;
const headers = { "content-type": "application/json", "x-access-key": accessKey };

type Call = () => Promise<unknown>;
const raw: Call = async () => {
  const res = await fetch(endpoint, { method: "POST", headers, body });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return JSON.parse(await res.text());
};
const client = createClient({ baseUrl: url, accessKey });
const viaClient: Call = () => client.getIntent({ intentId });
const unchecked = createClient({ baseUrl: url, accessKey, validate: "off" });
const viaUnchecked: Call = () => unchecked.getIntent({ intentId });

const variants: [string, Call][] = [
  ["raw fetch + JSON.parse", raw],
  ["client.getIntent (default: strict validation)", viaClient],
  ['client.getIntent (validate: "off")', viaUnchecked],
];
const previous = await baselineClient();
if (previous) {
  const before = previous({ baseUrl: url, accessKey });
  variants.push(["baseline client.getIntent (default)", () => before.getIntent({ intentId })]);
}

/** Wall-clock and CPU (this process: user + system) microseconds per call. */
interface Timing {
  wall: number;
  cpu: number;
}

async function sample(call: Call): Promise<Timing> {
  const c = process.cpuUsage();
  const t = performance.now();
  for (let i = 0; i < reps; i++) await call();
  const wall = ((performance.now() - t) / reps) * 1000;
  const used = process.cpuUsage(c);
  return { wall, cpu: (used.user + used.system) / reps };
}

try {
  for (const [, call] of variants) for (let i = 0; i < 300; i++) await call(); // warm-up
  const times = variants.map(() => [] as Timing[]);
  for (let s = 0; s < samples; s++) {
    // Every other round in reverse order, so that no variant always runs first.
    const order = [...variants.keys()];
    if (s % 2 === 1) order.reverse();
    for (const i of order) times[i]?.push(await sample((variants[i] as [string, Call])[1]));
  }
  const base = times[0] ?? [];
  console.log(
    `Node ${process.version}, GetIntent (${samples} samples × ${reps} sequential calls each, interleaved)\n`,
  );
  console.log("| path | µs per call | ratio to raw | client CPU µs per call | CPU ratio to raw |");
  console.log("|---|---:|---:|---:|---:|");
  const ratio = (xs: Timing[], pick: (t: Timing) => number) =>
    median(xs.map((x, k) => pick(x) / pick(base[k] ?? { wall: Number.NaN, cpu: Number.NaN })));
  for (const [i, [name]] of variants.entries()) {
    const xs = times[i] ?? [];
    const wall = median(xs.map((x) => x.wall));
    const cpu = median(xs.map((x) => x.cpu));
    console.log(
      `| ${name} | ${wall.toFixed(0)} | ${ratio(xs, (t) => t.wall).toFixed(2)}× | ${cpu.toFixed(0)} | ${ratio(xs, (t) => t.cpu).toFixed(2)}× |`,
    );
  }
} finally {
  child.kill("SIGTERM");
}
