/**
 * The code layout of `src/` and `generated/`: no import cycle between files, and none between
 * rooms. A room is a folder directly under `src/` (`src/client`), a file directly under `src/`
 * (an entry, `src/index.ts`), or one file of `generated/`: generated code builds on the runtime,
 * and the runtime never imports what is built on it. Imports are read here with a regular
 * expression over the text; `npm run check:cycles` (`scripts/import-cycles.ts`) checks the same
 * rules from outside the suite with the TypeScript parser.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|js)$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

const files = [...sourceFiles(join(ROOT, "src")), ...sourceFiles(join(ROOT, "generated"))];
const known = new Set(files);

/** Relative imports, re-exports and `import()`s of a file (type-only ones too), resolved. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const out: string[] = [];
  const found = [
    ...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^"'`;]*?\bfrom\s*["'](\.[^"']+)["']/g),
    ...text.matchAll(/(?:^|\n)\s*import\s*["'](\.[^"']+)["']/g),
    ...text.matchAll(/\bimport\(\s*["'](\.[^"']+)["']\s*\)/g),
  ];
  for (const m of found) {
    const base = resolve(dirname(file), m[1] as string);
    const target = [base.replace(/\.js$/, ".ts"), base].find((p) => known.has(p));
    if (target !== undefined) out.push(target);
  }
  return out;
}

/** The room of a file (see the header). */
function roomOf(file: string): string {
  const parts = relative(ROOT, file).split("/");
  if (parts[0] === "src" && parts.length > 2) return `src/${parts[1]}`;
  return parts.join("/");
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

const fileGraph = new Map(files.map((f) => [f, new Set(importsOf(f))]));
const roomGraph = new Map<string, Set<string>>();
for (const [file, targets] of fileGraph) {
  const from = roomOf(file);
  const set = roomGraph.get(from) ?? new Set<string>();
  for (const t of targets) if (roomOf(t) !== from) set.add(roomOf(t));
  roomGraph.set(from, set);
}

describe("layout of src/ and generated/", () => {
  it("finds the imports it checks, in both trees", () => {
    const rel = files.map((f) => relative(ROOT, f));
    expect(rel.filter((f) => f.startsWith("generated/")).length).toBeGreaterThan(5);
    expect(rel.filter((f) => f.startsWith("src/devserver/")).length).toBeGreaterThan(40);
    const edges = [...fileGraph.values()].reduce((n, s) => n + s.size, 0);
    expect(edges).toBeGreaterThan(300);
    // The generated client builds on the runtime's call pipeline: an edge the scan must see.
    const client = fileGraph.get(join(ROOT, "generated/client.ts")) ?? new Set();
    expect([...client].map((f) => relative(ROOT, f))).toContain("src/client/call.ts");
  });

  it("has no import cycle between files", () => {
    expect(findCycle(fileGraph)?.map((f) => relative(ROOT, f))).toBeUndefined();
  });

  it("has no import cycle between rooms", () => {
    expect(findCycle(roomGraph)).toBeUndefined();
  });

  it("a cycle is found when there is one (the check can fail)", () => {
    const g = new Map([
      ["a", new Set(["b"])],
      ["b", new Set(["c"])],
      ["c", new Set(["a"])],
    ]);
    expect(findCycle(g)).toEqual(["a", "b", "c", "a"]);
  });
});
