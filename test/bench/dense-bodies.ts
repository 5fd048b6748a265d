/**
 * The bodies that cost most to decode per byte, each about one size (30 MB by default, inside the
 * client's 32 MiB body limit), against a real answer of the same size: empty arrays nested two
 * deep, empty objects, small objects, numbers, objects whose member names never repeat, short
 * strings, each an unknown member of a Ping answer. Each body is written to a file in the system temp folder, then answered to one Ping by
 * a `fetch` passed to the client (default settings, `timeoutMs: 2000`, no retry) in a child
 * process of its own; prints how the call ended, its wall time and the child's peak RSS (the
 * body's text included). Asserts nothing.
 * Usage: npm run bench:dense   (node --import tsx test/bench/dense-bodies.ts [--mb N])
 */
import { execFileSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { makeSearchResponse, toStringsWire } from "./data.js";
import { numberArg } from "./smoke.js";

const mb = numberArg("--mb", 30, 1);
const bytes = mb * 1e6;
const child = fileURLToPath(new URL("./dense-body-call.ts", import.meta.url));

/** `item` repeated to about `bytes` bytes, as an unknown member of a Ping answer. */
function repeated(item: string): string {
  const n = Math.max(1, Math.floor(bytes / (item.length + 1)));
  return `{"version":"v1","filler":[${`${item},`.repeat(n - 1)}${item}]}`;
}

const SHAPES: [string, () => string][] = [
  // About 11.6 KB per intent in the strings wire.
  [
    "real answer (SearchIntents)",
    () => {
      const intents = Math.max(1, Math.round(bytes / 11_600));
      return `{"version":"v1","filler":${toStringsWire(makeSearchResponse(intents))}}`;
    },
  ],
  ["nested empty arrays `[[]]`", () => repeated("[[]]")],
  ["empty objects `{}`", () => repeated("{}")],
  ['small objects `{"a":0}`', () => repeated('{"a":0}')],
  ["numbers `0`", () => repeated("0")],
  [
    "objects of 8 members whose names never repeat",
    () => {
      const items: string[] = [];
      for (let k = 0, size = 0; size < bytes; size += (items[items.length - 1]?.length ?? 0) + 1) {
        items.push(`{${Array.from({ length: 8 }, () => `"k${k++}":12345`).join(",")}}`);
      }
      return `{"version":"v1","filler":[${items.join(",")}]}`;
    },
  ],
  ['short strings `"ab"`', () => repeated('"ab"')],
];

console.log(`node ${process.version}, bodies of ${mb} MB, timeoutMs 2000\n`);
console.log("| body | outcome | wall ms | peak RSS MB |");
console.log("|---|---|---:|---:|");
const file = join(tmpdir(), `xchain-intents-dense-body-${process.pid}.json`);
try {
  for (const [name, make] of SHAPES) {
    writeFileSync(file, make());
    const out = execFileSync(process.execPath, ["--expose-gc", "--import", "tsx", child, file], {
      encoding: "utf8",
      maxBuffer: 1 << 20,
    });
    const r = JSON.parse(out) as { outcome: string; ms: number; peak: number };
    console.log(
      `| ${name} | ${r.outcome} | ${r.ms.toFixed(0)} | ${(r.peak / 2 ** 20).toFixed(0)} |`,
    );
  }
} finally {
  rmSync(file, { force: true });
}
