/**
 * `npm run docs:size`: measures the client's bundles with size-limit (the limits of
 * `package.json`, on the built `dist/`) and rewrites the table of `BENCHMARKS.md` between
 * `<!-- size:start -->` and `<!-- size:end -->`: the one place the size figures are stated.
 * `test/system/package/size-figures.test.ts` fails when the table differs from a fresh measurement, and
 * when the CHANGELOG states limits other than those of `package.json`.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { markdownTable } from "./docs.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** The file holding the table. */
export const BENCHMARKS_PATH = `${ROOT}BENCHMARKS.md`;
/** Marks the start of the generated table. */
export const SIZE_START = "<!-- size:start -->";
/** Marks its end. */
export const SIZE_END = "<!-- size:end -->";

/** One check of size-limit, as `size-limit --json` reports it. */
export interface SizeResult {
  name: string;
  size: number;
  sizeLimit: number;
}

/** size-limit's limits in `package.json`, in kB as written there (`"39.5 KB"` → 39.5). */
export function configuredLimits(): { name: string; path: string; kB: number }[] {
  const pkg = JSON.parse(readFileSync(`${ROOT}package.json`, "utf8")) as {
    "size-limit": { name: string; path: string; limit: string }[];
  };
  return pkg["size-limit"].map((c) => ({
    name: c.name,
    path: c.path,
    kB: Number.parseFloat(c.limit),
  }));
}

/** Runs size-limit on the built `dist/` (build first). */
export function measure(): SizeResult[] {
  const out = execFileSync(`${ROOT}node_modules/.bin/size-limit`, ["--json"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  return JSON.parse(out) as SizeResult[];
}

/** The table: each check's measured size and limit (min + gzip, kB of 1,000 bytes). */
export function sizeTable(results: readonly SizeResult[]): string {
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;
  return markdownTable(
    ["import (size-limit check)", "measured (min + gzip)", "limit"],
    results.map((r) => [r.name, kB(r.size), kB(r.sizeLimit)]),
  );
}

/** `text` with the region between the markers replaced by `table`. */
export function withSizeTable(text: string, table: string): string {
  const a = text.indexOf(SIZE_START);
  const b = text.indexOf(SIZE_END);
  if (a < 0 || b < a) throw new Error(`BENCHMARKS.md lacks ${SIZE_START} … ${SIZE_END}`);
  return `${text.slice(0, a)}${SIZE_START}\n\n${table}\n\n${text.slice(b)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = readFileSync(BENCHMARKS_PATH, "utf8");
  writeFileSync(BENCHMARKS_PATH, withSizeTable(text, sizeTable(measure())));
}
