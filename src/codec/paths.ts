/**
 * Bigint field paths compiled into a tree that the decoder and encoder follow alongside the value.
 *
 * Path syntax (as `bigintPaths` in `generated/operations.ts` writes it): segments separated by `.`;
 * a segment is a field name followed by any sequence of `[]` (every array element) and `{}` (every
 * map value). Paths are relative to the type's root object: `quote.fromAmount`,
 * `originCalls.calls[].value`, `byToken{}`, `rows[][]`.
 */

/** What to do with a value found at some point of the tree. */
export interface Shape {
  /** The value itself is a bigint field. */
  bigint: boolean;
  /** Fields of the object holding more bigint fields, when the value is an object. */
  fields: FieldShape[] | undefined;
  /** The same fields by name. */
  byName: Map<string, FieldShape> | undefined;
  /** Shape of every element, when the value is an array. */
  items: Shape | undefined;
  /** Shape of every member value, when the value is an object used as a map. */
  values: Shape | undefined;
}

/** One field of an object on a bigint path. */
export interface FieldShape {
  /** Field name. */
  readonly name: string;
  /** The name is also a property of `Object.prototype` (`constructor`, `__proto__`…): read own only. */
  readonly inherited: boolean;
  /** What the field holds. */
  readonly shape: Shape;
}

/** A compiled path list: the shape of the root object. */
export type PathTree = Shape;

const segmentPattern = /^([^.[\]{}]+)((?:\[\]|\{\})*)$/;

const emptyShape = (): Shape => ({
  bigint: false,
  fields: undefined,
  byName: undefined,
  items: undefined,
  values: undefined,
});

function field(shape: Shape, name: string): Shape {
  shape.fields ??= [];
  shape.byName ??= new Map();
  let found = shape.byName.get(name);
  if (found === undefined) {
    found = { name, inherited: name in Object.prototype, shape: emptyShape() };
    shape.fields.push(found);
    shape.byName.set(name, found);
  }
  return found.shape;
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

/** Whether the tree holds no bigint path at all (decoding is then plain `JSON.parse`). */
export function isEmptyTree(tree: PathTree): boolean {
  return !tree.bigint && tree.fields === undefined && !tree.items && !tree.values;
}
