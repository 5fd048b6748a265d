/**
 * The size figures are stated once and hold: the table of `BENCHMARKS.md` is what size-limit
 * measures now (`npm run docs:size` rewrites it), and the CHANGELOG states the limits of
 * `package.json` for the client entry (the wallet entry's one limit is stated in BENCHMARKS.md) and
 * no other size triple; the README states none of its own.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  BENCHMARKS_PATH,
  configuredLimits,
  measure,
  SIZE_END,
  SIZE_START,
  sizeTable,
} from "../../../scripts/size-table.js";
import { repoPath, requireBuilt } from "../../kit/runtimes/harness.js";

requireBuilt();

/** Every `A / B / C kB` triple in `text`. */
function triples(text: string): number[][] {
  return [...text.matchAll(/(\d+(?:\.\d+)?) ?\/ ?(\d+(?:\.\d+)?) ?\/ ?(\d+(?:\.\d+)?) ?kB/g)].map(
    (m) => [Number(m[1]), Number(m[2]), Number(m[3])],
  );
}

describe("size figures", () => {
  it("in BENCHMARKS.md are what size-limit measures on dist/ now", () => {
    const text = readFileSync(BENCHMARKS_PATH, "utf8");
    const block = text.slice(text.indexOf(SIZE_START) + SIZE_START.length, text.indexOf(SIZE_END));
    expect(block.trim(), "run `npm run docs:size`").toBe(sizeTable(measure()));
  });

  it("in the CHANGELOG are the limits of package.json, stated once; the README states none", () => {
    const limits = configuredLimits()
      .filter((l) => l.path === "dist/index.js")
      .map((l) => l.kB);
    expect(limits).toHaveLength(3);
    expect(triples(readFileSync(repoPath("CHANGELOG.md"), "utf8"))).toEqual([limits]);
    expect(triples(readFileSync(repoPath("README.md"), "utf8"))).toEqual([]);
  });
});
