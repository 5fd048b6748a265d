/**
 * The dev server's code layout: every room opened by an index with its comment, and rooms entered
 * only by their index. (No import cycle, of files or rooms, is checked for all of `src/` and
 * `generated/` by `test/unit/layout.test.ts`; both read the graph of `scripts/import-cycles.ts`.)
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { importGraphs } from "../../../scripts/import-cycles.js";

/** The dev server's sources, by path from the repository's root. */
const DEVSERVER = "src/devserver/";
const ROOT = resolve(import.meta.dirname, "../../..");

/** The room of a file: its folder under src/devserver, or "" for the public entry. */
function roomOf(file: string): string {
  const rel = file.slice(DEVSERVER.length);
  return rel.includes("/") ? (rel.split("/")[0] as string) : "";
}

// The import graph of `npm run check:cycles` (the TypeScript parser), narrowed to the dev server.
const fileGraph = new Map(
  [...importGraphs().files]
    .filter(([f]) => f.startsWith(DEVSERVER))
    .map(([f, targets]) => [f, new Set([...targets].filter((t) => t.startsWith(DEVSERVER)))]),
);
const files = [...fileGraph.keys()];

describe("dev server layout", () => {
  it("finds the imports it checks (the scan is not empty)", () => {
    expect(files.length).toBeGreaterThan(40);
    const edges = [...fileGraph.values()].reduce((n, s) => n + s.size, 0);
    expect(edges).toBeGreaterThan(100);
  });

  it("enters another room only through its index", () => {
    const strays: string[] = [];
    for (const [file, targets] of fileGraph) {
      for (const t of targets) {
        const crossing = roomOf(t) !== roomOf(file) && roomOf(t) !== "";
        if (crossing && !t.endsWith("/index.ts")) strays.push(`${file} → ${t}`);
      }
    }
    expect(strays).toEqual([]);
  });

  it("opens every room's index with a paragraph saying what the room holds", () => {
    const rooms = new Set(files.map(roomOf).filter((r) => r !== ""));
    for (const room of rooms) {
      const text = readFileSync(join(ROOT, DEVSERVER, room, "index.ts"), "utf8");
      const opening = /^\/\*\*([\s\S]*?)\*\//.exec(text)?.[1] ?? "";
      expect(opening.replace(/\s*\*\s*/g, " ").trim().length, room).toBeGreaterThan(150);
    }
  });
});
