/**
 * Codec bench: decode time of each variant as the median of 21 samples (quote) or 15 (search)
 * after warm-up, as a ratio to `JSON.parse` of the same bytes in the same process (samples
 * interleaved, GC between samples when `--expose-gc` is given), then peak RSS of one decode of the
 * search response per variant, each in its own child process. Decoding is timed alone and followed
 * by the response validator, as the client runs it, beside two lossy references: `JSON.parse` with
 * the same validator, and the official `@0xtrails/api` client's `JsonDecode`. Prints Markdown
 * tables; asserts nothing.
 * Usage: npm run bench:codec   (node --expose-gc --import tsx test/bench/codec.ts [--quick])
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseJson, stringifyJson } from "../../src/codec/index.js";
import { type Fixture, fixtures } from "./fixtures.js";
import { smoke } from "./smoke.js";
import { type Decode, variants } from "./variants.js";

const quick = smoke || process.argv.includes("--quick");
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? Number.NaN;

/** Wall-clock and CPU milliseconds of one decode. */
interface Timing {
  wall: number;
  cpu: number;
}

/**
 * Median wall-clock and CPU time per decode: `samples` samples of `reps` decodes each, variants
 * interleaved. CPU time (the process's user + system time, GC threads included) is reported too
 * because it barely moves when other processes share the machine, while wall-clock time does.
 */
function timeAll(text: string, typeName: string, names: string[], samples: number, reps: number) {
  const times = new Map<string, Timing[]>(names.map((n) => [n, []]));
  const run = (decode: Decode): Timing => {
    const c = process.cpuUsage();
    const t = performance.now();
    for (let i = 0; i < reps; i++) decode(text, typeName);
    const wall = (performance.now() - t) / reps;
    const used = process.cpuUsage(c);
    return { wall, cpu: (used.user + used.system) / 1000 / reps };
  };
  for (const name of names) run(variants[name] as Decode); // warm-up
  for (let s = 0; s < samples; s++) {
    for (const name of names) {
      // A full GC before each single decode of a big document keeps samples comparable; before a
      // sample of 200 decodes of a small one it only distorts (V8 runs slower for a while after).
      if (reps === 1) gc();
      times.get(name)?.push(run(variants[name] as Decode));
    }
  }
  return new Map(
    [...times].map(([n, xs]) => [
      n,
      { wall: median(xs.map((x) => x.wall)), cpu: median(xs.map((x) => x.cpu)) },
    ]),
  );
}

function speed(f: Fixture): string[] {
  const text = readFileSync(f.file, "latin1");
  const big = text.length > 1e6;
  const names = Object.keys(variants).filter((n) => !(big && quick && n === "exact parser"));
  const samples = smoke ? 1 : big ? (quick ? 3 : 15) : 21;
  const reps = big || smoke ? 1 : 200;
  const result = timeAll(text, f.typeName, names, samples, reps);
  const base = result.get("JSON.parse") ?? { wall: Number.NaN, cpu: Number.NaN };
  const size = big
    ? `${(text.length / 1e6).toFixed(1)} MB`
    : `${(text.length / 1e3).toFixed(1)} KB`;
  return names.map((n) => {
    const { wall, cpu } = result.get(n) ?? base;
    const ratios = `${(wall / base.wall).toFixed(2)}× | ${(cpu / base.cpu).toFixed(2)}×`;
    return `| ${f.name} (${size}) | ${n} | ${wall.toFixed(3)} | ${ratios} |`;
  });
}

/** Encoding: `stringifyJson` of the decoded value against `JSON.stringify` of the strings wire. */
function encodeSpeed(numbers: Fixture, strings: Fixture): string[] {
  const big = numbers.name.startsWith("search");
  const value = parseJson(readFileSync(numbers.file, "latin1"), numbers.typeName);
  const plain: unknown = JSON.parse(readFileSync(strings.file, "latin1"));
  const encoders: Record<string, () => string> = {
    "JSON.stringify (strings wire value)": () => JSON.stringify(plain),
    "stringifyJson (numbers)": () => stringifyJson(value, numbers.typeName),
    "stringifyJson (strings)": () => stringifyJson(value, numbers.typeName, { bigintAs: "string" }),
  };
  const times = new Map<string, number[]>();
  const reps = big || smoke ? 1 : 200;
  for (let s = -1; s < (smoke ? 1 : big ? 5 : 15); s++) {
    for (const [name, encode] of Object.entries(encoders)) {
      gc();
      const t = performance.now();
      for (let i = 0; i < reps; i++) encode();
      if (s >= 0) times.set(name, [...(times.get(name) ?? []), (performance.now() - t) / reps]);
    }
  }
  const base = median(times.get("JSON.stringify (strings wire value)") ?? []);
  return [...times].map(([name, xs]) => {
    const ms = median(xs);
    return `| ${numbers.name.split("/")[0]} | ${name} | ${ms.toFixed(3)} | ${(ms / base).toFixed(2)}× |`;
  });
}

function peakRss(f: Fixture, variant: string): number {
  const child = fileURLToPath(new URL("./rss.ts", import.meta.url));
  const out = execFileSync(
    process.execPath,
    ["--expose-gc", "--import", "tsx", child, variant, f.file, f.typeName],
    { encoding: "utf8", maxBuffer: 1 << 20 },
  );
  return (JSON.parse(out) as { peak: number }).peak;
}

const all = fixtures();
let load = "unknown";
try {
  load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
} catch {
  // not Linux: the load average is only informative
}
console.log(`node ${process.version}, V8 ${process.versions.v8}, load average ${load}\n`);
console.log("| document | decoder | median ms | ratio (wall) | ratio (CPU) |");
console.log("|---|---|---:|---:|---:|");
for (const f of all) for (const line of speed(f)) console.log(line);

console.log("\n| document | encoder | median ms | ratio to JSON.stringify |");
console.log("|---|---|---:|---:|");
for (const kind of ["quote", "search"]) {
  const [numbers, strings] = [`${kind}/numbers`, `${kind}/strings`].map((n) =>
    all.find((f) => f.name === n),
  );
  if (numbers && strings) for (const line of encodeSpeed(numbers, strings)) console.log(line);
}

console.log("\n| document | decoder | peak RSS MB | ratio to JSON.parse |");
console.log("|---|---|---:|---:|");
for (const f of all.filter((x) => x.name.startsWith("search"))) {
  const base = peakRss(f, "JSON.parse");
  for (const variant of [
    "JSON.parse",
    "parseJson",
    "parseJson + validation",
    "client: decode + validation",
  ]) {
    const peak = variant === "JSON.parse" ? base : peakRss(f, variant);
    console.log(
      `| ${f.name} | ${variant} | ${(peak / 2 ** 20).toFixed(0)} | ${(peak / base).toFixed(2)}× |`,
    );
  }
}
