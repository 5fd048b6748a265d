/**
 * Every file or folder of this repository that the README or a page of `docs/` names in code
 * quotes exists, so a reader sent to a test, a script or a source file finds it. (The CHANGELOG
 * is history: it names files as they were. What npm installs, under `node_modules`, is not in a
 * clone and is not checked.)
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOTS = ["test", "docs", "src", "scripts", "schema", "generated", ".ci"];

/** The repository paths a Markdown text names in code quotes (`test/…`, `src/…`, …). */
function namedPaths(markdown: string): string[] {
  const found = new Set<string>();
  for (const m of markdown.matchAll(/`([^`\s]+)`/g)) {
    const path = (m[1] ?? "").replace(/[:#].*$/, "");
    const inRepo = ROOTS.some((r) => path.startsWith(`${r}/`)) && !path.includes("node_modules");
    if (inRepo && !/[*<>{}$]/.test(path)) found.add(path);
  }
  return [...found].sort();
}

const pages = [
  "README.md",
  ...readdirSync("docs")
    .filter((f) => f.endsWith(".md"))
    .map((f) => join("docs", f)),
];

describe("paths the docs name", () => {
  it("are found by the check (it can fail)", () => {
    const text =
      "see `test/nowhere/x.test.ts`, `src/index.ts`, `test/a/node_modules`, not `npm test`";
    expect(namedPaths(text)).toEqual(["src/index.ts", "test/nowhere/x.test.ts"]);
  });

  it.each(pages)("exist in the repository: %s", (page) => {
    const missing = namedPaths(readFileSync(page, "utf8")).filter((p) => !existsSync(p));
    expect(missing).toEqual([]);
  });
});
