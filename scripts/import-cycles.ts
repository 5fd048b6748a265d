/**
 * `npm run check:cycles` (one of `npm test`'s checks, the one cycle check of a run): the import
 * graph of `src/`, `generated/` and `scripts/`, read with the TypeScript parser (every `import`,
 * `export … from` and `import()` with a relative path, type-only ones included), checked for
 * cycles between files and between rooms. A room is a folder directly under `src/` or `scripts/`
 * (`src/client`, `scripts/emit`), a file directly under one of them (an entry, `src/index.ts`:
 * a room of its own, apart from a folder of the same name such as `src/errors/`), or one file of
 * `generated/` (generated code builds on the runtime's rooms, and each generated file is a layer
 * of its own). Prints every cycle found and exits with 1, or prints the graph's size and exits
 * with 0. The layout tests (`test/unit/layout.test.ts`, `test/unit/devserver/layout.test.ts`)
 * read the same graph (`importGraphs`) to test the check itself and the dev server's rooms.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const TOP = ["src", "generated", "scripts"];

function listSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return listSources(path);
    return /\.(ts|js)$/.test(e.name) && !e.name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The relative module specifiers of a file, as the TypeScript parser finds them. */
function specifiersOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier !== undefined &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      out.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      out.push(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      if (ts.isLiteralTypeNode(arg) && ts.isStringLiteral(arg.literal)) out.push(arg.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out.filter((s) => s.startsWith("."));
}

/** The file a relative specifier names (`./x.js` is `./x.ts` or `./x.js`), if it is checked. */
function resolveSpecifier(from: string, spec: string, known: Set<string>): string | undefined {
  const base = resolve(dirname(from), spec);
  for (const candidate of [
    base.replace(/\.js$/, ".ts"),
    base,
    `${base}.ts`,
    join(base, "index.ts"),
  ]) {
    if (known.has(candidate)) return candidate;
  }
  return undefined;
}

/** The room of a checked file (see the header). */
export function roomOf(relPath: string): string {
  const parts = relPath.split("/");
  if (parts[0] === "generated") return relPath.replace(/\.d\.ts$|\.(ts|js)$/, "");
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : relPath;
}

/** Every cycle of `graph`, each once (from its smallest node), by depth-first search. */
export function cyclesOf(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const found = new Map<string, string[]>();
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string): void => {
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") {
        const cycle = stack.slice(stack.indexOf(next));
        const start = cycle.indexOf([...cycle].sort()[0] as string);
        const canonical = [...cycle.slice(start), ...cycle.slice(0, start)];
        found.set(canonical.join(" → "), [...canonical, canonical[0] as string]);
      } else if (state.get(next) === undefined) {
        visit(next);
      }
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of [...graph.keys()].sort()) if (state.get(node) === undefined) visit(node);
  return [...found.values()];
}

/** The file graph and the room graph of `src/`, `generated/` and `scripts/`, by path from the root. */
export function importGraphs(): {
  files: Map<string, Set<string>>;
  rooms: Map<string, Set<string>>;
} {
  const all = TOP.flatMap((d) => listSources(join(root, d)));
  const known = new Set(all);
  const files = new Map<string, Set<string>>();
  for (const file of all) {
    const targets = new Set<string>();
    for (const spec of specifiersOf(file)) {
      const target = resolveSpecifier(file, spec, known);
      if (target !== undefined) targets.add(relative(root, target));
    }
    files.set(relative(root, file), targets);
  }
  const rooms = new Map<string, Set<string>>();
  for (const [file, targets] of files) {
    const from = roomOf(file);
    const set = rooms.get(from) ?? new Set<string>();
    for (const t of targets) if (roomOf(t) !== from) set.add(roomOf(t));
    rooms.set(from, set);
  }
  return { files, rooms };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { files, rooms } = importGraphs();
  const fileCycles = cyclesOf(files);
  const roomCycles = cyclesOf(rooms);
  for (const c of fileCycles) process.stdout.write(`file cycle: ${c.join(" → ")}\n`);
  for (const c of roomCycles) process.stdout.write(`room cycle: ${c.join(" → ")}\n`);
  const edges = [...files.values()].reduce((n, s) => n + s.size, 0);
  process.stdout.write(
    `${files.size} files, ${edges} imports, ${rooms.size} rooms: ` +
      `${fileCycles.length} file cycles, ${roomCycles.length} room cycles\n`,
  );
  process.exit(fileCycles.length + roomCycles.length === 0 ? 0 : 1);
}
