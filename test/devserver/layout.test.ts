/**
 * The dev server's code layout: rooms by concern with no import cycle, between files or between
 * rooms, every room opened by an index with its comment, and rooms entered only by their index.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../../src/devserver");

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

/** A cycle in `graph` as a list of nodes, or undefined. */
function findCycle(graph: Map<string, Set<string>>): string[] | undefined {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string): string[] | undefined => {
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") return [...stack.slice(stack.indexOf(next)), next];
      if (state.get(next) === undefined) {
        const found = visit(next);
        if (found !== undefined) return found;
      }
    }
    stack.pop();
    state.set(node, "done");
    return undefined;
  };
  for (const node of graph.keys()) {
    if (state.get(node) === undefined) {
      const found = visit(node);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

const files = sourceFiles(ROOT);
const fileGraph = new Map(files.map((f) => [f, new Set(importsOf(f))]));

describe("dev server layout", () => {
  it("finds the imports it checks (the scan is not empty)", () => {
    expect(files.length).toBeGreaterThan(40);
    const edges = [...fileGraph.values()].reduce((n, s) => n + s.size, 0);
    expect(edges).toBeGreaterThan(100);
  });

  it("has no import cycle between files", () => {
    const cycle = findCycle(fileGraph);
    expect(cycle?.map((f) => relative(ROOT, f))).toBeUndefined();
  });

  it("has no import cycle between rooms", () => {
    const rooms = new Map<string, Set<string>>();
    for (const [file, targets] of fileGraph) {
      const from = roomOf(file);
      if (from === "") continue;
      const set = rooms.get(from) ?? new Set<string>();
      for (const t of targets) if (roomOf(t) !== from) set.add(roomOf(t));
      rooms.set(from, set);
    }
    expect(rooms.size).toBeGreaterThanOrEqual(6);
    expect(findCycle(rooms)).toBeUndefined();
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
