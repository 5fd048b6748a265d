/**
 * A dev server in a process of its own for the loop and memory benches: started with the JSON
 * options of its first argument (loopback, rate limit off), it sends `{ url, key }` over IPC once
 * listening, then answers each `"report"` message with what it measured since the last one: the
 * event loop's worst and 99th-percentile delay (`monitorEventLoopDelay`, 10 ms resolution), the
 * most CPU time the process used between two 10 ms ticks of a timer (what a block of the loop
 * costs, whatever the machine's load: on a shared machine a block's wall time is stretched by
 * the wait for a core, its CPU time is not), and its resident set size (sampled every 50 ms:
 * the peak, and now). `"gc"` runs a full collection
 * first when the process has `--expose-gc`.
 *
 *   node --expose-gc --import tsx test/bench/server-child.ts '{"longPollMs":5000}'
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { startDevServer } from "../../src/devserver/index.js";

const options = JSON.parse(process.argv[2] ?? "{}") as Record<string, unknown>;
const srv = await startDevServer({ port: 0, host: "127.0.0.1", rateLimit: false, ...options });
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
let rssPeak = 0;
let cpuBlockMs = 0;
let lastCpu = process.cpuUsage();
const ticker = setInterval(() => {
  const used = process.cpuUsage(lastCpu);
  lastCpu = process.cpuUsage();
  cpuBlockMs = Math.max(cpuBlockMs, (used.user + used.system) / 1000);
}, 10);
ticker.unref();
const sampler = setInterval(() => {
  rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
}, 50);
sampler.unref();

process.on("message", (m: unknown) => {
  if (m === "gc") (globalThis as { gc?: () => void }).gc?.();
  const rss = process.memoryUsage.rss();
  rssPeak = Math.max(rssPeak, rss);
  const stats = srv.stats();
  process.send?.({
    loopMaxMs: loop.max / 1e6,
    loopP99Ms: loop.percentile(99) / 1e6,
    cpuBlockMs,
    rss,
    rssPeak,
    storedBytes: stats.stored.bytes,
    storedIntents: stats.stored.intents,
  });
  loop.reset();
  rssPeak = rss;
  cpuBlockMs = 0;
});
process.once("disconnect", () => {
  srv.close().then(() => process.exit(0));
});
process.send?.({ url: srv.url, key: srv.accessKey });
