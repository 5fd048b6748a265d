/** The one-line schema summary `npm run generate` prints: the diff against the last release. */
import { existsSync } from "node:fs";
import { join, relative } from "node:path";
import { checkSchema } from "./check.js";
import { BASELINE_FILE, SCHEMA_FILE } from "./load.js";
import { summaryLine } from "./report.js";

/** `schema: 2 schema change(s) against … : 1 breaking, 1 ok` (and the release rule's verdict). */
export function schemaSummary(root: string): string {
  const base = join(root, BASELINE_FILE);
  if (!existsSync(base)) return `schema: no baseline at ${BASELINE_FILE} to compare with`;
  const verdict = checkSchema({
    base: relative(process.cwd(), base) || base,
    head: relative(process.cwd(), join(root, SCHEMA_FILE)),
  });
  const rule = verdict.failure ? ` — ${verdict.failure} (npm run spec:diff)` : "";
  return `schema: ${summaryLine(verdict)}${rule}`;
}
