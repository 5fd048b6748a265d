/**
 * A dev server in a process of its own for the loop and memory benches: started with the JSON
 * options of its first argument (loopback, rate limit off), it sends `{ url, key }` over IPC once
 * listening, then answers each `"report"` message with what it measured since the last one: the
 * event loop's worst and 99th-percentile delay (`monitorEventLoopDelay`, 10 ms resolution) and
 * its resident set size (sampled every 50 ms: the peak, and now). `"gc"` runs a full collection
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
    rss,
    rssPeak,
    storedBytes: stats.stored.bytes,
    storedIntents: stats.stored.intents,
  });
  loop.reset();
  rssPeak = rss;
});
process.once("disconnect", () => {
  srv.close().then(() => process.exit(0));
});
process.send?.({ url: srv.url, key: srv.accessKey });
