/**
 * The layout table of `docs/development.md` against `src/`: every folder under `src/` has its own
 * row, every row names a folder that exists, each says which side of the public/internal line it
 * stands, and no public entry re-exports from a room marked internal (a module of a public room
 * may import from one: the wallet's file store writes through `src/internal/durable-write.ts`).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const DOC = "docs/development.md";
/**
 * The files a user imports: the package's entries (`exports` in package.json), and the room
 * indexes that `src/viem.ts`, `src/devserver.ts` and `src/react.ts` re-export whole.
 */
const ENTRIES = [
  "src/index.ts",
  "src/errors.ts",
  "src/query.ts",
  "src/types.ts",
  "src/openapi.ts",
  "src/viem.ts",
  "src/wallet/index.ts",
  "src/wallet/file-store.ts",
  "src/devserver.ts",
  "src/devserver/index.ts",
  "src/devserver/browser/index.ts",
  "src/react.ts",
  "src/react/index.ts",
];

/** Every folder under `dir`, as `src/a/b/`. */
function folders(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    return statSync(join(ROOT, path)).isDirectory() ? [`${path}/`, ...folders(path)] : [];
  });
}

/** The rows of the doc's layout table whose first cell is one folder of `src/`: path → text. */
function srcRows(markdown: string): Map<string, string> {
  const layout = markdown.slice(markdown.indexOf("## Layout"));
  const rows = new Map<string, string>();
  for (const line of layout.split("\n")) {
    const m = /^\|\s*`(src\/[^`]+\/)`\s*\|\s*(.*?)\s*\|\s*$/.exec(line);
    if (m?.[1] !== undefined && m[2] !== undefined) rows.set(m[1], m[2]);
  }
  return rows;
}

/** The relative paths an entry re-exports from (`export … from`). */
function reExports(path: string): string[] {
  const text = readFileSync(join(ROOT, path), "utf8");
  return [...text.matchAll(/^export\b[^;]*?\bfrom\s+"(\.{1,2}\/[^"]+)"/gm)].map(
    (m) => m[1] as string,
  );
}

const rows = srcRows(readFileSync(join(ROOT, DOC), "utf8"));

describe("the layout table", () => {
  it("reads the table (the check is not empty)", () => {
    expect(rows.size).toBeGreaterThan(25);
    expect(srcRows("## Layout\n\n| `src/x/` | internal: y |\n").get("src/x/")).toBe("internal: y");
  });

  it("has a row for every folder under src/, and a folder for every row", () => {
    const actual = folders("src").sort();
    expect([...rows.keys()].sort()).toEqual(actual);
  });

  it("says of each room which side of the public/internal line it stands", () => {
    const unmarked = [...rows].filter(([, text]) => !/^(public|internal|behind `)/.test(text));
    expect(unmarked.map(([path]) => path)).toEqual([]);
  });

  it("re-exports from no room marked internal in a public entry", () => {
    const internal = [...rows].filter(([, t]) => t.startsWith("internal")).map(([p]) => p);
    expect(internal).toContain("src/internal/");
    expect(existsSync(join(ROOT, "src/internal/README.md"))).toBe(true);
    const reached = ENTRIES.flatMap((entry) =>
      reExports(entry)
        .map((spec) => join(entry, "..", spec).replaceAll("\\", "/"))
        .filter((target) => internal.some((room) => target.startsWith(room)))
        .map((target) => `${entry} → ${target}`),
    );
    expect(reached).toEqual([]);
    // The check can fail: a re-export is found across lines.
    expect(ENTRIES.flatMap(reExports)).toContain("./lifecycle/index.js");
    expect(ENTRIES.flatMap(reExports)).toContain("./wallet/index.js");
  });
});
