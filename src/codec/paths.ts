/**
 * Bigint field paths compiled into a tree that the decoder and encoder follow alongside the value.
 *
 * Path syntax (as `bigintPaths` in `generated/operations.ts` writes it): segments separated by `.`;
 * a segment is a field name followed by any sequence of `[]` (every array element) and `{}` (every
 * map value). Paths are relative to the type's root object: `quote.fromAmount`,
 * `originCalls.calls[].value`, `byToken{}`, `rows[][]`. Each type's tree is compiled on first use
 * and cached per table (by default the one generated from `schema/service.ridl`).
 */
import { bigintPaths } from "../../generated/operations.js";

/** What to do with a value found at some point of the tree. */
export interface Shape {
  /** The value itself is a bigint field. */
  bigint: boolean;
  /** Fields of the object holding more bigint fields, by name, when the value is an object. */
  byName: Map<string, Shape> | undefined;
  /** Shape of every element, when the value is an array. */
  items: Shape | undefined;
  /** Shape of every member value, when the value is an object used as a map. */
  values: Shape | undefined;
}

/** A compiled path list: the shape of the root object. */
export type PathTree = Shape;

const segmentPattern = /^([^.[\]{}]+)((?:\[\]|\{\})*)$/;

const emptyShape = (): Shape => ({
  bigint: false,
  byName: undefined,
  items: undefined,
  values: undefined,
});

function field(shape: Shape, name: string): Shape {
  shape.byName ??= new Map();
  let found = shape.byName.get(name);
  if (found === undefined) {
    found = emptyShape();
    shape.byName.set(name, found);
  }
  return found;
}

/**
 * Compiles a list of bigint paths into the tree the codec walks.
 *
 * @example
 * const tree = compilePaths(["salt", "quote.fromAmount", "originCalls.calls[].value"]);
 * decodeWithPaths(text, tree);
 */
export function compilePaths(paths: readonly string[]): PathTree {
  const root = emptyShape();
  for (const path of paths) {
    let at = root;
    for (const segment of path.split(".")) {
      const match = segmentPattern.exec(segment);
      if (match === null) throw new TypeError(`invalid bigint path "${path}"`);
      at = field(at, match[1] as string);
      for (const step of (match[2] as string).match(/\[\]|\{\}/g) ?? []) {
        if (step === "[]") at = at.items ??= emptyShape();
        else at = at.values ??= emptyShape();
      }
    }
    at.bigint = true;
  }
  return root;
}

const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `$.a`, `$["a b"]`, `$[3]`: one step of a JSON path. */
export function pathStep(path: string, key: string | number): string {
  if (typeof key === "number") return `${path}[${key}]`;
  return identifier.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

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
