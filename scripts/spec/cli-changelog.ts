/**
 * `npm run spec:changelog [-- --check]`: writes the schema section of CHANGELOG.md from the diff
 * of `schema/service.ridl` against the last release's schema. `--check` writes nothing and
 * exits 1 when the section is not what the diff gives. Any other argument is refused with the
 * usage (exit 2).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { readCheckArg } from "../../src/internal/command/args.js";
import { printSchemaError } from "../ridl/diagnostic.js";
import { changelogSection, spliceChangelog } from "./changelog.js";
import { checkSchema } from "./check.js";

const FILE = "CHANGELOG.md";
const USAGE = "usage: spec:changelog [--check]\n";

function main(argv: readonly string[]): number {
  const args = readCheckArg(argv);
  if ("unexpected" in args) {
    process.stderr.write(
      `spec:changelog: unexpected argument ${JSON.stringify(args.unexpected)}\n${USAGE}`,
    );
    return 2;
  }
  const { check } = args;
  let body: string;
  try {
    body = changelogSection(checkSchema());
  } catch (err) {
    if (printSchemaError(err, "schema/service.ridl")) return 1;
    throw err;
  }
  const before = readFileSync(FILE, "utf8");
  const after = spliceChangelog(before, body);
  if (check) {
    if (after === before) return 0;
    process.stderr.write(`${FILE}: the schema section is stale; run \`npm run spec:changelog\`\n`);
    return 1;
  }
  if (after !== before) writeFileSync(FILE, after);
  process.stdout.write(
    `${FILE}: schema section ${after === before ? "already up to date" : "written"}\n`,
  );
  return 0;
}

process.exitCode = main(process.argv.slice(2));
