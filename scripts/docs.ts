/**
 * `npm run docs`: rewrites the README's error table (between `<!-- errors:start -->` and
 * `<!-- errors:end -->`) from the generated error definitions and the client's retry decision,
 * and the table of breaking changes in `docs/schema-changes.md` from the schema check's rules.
 * `npm run docs -- --check` fails when a table is stale (test/docs checks the same); any other
 * argument is refused with the usage (exit 2).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { errorClassByCode, errorDefinitions } from "../generated/error-table.js";
import { readCheckArg } from "../src/internal/command/args.js";
import { isRetryableFor } from "../src/retry/decision.js";
import { withRulesTable } from "./spec/rules-table.js";

/** The README this script maintains. */
export const README_PATH = fileURLToPath(new URL("../README.md", import.meta.url));
/** The page on schema changes, whose rules table this script maintains. */
export const SCHEMA_CHANGES_PATH = fileURLToPath(
  new URL("../docs/schema-changes.md", import.meta.url),
);
/** Marks the start of the generated error table. */
export const ERRORS_START = "<!-- errors:start -->";
/** Marks its end. */
export const ERRORS_END = "<!-- errors:end -->";

/** Whether an error is retried by default: always, for operations safe to repeat, or never. */
export function retryColumn(code: number): string {
  const Class = errorClassByCode.get(code);
  if (Class === undefined) throw new Error(`no class for error code ${code}`);
  const error = new Class();
  const unsafe = isRetryableFor(error, false);
  const safe = isRetryableFor(error, true);
  if (unsafe && safe) return "always";
  if (safe) return "safe operations only";
  return "no";
}

/** A Markdown table with padded columns, as the formatter writes it. */
export function markdownTable(header: readonly string[], rows: readonly string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  const rule = `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`;
  return [line(header), rule, ...rows.map(line)].join("\n");
}

/** The error table: one row per error of the schema, in the schema's order. */
export function errorsTable(): string {
  const rows = errorDefinitions.map((d) => [
    `\`${d.error}\``,
    `\`${d.name}\``,
    String(d.code),
    String(d.status),
    d.message.replaceAll("|", "\\|"),
    retryColumn(d.code),
  ]);
  return markdownTable(["error", "class", "code", "HTTP", "message", "retried"], rows);
}

/** `readme` with the region between the markers replaced by the current table. */
export function withErrorsTable(readme: string): string {
  const a = readme.indexOf(ERRORS_START);
  const b = readme.indexOf(ERRORS_END);
  if (a < 0 || b < a) throw new Error(`README.md lacks ${ERRORS_START} … ${ERRORS_END}`);
  const block = `${ERRORS_START}\n\n${errorsTable()}\n\n${ERRORS_END}`;
  return `${readme.slice(0, a)}${block}${readme.slice(b + ERRORS_END.length)}`;
}

function main(argv: readonly string[]): number {
  const args = readCheckArg(argv);
  if ("unexpected" in args) {
    process.stderr.write(
      `docs: unexpected argument ${JSON.stringify(args.unexpected)}\nusage: docs [--check]\n`,
    );
    return 2;
  }
  const pages = [
    { path: README_PATH, name: "README.md", what: "error table", write: withErrorsTable },
    {
      path: SCHEMA_CHANGES_PATH,
      name: "docs/schema-changes.md",
      what: "table of breaking changes",
      write: withRulesTable,
    },
  ];
  let status = 0;
  for (const page of pages) {
    const text = readFileSync(page.path, "utf8");
    const next = page.write(text);
    if (args.check) {
      if (next === text) continue;
      process.stderr.write(`${page.name}: the ${page.what} is stale; run \`npm run docs\`\n`);
      status = 1;
      continue;
    }
    if (next !== text) writeFileSync(page.path, next);
    process.stdout.write(
      `${page.name}: ${page.what} ${next === text ? "up to date" : "rewritten"}\n`,
    );
  }
  return status;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = main(process.argv.slice(2));
}
