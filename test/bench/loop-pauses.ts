/**
 * How long the dev server's event loop is held under abuse, over loopback only, with the server
 * in a process of its own (`server-child.ts`): a Ping every 20 ms, from a thread apart from the
 * one that sends the attack (`pinger.ts`), measures what a caller waits,
 * and the server's own loop-delay monitor says how long its loop was held (wall time), and the
 * CPU time it used between two 10 ms ticks (the same block without the wait for a core, which a
 * shared machine adds). Three scenarios, each
 * bounded in time and in count:
 * - `hostile`: eight `GetTokenPrices` bodies of 500,000 wrong items (1 MB each);
 * - `mix`: eight workers sending 64 KiB-calldata quotes and their commits, bodies past the limit,
 *   1,001-item arrays, 500-deep JSON, searches and history pages, for `--seconds` (default 20);
 * - `polls`: 1,000 WaitIntentReceipt long polls held open while Ping runs;
 * - `keepalive`: 64 kept-alive clients sending QuoteIntent, then 256 sending Ping, without pause,
 *   for `--seconds`; the Pings timed there go each on a new connection (a newcomer's wait).
 * Prints one Markdown row per scenario; asserts nothing.
 * Usage: tsx test/bench/loop-pauses.ts [--seconds N] [--only hostile|mix|polls|keepalive]
 */
import { fork } from "node:child_process";
import { Agent, request } from "node:http";
import { fileURLToPath } from "node:url";
import { type ChildServer, startChild } from "./child-handle.js";
import { BENCH_QUOTE_BODY } from "./quote-body.js";
import { smoke } from "./smoke.js";

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? undefined : process.argv[i + 1];
};
const seconds = Number(arg("--seconds") ?? (smoke ? 1 : 20));
const only = arg("--only");
const MAX_MIX_REQUESTS = 40_000;

