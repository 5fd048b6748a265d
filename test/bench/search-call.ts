/**
 * Big-answer bench through the public API: a 10,000-intent SearchIntents answer (numbers wire and
 * strings wire) served on loopback by another process, read with `fetch` + `res.json()` (lossy:
 * the baseline) and with `client.searchIntents` (default settings: strict validation, exact
 * bigints, the body limit raised to fit), also with `validate: "off"` (time only), which shows
 * what the response validator costs. Samples interleave, every other round in reverse order,
 * with a full GC before each; prints the median time of each and the median of the per-round
 * ratios (wall clock, and CPU time of this process), then the peak RSS of one call of each in a
 * child process of its own. Asserts nothing.
 * With `--baseline <dir>`, the `createClient` of that checkout runs beside them (time only; see
 * baseline.ts).
 * Usage: npm run bench:search   (node --expose-gc --import tsx test/bench/search-call.ts [--samples N] [--baseline DIR])
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { createClient } from "../../src/index.js";
import { baselineClient } from "./baseline.js";
import { fixtures, SEARCH_REQUEST } from "./fixtures.js";
import { numberArg } from "./smoke.js";

const samples = numberArg("--samples", 9, 1);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? Number.NaN;
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

async function serve(file: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ["--import", "tsx", here("./search-server.ts"), file], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the bench server exited (${code})`)));
    createInterface({ input: child.stdout }).once("line", resolve);
  });
  return { url, child };
}

function peakRss(variant: string, url: string): number {
  const out = execFileSync(
    process.execPath,
    ["--expose-gc", "--import", "tsx", here("./search-call-rss.ts"), variant, url],
    { encoding: "utf8", maxBuffer: 1 << 20 },
  );
  return (JSON.parse(out) as { peak: number }).peak;
}

let load = "unknown";
try {
  load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
} catch {
  // not Linux: the load average is only informative
}
const previous = await baselineClient();
console.log(`node ${process.version}, load average ${load}, ${samples} samples\n`);
console.log("| answer | path | median ms | ratio (wall) | ratio (CPU) | peak RSS MB | RSS ratio |");
console.log("|---|---|---:|---:|---:|---:|---:|");
for (const f of fixtures().filter((x) => x.name.startsWith("search"))) {
  const { url, child } = await serve(f.file);
  try {
    const client = createClient({
      baseUrl: url,
      accessKey: "bench-key",
      maxResponseBytes: 2 ** 30,
    });
    const unchecked = createClient({
      baseUrl: url,
      accessKey: "bench-key",
      maxResponseBytes: 2 ** 30,
      validate: "off",
    });
    const paths: [string, () => Promise<unknown>][] = [
      [
        "fetch + res.json()",
        async () => {
          const res = await fetch(`${url}/rpc/Service/SearchIntents`, {
            method: "POST",
            headers: { "content-type": "application/json", "x-access-key": "bench-key" },
            body: JSON.stringify(SEARCH_REQUEST),
          });
          return res.json();
        },
      ],
      ["client.searchIntents", () => client.searchIntents(SEARCH_REQUEST)],
      // What the response validator costs: the same call with every other step kept.
      ['client.searchIntents (validate: "off")', () => unchecked.searchIntents(SEARCH_REQUEST)],
    ];
    if (previous) {
      const before = previous({ baseUrl: url, accessKey: "bench-key", maxResponseBytes: 2 ** 30 });
      paths.push(["baseline client.searchIntents", () => before.searchIntents(SEARCH_REQUEST)]);
    }
    for (const [, call] of paths) await call(); // warm-up
    const times = paths.map(() => [] as number[]);
    // CPU of this process (every thread: the parallel GC's too), which waits on no other process:
    // steadier than wall time on a machine shared with other work.
    const cpus = paths.map(() => [] as number[]);
    for (let s = 0; s < samples; s++) {
      const order = [...paths.keys()];
      if (s % 2 === 1) order.reverse();
      for (const i of order) {
        gc();
        const c = process.cpuUsage();
        const t = performance.now();
        await (paths[i] as [string, () => Promise<unknown>])[1]();
        times[i]?.push(performance.now() - t);
        const used = process.cpuUsage(c);
        cpus[i]?.push(used.user + used.system);
      }
    }
    const base = times[0] ?? [];
    const baseCpu = cpus[0] ?? [];
    // Peak memory of the current code only: the baseline's is measured by running this bench there.
    const rss = paths.map(([name]) =>
      name.startsWith("baseline") || name.includes('"off"')
        ? Number.NaN
        : peakRss(name.startsWith("fetch") ? "raw" : "client", url),
    );
    for (const [i, [name]] of paths.entries()) {
      const xs = times[i] ?? [];
      const ratio = median(xs.map((x, k) => x / (base[k] ?? Number.NaN)));
      const cpuRatio = median((cpus[i] ?? []).map((x, k) => x / (baseCpu[k] ?? Number.NaN)));
      const peak = rss[i] ?? Number.NaN;
      console.log(
        `| ${f.name} (${(readFileSync(f.file).length / 1e6).toFixed(0)} MB) | ${name} | ${median(xs).toFixed(0)} | ${ratio.toFixed(2)}× | ${cpuRatio.toFixed(2)}× | ${(peak / 2 ** 20).toFixed(0)} | ${(peak / (rss[0] ?? Number.NaN)).toFixed(2)}× |`,
      );
    }
  } finally {
    child.kill("SIGTERM");
  }
}
