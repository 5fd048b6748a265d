/**
 * The table of what counts as breaking, written from the same rules the check uses, for
 * `docs/schema-changes.md` (between `<!-- spec-rules:start -->` and `<!-- spec-rules:end -->`).
 */
import type { ChangeKind, Effect } from "./change.js";
import { RULES, type RuleEffects } from "./rules.js";

/** Marks the start of the generated table. */
export const RULES_START = "<!-- spec-rules:start (written by `npm run docs`) -->";
/** Marks its end. */
export const RULES_END = "<!-- spec-rules:end -->";

const WORD: Readonly<Record<Effect, string>> = { breaking: "**breaks**", note: "note", none: "—" };

function row(kind: ChangeKind, where: string, e: RuleEffects): string[] {
  const source = e.source === "type" ? "if its TS type changes" : e.source ? "**breaks**" : "—";
  return [
    `${RULES[kind].title} (\`${kind}\`)`,
    where,
    WORD[e.oldClient],
    WORD[e.newClient],
    source,
    e.why,
  ];
}

/** The table: one row per kind of change and place (request, response, or anywhere). */
export function rulesTable(): string {
  const rows: string[][] = [];
  for (const kind of Object.keys(RULES) as ChangeKind[]) {
    const rule = RULES[kind];
    if (rule.any) rows.push(row(kind, "any", rule.any));
    if (rule.request) rows.push(row(kind, "request", rule.request));
    if (rule.response) rows.push(row(kind, "response", rule.response));
  }
  const header = [
    "change",
    "in",
    "old client → new server",
    "new client → old server",
    "TypeScript source",
    "why",
  ];
  const cells = [header, ...rows].map((r) => r.map((c) => c.replaceAll("|", "\\|")));
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? "").length)));
  const line = (r: readonly string[]) =>
    `| ${r.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  const [head, ...body] = cells;
  return [line(head ?? []), line(widths.map((w) => "-".repeat(w))), ...body.map(line)].join("\n");
}

/** `doc` with the region between the markers replaced by the current table. */
export function withRulesTable(doc: string): string {
  const a = doc.indexOf(RULES_START);
  const b = doc.indexOf(RULES_END);
  if (a < 0 || b < a) throw new Error(`the document lacks ${RULES_START} … ${RULES_END}`);
  return `${doc.slice(0, a)}${RULES_START}\n\n${rulesTable()}\n\n${RULES_END}${doc.slice(b + RULES_END.length)}`;
}
