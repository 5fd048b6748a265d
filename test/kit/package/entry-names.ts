/**
 * The names a package entry exports, values and types alike, as a caller's editor lists them:
 * read with the TypeScript checker from the entry's source (a `Object.keys` of the module would
 * miss every type).
 */
import ts from "typescript";
import { repoPath } from "../runtimes/harness.js";

/** One exported name, and whether it has a run-time value (a function, a class, a constant). */
export interface EntryName {
  readonly name: string;
  readonly value: boolean;
}

/** The exports of each of `entries` (paths under `src/`, such as `index.ts`), sorted by name. */
export function entryNames(entries: readonly string[]): Map<string, EntryName[]> {
  const files = entries.map((e) => repoPath(`src/${e}`));
  const program = ts.createProgram(files, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const out = new Map<string, EntryName[]>();
  entries.forEach((entry, i) => {
    const source = program.getSourceFile(files[i] as string);
    const module = source && checker.getSymbolAtLocation(source);
    if (!module) throw new Error(`not a module: src/${entry}`);
    const names = checker.getExportsOfModule(module).map((symbol) => {
      const target =
        symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      return { name: symbol.name, value: (target.flags & ts.SymbolFlags.Value) !== 0 };
    });
    out.set(
      entry,
      names.sort((a, b) => (a.name < b.name ? -1 : 1)),
    );
  });
  return out;
}
