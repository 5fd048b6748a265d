/**
 * The dev server's code layout: every room opened by an index with its comment, and rooms entered
 * only by their index. (No import cycle, of files or rooms, is checked for all of `src/` and
 * `generated/` by `test/unit/layout.test.ts`.)
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../../../src/devserver");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith(".ts") ? [path] : [];
  });
}

/** Relative imports and re-exports of a file, resolved to the `.ts` files they name. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const out: string[] = [];
  for (const m of text.matchAll(/(?:import|export)[^"';]*?from\s*"(\.[^"]+)"/g)) {
    const target = resolve(dirname(file), (m[1] as string).replace(/\.js$/, ".ts"));
    if (target.startsWith(ROOT)) out.push(target);
  }
  return out;
}

/** The room of a file: its folder under src/devserver, or "" for the public entry. */
function roomOf(file: string): string {
  const rel = relative(ROOT, file);
  return rel.includes("/") ? (rel.split("/")[0] as string) : "";
}

const files = sourceFiles(ROOT);
const fileGraph = new Map(files.map((f) => [f, new Set(importsOf(f))]));

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
        if (crossing && !t.endsWith("/index.ts"))
          strays.push(`${relative(ROOT, file)} → ${relative(ROOT, t)}`);
      }
    }
    expect(strays).toEqual([]);
  });

  it("opens every room's index with a paragraph saying what the room holds", () => {
    const rooms = new Set(files.map(roomOf).filter((r) => r !== ""));
    for (const room of rooms) {
      const text = readFileSync(join(ROOT, room, "index.ts"), "utf8");
      const opening = /^\/\*\*([\s\S]*?)\*\//.exec(text)?.[1] ?? "";
      expect(opening.replace(/\s*\*\s*/g, " ").trim().length, room).toBeGreaterThan(150);
    }
  });
});
