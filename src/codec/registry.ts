/**
 * Type name → compiled bigint path tree, compiled on first use and cached per table. The default
 * table is the one generated from `schema/service.ridl`.
 */
import { bigintPaths } from "../../generated/operations.js";
import { compilePaths, type PathTree } from "./paths.js";

/** Bigint field paths per type name, in the syntax of `generated/operations.ts`. */
export type BigintPathTable = { readonly [typeName: string]: readonly string[] };

const caches = new WeakMap<BigintPathTable, Map<string, PathTree>>();

/**
 * The compiled tree of `typeName` in `table` (the generated table by default). A type the table
 * does not list has no bigint field: its tree is empty and decoding is plain `JSON.parse`.
 */
export function pathTreeFor(typeName: string, table: BigintPathTable = bigintPaths): PathTree {
  let cache = caches.get(table);
  if (cache === undefined) {
    cache = new Map();
    caches.set(table, cache);
  }
  let tree = cache.get(typeName);
  if (tree === undefined) {
    tree = compilePaths(Object.hasOwn(table, typeName) ? (table[typeName] ?? []) : []);
    cache.set(typeName, tree);
  }
  return tree;
}
