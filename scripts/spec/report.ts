/**
 * The diff's verdict and its text: one line per change, a summary, and the exit status rule
 * (1 when a change breaks old clients and the version does not raise the breaking digit, or,
 * with `strictBoth`, when one breaks new clients against old servers).
 */
import { type Change, type Classification, classify } from "./change.js";
import { BASELINE_FILE } from "./load.js";
import { breakingDigit, bumpsBreakingDigit, parseVersion } from "./version.js";

/** The outcome of one comparison. */
export interface Verdict {
  base: { label: string; version: string };
  head: { label: string; version: string };
  changes: Change[];
  counts: Record<Classification, number>;
  /** Whether the head's version raises the base's breaking digit. */
  bumped: boolean;
  exitCode: 0 | 1;
  /** Why the exit status is 1, or `undefined`. */
  failure?: string;
}

const ORDER: readonly Classification[] = [
  "breaking",
  "breaking-new-client",
  "source",
  "note",
  "compatible",
];

/** Decides the verdict. */
export function verdictOf(
  base: { label: string; version: string },
  head: { label: string; version: string },
  changes: Change[],
  strictBoth = false,
): Verdict {
  const counts = Object.fromEntries(ORDER.map((c) => [c, 0])) as Record<Classification, number>;
  for (const c of changes) counts[classify(c)] += 1;
  const sorted = [...changes].sort(
    (a, b) => ORDER.indexOf(classify(a)) - ORDER.indexOf(classify(b)),
  );
  const bumped = bumpsBreakingDigit(base.version, head.version);
  const verdict: Verdict = { base, head, changes: sorted, counts, bumped, exitCode: 0 };
  const v = parseVersion(base.version);
  const digit = v ? breakingDigit(v) : base.version;
  if (counts.breaking > 0 && !bumped) {
    verdict.exitCode = 1;
    verdict.failure =
      `${counts.breaking} change(s) break old clients against a new server, and version ` +
      `${base.version} → ${head.version} does not raise the breaking digit (${digit}): ` +
      `raise it (${nextBreaking(base.version)}) or make the change compatible`;
  } else if (strictBoth && changes.some((c) => c.newClient === "breaking")) {
    verdict.exitCode = 1;
    verdict.failure = `--strict-both: ${changes.filter((c) => c.newClient === "breaking").length} change(s) break new clients against an old server`;
  }
  return verdict;
}

/** The version that raises the breaking digit of `version`. */
export function nextBreaking(version: string): string {
  const v = parseVersion(version);
  if (!v) return "a valid vX.Y.Z";
  return v.major > 0 ? `v${v.major + 1}.0.0` : `v0.${v.minor + 1}.0`;
}

const WORD = { breaking: "BREAKS", note: "note", none: "ok" } as const;
const LABEL: Readonly<Record<Classification, string>> = {
  breaking: "BREAKING",
  "breaking-new-client": "NEW-CLIENT",
  source: "SOURCE",
  note: "NOTE",
  compatible: "ok",
};

/** One line for a change: class, kind, where, what, and its effect in both directions. */
export function changeLine(c: Change): string {
  const where = c.path ?? c.subject;
  const more = c.paths.length > 1 ? ` (+${c.paths.length - 1} more)` : "";
  const at = c.path && c.subject !== c.path ? ` [${c.subject}]` : "";
  const detail = c.detail ? ` ${c.detail}` : "";
  return (
    `${LABEL[classify(c)].padEnd(10)} ${c.kind} ${where}${more}${at}${detail}: ` +
    `old client/new server ${WORD[c.oldClient]}, new client/old server ${WORD[c.newClient]}, ` +
    `TypeScript ${c.source ? "BREAKS" : "ok"} (${c.why})`
  );
}

/** A one-line summary: `3 changes: 1 breaking, 2 compatible`. */
export function summaryLine(v: Verdict): string {
  if (v.changes.length === 0) return `no schema changes against ${v.base.label}`;
  const parts = ORDER.filter((c) => v.counts[c] > 0).map(
    (c) => `${v.counts[c]} ${LABEL[c].toLowerCase()}`,
  );
  return (
    `${v.changes.length} schema change(s) against ${v.base.label} (${v.base.version} → ` +
    `${v.head.version}): ${parts.join(", ")}`
  );
}

/** What the default base is, said under a report against it that lists changes. */
export const BASELINE_NOTE =
  `(${BASELINE_FILE} is the schema as last released: the list is every change not released ` +
  "yet, those already on this branch before your edit included; CHANGELOG.md lists them under " +
  '"Unreleased". Compare with your last commit instead: npm run spec:diff -- --base HEAD)';

/** The whole text report. */
export function textReport(v: Verdict): string {
  const lines = v.changes.map(changeLine);
  lines.push(summaryLine(v));
  if (v.changes.length > 0 && v.base.label === BASELINE_FILE) lines.push(BASELINE_NOTE);
  if (v.failure) lines.push(`error: ${v.failure}`);
  return `${lines.join("\n")}\n`;
}
