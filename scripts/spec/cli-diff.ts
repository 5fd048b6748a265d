/**
 * `npm run spec:diff -- [--base <rev|file.ridl>] [--head <rev|file.ridl>] [--json] [--strict-both]`
 *
 * Compares two schemas (default: the last release's baseline with `schema/service.ridl`) and
 * prints every change, one line each, then a summary. Exit status: 0 when compatible or the
 * version raises the breaking digit; 1 when a change breaks old clients against a new server
 * and it does not (or, with `--strict-both`, when one breaks new clients against an old
 * server), or when a schema does not parse (one diagnostic line, as `npm run generate` prints);
 * 2 when a schema cannot be read (no such file or revision) or the arguments are wrong.
 */

import { printSchemaError } from "../ridl/diagnostic.js";
import { checkSchema } from "./check.js";
import { textReport } from "./report.js";

const USAGE =
  "usage: spec:diff [--base <git rev | file.ridl>] [--head <git rev | file.ridl>] [--json] [--strict-both]\n";

function main(argv: readonly string[]): number {
  let base: string | undefined;
  let head: string | undefined;
  let json = false;
  let strictBoth = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--json") json = true;
    else if (arg === "--strict-both") strictBoth = true;
    else if ((arg === "--base" || arg === "--head") && argv[i + 1] !== undefined) {
      if (arg === "--base") base = argv[++i];
      else head = argv[++i];
    } else {
      process.stderr.write(`spec:diff: unexpected argument ${JSON.stringify(arg)}\n${USAGE}`);
      return 2;
    }
  }
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