async function post(
  srv: ChildServer,
  op: string,
  body: string,
): Promise<{ status: number; text: string }> {
  try {
    const res = await fetch(`${srv.url}/rpc/Service/${op}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-access-key": srv.key },
      body,
    });
    return { status: res.status, text: await res.text() };
  } catch {
    return { status: 0, text: "" }; // a body past the limit may be cut off mid-send
  }
}

/**
 * Starts pinging every 20 ms from a process of its own (see `pinger.ts`); resolves once the Pings
 * run, with `stop`, which ends them and gives their latencies, sorted.
 */
async function startPinger(
  srv: ChildServer,
  fresh = false,
): Promise<{ stop: () => Promise<number[]> }> {
  const child = fork(
    fileURLToPath(new URL("./pinger.ts", import.meta.url)),
    [JSON.stringify({ url: srv.url, key: srv.key, fresh })],
    { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] },
  );
  const next = () =>
    new Promise<unknown>((resolve, reject) => {
      child.once("message", resolve);
      child.once("error", reject);
    });
  await next();
  return {
    async stop() {
      const latencies = next();
      child.send("stop");
      return ((await latencies) as number[]).sort((a, b) => a - b);
    },
  };
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

async function scenario(
  name: string,
  options: Record<string, unknown>,
  load: (srv: ChildServer) => Promise<string>,
  freshPings = false,
) {
  const srv = await startChild(options);
  try {
    await post(srv, "Ping", "{}");
    await srv.report();
    const pinger = await startPinger(srv, freshPings);
    const note = await load(srv);
    const pings = await pinger.stop();
    const r = await srv.report();
    console.log(
      `| ${name} | ${pings.length} | ${pct(pings, 50).toFixed(1)} | ${pct(pings, 99).toFixed(1)} | ${(pings[pings.length - 1] ?? 0).toFixed(1)} | ${r.loopMaxMs.toFixed(1)} | ${r.cpuBlockMs.toFixed(1)} | ${note} |`,
    );
  } finally {
    await srv.stop();
  }
}

const calldata = `0x${"ab".repeat(64 * 1024)}`;
const quote64k = BENCH_QUOTE_BODY.replace(
  /}$/,
  `,"destinationCallData":"${calldata}","destinationToAddress":"0x2222222222222222222222222222222222222222"}`,
);

async function hostile(srv: ChildServer): Promise<string> {
  const body = `{"tokens":[${Array(500_000).fill(0).join(",")}]}`;
  const statuses: number[] = [];
  const t = performance.now();
  for (let round = 0; round < 4; round++) {
    const answers = await Promise.all([
      post(srv, "GetTokenPrices", body),
      post(srv, "GetTokenPrices", body),
    ]);
    statuses.push(...answers.map((a) => a.status));
  }
  return `8 bodies answered ${[...new Set(statuses)].join("/")} in ${(performance.now() - t).toFixed(0)} ms`;
}

async function mix(srv: ChildServer): Promise<string> {
  const until = performance.now() + seconds * 1000;
  let sent = 0;
  const byStatus = new Map<number, number>();
  const owner = "0x2222222222222222222222222222222222222222";
  const deep = `{"a":${"[".repeat(500)}${"]".repeat(500)}}`;
  const huge = `{"x":"${"y".repeat(1_100_000)}"}`;
  const list = BENCH_QUOTE_BODY.replace(/}$/, `,"memo":[${Array(1001).fill(0).join(",")}]}`);
  const attacks: (() => Promise<{ status: number }>)[] = [
    async () => {
      const q = await post(srv, "QuoteIntent", quote64k);
      if (q.status !== 200) return q;
      const intent = q.text.slice(
        q.text.indexOf('"intent":') + 9,
        q.text.lastIndexOf(',"gasFeeOptions"'),
      );
      return post(srv, "CommitIntent", `{"intent":${intent}}`);
    },
    () => post(srv, "QuoteIntent", huge),
    () => post(srv, "QuoteIntent", list),
    () => post(srv, "QuoteIntent", deep),
    () => post(srv, "SearchIntents", `{"byOwnerAddress":"${owner}"}`),
    () => post(srv, "GetIntentHistory", `{"byOwnerAddress":"${owner}","page":{"pageSize":100}}`),
  ];
  const worker = async (w: number) => {
    for (let i = w; performance.now() < until && sent < MAX_MIX_REQUESTS; i++) {
      sent++;
      const a = await (attacks[i % attacks.length] as () => Promise<{ status: number }>)();
      byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: 8 }, (_, w) => worker(w)));
  return `${sent} requests in ${seconds} s, statuses ${JSON.stringify(Object.fromEntries(byStatus))}`;
}

async function polls(srv: ChildServer): Promise<string> {
  const q = await post(srv, "QuoteIntent", BENCH_QUOTE_BODY);
  const intentId = /"intentId":"([^"]+)"/.exec(q.text)?.[1] ?? "";
  // Without states a poll answers at once, with the states to pass so that the next ones wait.
  const first = await post(srv, "WaitIntentReceipt", JSON.stringify({ intentId }));
  const last = (JSON.parse(first.text) as { receiptStates: string[] }).receiptStates;
  const body = JSON.stringify({ intentId, lastReceiptStates: last });
  const t = performance.now();
  const answers = await Promise.all(
    Array.from({ length: 1000 }, () => post(srv, "WaitIntentReceipt", body)),
  );
  const ok = answers.filter((a) => a.status === 200).length;
  return `1000 long polls (${ok} answered 200) held ${(performance.now() - t).toFixed(0)} ms`;
}

/** `clients` kept-alive connections each sending `op` with `body` without pause, for `seconds`. */
function keptAlive(clients: number, op: string, body: string) {
  return async (srv: ChildServer): Promise<string> => {
    const agent = new Agent({ keepAlive: true, maxSockets: clients });
    const until = performance.now() + seconds * 1000;
    const { port } = new URL(srv.url);
    let answered = 0;
    const once = () =>
      new Promise<void>((resolve) => {
        const req = request(
          {
            host: "127.0.0.1",
            port,
            method: "POST",
            path: `/rpc/Service/${op}`,
            agent,
            headers: { "content-type": "application/json", "x-access-key": srv.key },
          },
          (res) => {
            res.resume();
            res.on("end", () => {
              answered++;
              resolve();
            });
            res.on("error", () => resolve());
          },
        );
        req.on("error", () => resolve());
        req.end(body);
      });
    const client = async () => {
      while (performance.now() < until) await once();
    };
    await Promise.all(Array.from({ length: clients }, client));
    agent.destroy();
    return `${clients} kept-alive ${op} clients: ${answered} answers in ${seconds} s; Pings on new connections`;
  };
}

console.log(
  "| scenario | pings | Ping p50 ms | Ping p99 ms | Ping worst ms | server loop worst ms | server CPU between ticks, worst ms | load |",
);
console.log("|---|---|---|---|---|---|---|---|");
if (only === undefined || only === "hostile") await scenario("500,000-item bodies", {}, hostile);
if (only === undefined || only === "mix") await scenario("attack mix", {}, mix);
if (only === undefined || only === "polls")
  await scenario("1,000 long polls", { longPollMs: smoke ? 500 : 8000 }, polls);
if (only === undefined || only === "keepalive") {
  await scenario("64 kept-alive quoting", {}, keptAlive(64, "QuoteIntent", BENCH_QUOTE_BODY), true);
  await scenario("256 kept-alive pinging", {}, keptAlive(256, "Ping", "{}"), true);
}
