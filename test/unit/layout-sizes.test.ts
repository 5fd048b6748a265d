/**
 * Sizes in the layout of `src/`, read from the sources with the TypeScript parser: no function,
 * method or arrow over 100 lines; the dev server's edge (`src/devserver/http`) under 1,000 lines,
 * with its state in a room of its own (`src/devserver/state`); `ops/` holding only the operation
 * modules and their table; `createDevHandler` a short list of named steps; and the operation table
 * typed from the generated `OperationTypes`, with no cast.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const MAX_FUNCTION_LINES = 100;
const HTTP = "src/devserver/http";
const OPS = "src/devserver/ops";
const OPERATION_TABLE = `${OPS}/operations.ts`;

/** Every `.ts` file under `dir`, by path from the repository's root. */
function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(ROOT, path)).isDirectory()) return sources(path);
    return name.endsWith(".ts") && !name.endsWith(".d.ts") ? [path] : [];
  });
}

function parse(path: string, text = readFileSync(join(ROOT, path), "utf8")): ts.SourceFile {
  return ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
}

interface FunctionSpan {
  /** `file:line name`. */
  where: string;
  name: string;
  lines: number;
}

/** The name of a function-like node: its own, or the variable or property it is given to. */
function nameOf(node: ts.FunctionLikeDeclaration): string {
  if (node.name !== undefined && !ts.isComputedPropertyName(node.name)) return node.name.getText();
  const parent = node.parent;
  if (
    (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) &&
    ts.isIdentifier(parent.name)
  )
    return parent.name.text;
  return "(anonymous)";
}

/** Every function, method, accessor, constructor and arrow with a body, and its line span. */
function functionSpans(source: ts.SourceFile): FunctionSpan[] {
  const spans: FunctionSpan[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && "body" in node && node.body !== undefined) {
      const fn = node as ts.FunctionLikeDeclaration;
      const first = source.getLineAndCharacterOfPosition(fn.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(fn.getEnd()).line;
      const name = nameOf(fn);
      spans.push({
        where: `${source.fileName}:${first + 1} ${name}`,
        name,
        lines: last - first + 1,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return spans;
}

/** The `as` casts of a file (`as const` included: the table needs none). */
function casts(source: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) found.push(node.getText());
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function lineCount(path: string): number {
  const text = readFileSync(join(ROOT, path), "utf8");
  return text.endsWith("\n") ? text.split("\n").length - 1 : text.split("\n").length;
}

const srcFiles = sources("src");
const spans = srcFiles.flatMap((f) => functionSpans(parse(f)));

describe("sizes in the layout of src/", () => {
  it("reads every source (the scan is not empty)", () => {
    expect(srcFiles.length).toBeGreaterThan(150);
    expect(spans.length).toBeGreaterThan(1000);
    expect(spans.some((s) => s.name === "createDevHandler")).toBe(true);
  });

  it(`has no function over ${MAX_FUNCTION_LINES} lines`, () => {
    const long = spans.filter((s) => s.lines > MAX_FUNCTION_LINES);
    expect(long.map((s) => `${s.where} (${s.lines} lines)`)).toEqual([]);
  });

  it("measures a function from its first line to its last (the check can fail)", () => {
    const body = Array.from({ length: 101 }, (_, i) => `  const v${i} = ${i};`).join("\n");
    const [outer, arrow] = functionSpans(
      parse("sample.ts", `/** doc */\nexport function long() {\n${body}\n}\nconst f = () => 1;\n`),
    );
    expect(outer).toMatchObject({ name: "long", lines: 103 });
    expect(arrow).toMatchObject({ name: "f", lines: 1 });
  });

  it("keeps the dev server's edge under 1,000 lines, its state in a room of its own", () => {
    const total = sources(HTTP).reduce((n, f) => n + lineCount(f), 0);
    expect(total).toBeGreaterThan(300);
    expect(total).toBeLessThan(1000);
    expect(existsSync(join(ROOT, "src/devserver/state/index.ts"))).toBe(true);
    // The state file, the chains' state and the journal live there, not at the edge.
    const state = sources("src/devserver/state").map((f) => relative("src/devserver/state", f));
    expect(state).toEqual(
      expect.arrayContaining(["journal.ts", "state-file.ts", "chain-state.ts", "open-state.ts"]),
    );
    expect(sources(HTTP).filter((f) => /state/.test(f))).toEqual([]);
  });

  it("keeps in ops/ only the operation modules, each imported by the table", () => {
    const table = readFileSync(join(ROOT, OPERATION_TABLE), "utf8");
    const imported = [...table.matchAll(/from "\.\/([\w-]+)\.js"/g)].map((m) => `${m[1]}.ts`);
    const modules = sources(OPS)
      .map((f) => relative(OPS, f))
      .filter((f) => f !== "index.ts" && f !== "operations.ts");
    expect(modules.length).toBeGreaterThan(8);
    expect(modules.filter((f) => !imported.includes(f))).toEqual([]);
  });

  it("builds createDevHandler from named steps, each short", () => {
    const handler = functionSpans(parse(`${HTTP}/handler.ts`));
    const call = functionSpans(parse(`${HTTP}/call.ts`));
    const top = handler.find((s) => s.name === "createDevHandler");
    expect(top?.lines).toBeLessThan(60);
    const steps = [...handler, ...call].filter((s) => s.name !== "createDevHandler");
    expect(steps.length).toBeGreaterThan(5);
    expect(steps.filter((s) => s.lines >= 40).map((s) => s.where)).toEqual([]);
  });

  it("types the operation table from OperationTypes, with no cast", () => {
    const source = parse(OPERATION_TABLE);
    expect(casts(source)).toEqual([]);
    expect(source.text).toMatch(/\{\s*\[K in OperationName\]\?:\s*Handler<K>\s*\}/);
    // The check can fail: a cast is found where there is one.
    expect(casts(parse("x.ts", "const a = b as Operation;"))).toEqual(["b as Operation"]);
  });
});
