/**
 * The reliability table (`docs/reliability.md`) is written by the test run, never by hand: with
 * `UPDATE_RELIABILITY_TABLE=1` the observed table replaces the region between the markers (the
 * region and its heading are appended when missing); otherwise the region must equal it.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { repoPath } from "../runtimes/harness.js";

export const README = repoPath("docs/reliability.md");
export const START = "<!-- reliability:start -->";
export const END = "<!-- reliability:end -->";

/** A Markdown table with padded columns (stable under the formatter). */
export function markdownTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  const rule = `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`;
  return [line(header), rule, ...rows.map(line)].join("\n");
}

/** The text between the markers of `readme`, trimmed; `undefined` when the markers are missing. */
export function region(readme: string): string | undefined {
  const a = readme.indexOf(START);
  const b = readme.indexOf(END);
  if (a < 0 || b < a) return undefined;
  return readme.slice(a + START.length, b).trim();
}

/** `readme` with its region replaced by `body` (the section appended when missing). */
export function withRegion(readme: string, body: string, intro: string): string {
  const block = `${START}\n\n${body}\n\n${END}`;
  const a = readme.indexOf(START);
  const b = readme.indexOf(END);
  if (a >= 0 && b > a) return `${readme.slice(0, a)}${block}${readme.slice(b + END.length)}`;
  const head = readme.endsWith("\n") ? readme : `${readme}\n`;
  return `${head}\n## Reliability\n\n${intro}\n\n${block}\n`;
}

/** Whether this run writes the table instead of checking it. */
export const updating = process.env.UPDATE_RELIABILITY_TABLE === "1";

/** Writes `body` into the README region (update mode); answers the region as it now stands. */
export function syncReadme(body: string, intro: string): string | undefined {
  const readme = readFileSync(README, "utf8");
  if (!updating) return region(readme);
  writeFileSync(README, withRegion(readme, body, intro));
  return region(readFileSync(README, "utf8"));
}
