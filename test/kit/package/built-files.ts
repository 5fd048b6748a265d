/**
 * The files a built entry is made of: the entry's own file in `dist/` and the shared files it
 * imports (the client entries share their error classes and codec in `dist/chunk-*.js`), followed
 * through their own imports. What a test that serves or copies an entry must take along.
 */
import { readFileSync } from "node:fs";
import { repoPath } from "../runtimes/harness.js";

/** The relative imports of a built ESM or CommonJS file (`./chunk-ABC.js`), without `./`. */
function relativeImports(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(
    /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\(\s*)['"]\.\/([^'"]+)['"]/g,
  ))
    found.add(m[1] as string);
  return [...found];
}

/** `entry` (a path under `dist/`, `index.js`) and every file it reaches by relative imports. */
export function builtFiles(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of relativeImports(readFileSync(repoPath(`dist/${file}`), "utf8"))) visit(next);
  };
  visit(entry);
  return [...seen];
}
