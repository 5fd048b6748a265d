/**
 * `npm run spec:diff -- [--base <rev|file.ridl>] [--head <rev|file.ridl>] [--json] [--strict-both]`
 *
 * Compares two schemas (default: the last release's baseline with `schema/service.ridl`) and
 * prints every change, one line each, then a summary. Exit status: 0 when compatible or the
 * version raises the breaking digit; 1 when a change breaks old clients against a new server
 * and it does not (or, with `--strict-both`, when one breaks new clients against an old
 * server), or when a schema does not parse (one diagnostic line, as `npm run generate` prints);
 * 2 when a schema cannot be read (no such file or revision) or the arguments are wrong (read by
 * `node:util` `parseArgs`: `--base REV` or `--base=REV`).
 */

import { readArgs } from "../../src/internal/command/args.js";
import { printSchemaError } from "../ridl/diagnostic.js";
import { checkSchema } from "./check.js";
import { textReport } from "./report.js";

const USAGE =
  "usage: spec:diff [--base <git rev | file.ridl>] [--head <git rev | file.ridl>] [--json] [--strict-both]\n";

/** What `spec:diff` was asked, or the argument it does not take. */
interface DiffArgs {
  base?: string;
  head?: string;
  json: boolean;
  strictBoth: boolean;
}

/** Reads the arguments (`node:util` `parseArgs`); answers the first one it does not take. */
function readDiffArgs(argv: readonly string[]): DiffArgs | { unexpected: string } {
  const out: DiffArgs = { json: false, strictBoth: false };
  const items = readArgs(argv, {
    json: { type: "boolean" },
    "strict-both": { type: "boolean" },
    base: { type: "string" },
    head: { type: "string" },
  });
  for (const item of items) {
    if (item.kind !== "option") return { unexpected: item.arg };
    if (item.key === "json" || item.key === "strict-both") {
      if (item.inline) return { unexpected: item.arg };
      if (item.key === "json") out.json = true;
      else out.strictBoth = true;
    } else if (item.value === undefined) return { unexpected: item.arg };
    else if (item.key === "base") out.base = item.value;
    else out.head = item.value;
  }
  return out;
}

function main(argv: readonly string[]): number {
  const args = readDiffArgs(argv);
  if ("unexpected" in args) {
    process.stderr.write(
      `spec:diff: unexpected argument ${JSON.stringify(args.unexpected)}\n${USAGE}`,
    );
    return 2;
  }
  const { base, head, json, strictBoth } = args;
  let verdict: ReturnType<typeof checkSchema>;
  try {
    const options: Parameters<typeof checkSchema>[0] = { strictBoth };
    if (base !== undefined) options.base = base;
    if (head !== undefined) options.head = head;
    verdict = checkSchema(options);
  } catch (err) {
    // A schema that does not parse is refused as `npm run generate` refuses it: exit 1.
    if (printSchemaError(err, head ?? "schema/service.ridl")) return 1;
    process.stderr.write(`spec:diff: ${err instanceof Error ? err.message : String(err)}\n`);
    return 2;
  }
  if (json) process.stdout.write(`${JSON.stringify(verdict, null, 2)}\n`);
  else process.stdout.write(textReport(verdict));
  return verdict.exitCode;
}

process.exitCode = main(process.argv.slice(2));
