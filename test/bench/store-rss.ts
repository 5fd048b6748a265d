/**
 * Resident memory of a dev server whose store is full: the default 128 MiB budget filled with
 * quotes of 64 KiB calldata (each counted at its CommitIntent body, about 270 KB), sent over
 * loopback by four callers, with the server in a process of its own (`server-child.ts`). Reports
 * the RSS of the empty server, then for each batch the peak RSS seen (sampled every 50 ms) and
 * the RSS after a full collection, above the empty server, against the budget. Bounded: `--quotes`
 * quotes in all (default 1,500, three times what the budget holds). Asserts nothing.
 * Usage: tsx test/bench/store-rss.ts [--quotes N]
 */
import { startChild } from "./child-handle.js";
import { BENCH_QUOTE_BODY } from "./quote-body.js";
import { numberArg } from "./smoke.js";

const total = numberArg("--quotes", 1500, 20);
const BUDGET = 128 * 1024 * 1024;
const mib = (n: number) => (n / 2 ** 20).toFixed(0);

const calldata = `0x${"ab".repeat(64 * 1024)}`;
const body = BENCH_QUOTE_BODY.replace(
  /}$/,
  `,"destinationCallData":"${calldata}","destinationToAddress":"0x2222222222222222222222222222222222222222"}`,
);

const srv = await startChild({});
try {
  const quote = async () => {
    const res = await fetch(`${srv.url}/rpc/Service/QuoteIntent`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-access-key": srv.key },
      body,
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`QuoteIntent answered ${res.status}`);
  };
  await quote();
  const empty = await srv.report(true);
  console.log(
    `empty server (one quote stored): RSS ${mib(empty.rss)} MiB; budget ${mib(BUDGET)} MiB`,
  );
  console.log(
    "| quotes sent | stored intents | stored MiB | peak RSS above empty, MiB | RSS after GC above empty, MiB | peak / budget |",
  );
  console.log("|---|---|---|---|---|---|");
  let sent = 1;
  let worst = 0;
  const batch = 250;
  while (sent < total) {
    const n = Math.min(batch, total - sent);
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < n) {
          next++;
          await quote();
        }
      }),
    );
    sent += n;
    const peak = await srv.report();
    const after = await srv.report(true);
    const peakAbove = Math.max(peak.rssPeak, after.rssPeak) - empty.rss;
    worst = Math.max(worst, peakAbove);
    console.log(
      `| ${sent} | ${after.storedIntents} | ${mib(after.storedBytes)} | ${mib(peakAbove)} | ${mib(after.rss - empty.rss)} | ${(peakAbove / BUDGET).toFixed(2)} |`,
    );
  }
  console.log(
    `worst peak above the empty server: ${mib(worst)} MiB = ${(worst / BUDGET).toFixed(2)} × the budget`,
  );
} finally {
  await srv.stop();
}
