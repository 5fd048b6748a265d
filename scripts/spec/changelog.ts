/**
 * The schema section of CHANGELOG.md, written from the diff against the last release's schema:
 * breaking, changed and added, each change with its path. It sits between two markers under
 * `## [Unreleased]`; `npm run spec:changelog` rewrites what is between them and nothing else.
 */
import { type Change, classify } from "./change.js";
import type { Verdict } from "./report.js";
import { RULES } from "./rules.js";

/** The markers around the generated section. */
export const START = "<!-- spec:changelog:start (written by `npm run spec:changelog`) -->";
export const END = "<!-- spec:changelog:end -->";

const code = (s: string) => `\`${s}\``;

function bullet(c: Change): string {
  const where =
    c.path && c.path !== c.subject
      ? `${code(c.subject)} (at ${code(c.path)}${c.paths.length > 1 ? ` and ${c.paths.length - 1} more` : ""})`
      : code(c.subject);
  const detail = c.detail ? `: ${c.detail}` : "";
  const notes: string[] = [];
  const cls = classify(c);
  if (cls === "breaking-new-client")
    notes.push("new clients need new servers: deploy servers first");
  if (cls === "source" || (cls === "breaking" && c.source)) notes.push("TypeScript source break");
  if (c.oldClient === "note" || c.newClient === "note") notes.push(c.why);
  const tail = notes.length ? ` (${notes.join("; ")})` : "";
  return `- ${RULES[c.kind].title}, ${where}${detail}${tail}.`;
}

/** The section's body (between the markers, markers excluded). */
export function changelogSection(v: Verdict): string {
  const breaking: string[] = [];
  const changed: string[] = [];
  const added: string[] = [];
  for (const c of v.changes) {
    const cls = classify(c);
    if (cls === "breaking" || cls === "source") breaking.push(bullet(c));
    else if (c.kind.includes("-added") && cls !== "breaking-new-client") added.push(bullet(c));
    else changed.push(bullet(c));
  }
  const lines = [
    `Schema ${v.head.version}, compared with the last release's schema ${v.base.version} (${code(v.base.label)}).`,
  ];
  if (v.changes.length === 0) lines.push("", "No changes to the schema.");
  for (const [title, items] of [
    ["Breaking", breaking],
    ["Changed", changed],
    ["Added", added],
  ] as const) {
    if (items.length) lines.push("", `#### ${title}`, "", ...items);
  }
  return lines.join("\n");
}

/**
 * Puts `body` between the markers of `changelog`; without markers, adds a `### Schema` section
 * first under `## [Unreleased]`.
 */
export function spliceChangelog(changelog: string, body: string): string {
  const block = `${START}\n\n${body}\n\n${END}`;
  const start = changelog.indexOf(START);
  const end = changelog.indexOf(END);
  if (start >= 0 && end > start) {
    return changelog.slice(0, start) + block + changelog.slice(end + END.length);
  }
  const heading = "## [Unreleased]\n";
  const at = changelog.indexOf(heading);
  if (at < 0) throw new Error("CHANGELOG.md has no `## [Unreleased]` heading");
  const insert = at + heading.length;
  return `${changelog.slice(0, insert)}\n### Schema\n\n${block}\n${changelog.slice(insert)}`;
}
