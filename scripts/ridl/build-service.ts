/** Building service methods: argument lists, the succinct form, errors clause and annotations. */
import type { ArgNode, At, MethodNode } from "./ast.js";
import {
  ridlErrorAt,
  type SourcePosition,
  sourcePositions,
  TypeExprError,
  typePositions,
} from "./errors.js";
import type { Annotation, Arg, Method, SchemaType } from "./schema.js";
import { parseTypeExpr } from "./type-expr.js";

/** Builds one method against the schema's current type list. */
export function buildMethod(node: MethodNode, types: readonly SchemaType[]): Method {
  const inputs = buildArgs(node.inputs, types);
  const outputs = buildArgs(node.outputs, types);
  if (inputs.succinct !== outputs.succinct) {
    throw ridlErrorAt(
      `method definition must be in succinct form for both inputs and outputs of method '${node.name}'`,
      node.at,
    );
  }
  const method: Method = {
    name: node.name,
    annotations: buildAnnotations(node.annotations),
    comments: node.comments,
    inputs: inputs.args,
    outputs: outputs.args,
  };
  if (inputs.succinct) method.succinct = true;
  if (node.streamInput) method.streamInput = true;
  if (node.streamOutput) method.streamOutput = true;
  if (node.errors.length > 0) method.errors = [...node.errors];
  if (node.at) sourcePositions.set(method, node.at);
  return method;
}

/**
 * One side's arguments. Exactly one `(Name)` item is the succinct form: `Name` is looked up
 * case-insensitively and must be a struct. A `(Name)` item among others becomes an argument
 * with no name and no type, which validation then refuses.
 */
function buildArgs(
  nodes: readonly ArgNode[],
  types: readonly SchemaType[],
): { succinct: boolean; args: Arg[] } {
  const only = nodes[0];
  if (nodes.length === 1 && only?.inline === true) {
    const lower = only.typeName.toLowerCase();
    const type = types.find((t) => t.name.toLowerCase() === lower);
    if (type === undefined) {
      throw ridlErrorAt(`unknown type for succinct definition of '${only.typeName}'`, only.at);
    }
    if (type.kind !== "struct") {
      throw ridlErrorAt(
        `expecting struct type for succinct definition of '${only.typeName}'`,
        only.at,
      );
    }
    checkArg(type.name, types, only.at);
    return {
      succinct: true,
      args: [{ name: lowerFirst(type.name), type: type.name, optional: false }],
    };
  }
  const args = nodes.map((a): Arg => {
    if (a.inline) return { name: "", type: "", optional: false };
    checkArg(a.type, types, a.typeAt);
    const arg = { name: a.name, type: a.type, optional: a.optional };
    if (a.typeAt) typePositions.set(arg, a.typeAt);
    if (a.at) sourcePositions.set(arg, a.at);
    return arg;
  });
  return { succinct: false, args };
}

/** Checks that an argument's type resolves; its string is canonicalised by validation. */
function checkArg(expr: string, types: readonly SchemaType[], at?: At): void {
  try {
    parseTypeExpr(expr, types);
  } catch (err) {
    if (err instanceof TypeExprError)
      throw ridlErrorAt(`parsing argument ${expr}: ${err.message}`, at);
    throw err;
  }
}

/** Go's `unicode.ToLower` on the first rune (one rune in, one rune out). */
function lowerFirst(s: string): string {
  const first = s.codePointAt(0);
  if (first === undefined) return s;
  const ch = String.fromCodePoint(first);
  // Full case mapping can give two runes (U+0130); the simple mapping Go uses is the first.
  const lower = Array.from(ch.toLowerCase())[0] ?? ch;
  return lower + s.slice(ch.length);
}

/** Annotations keyed by name (own properties even for names like `__proto__`). */
function buildAnnotations(
  list: readonly { name: string; value: string; at?: SourcePosition }[],
): Record<string, Annotation> {
  const out: Record<string, Annotation> = {};
  for (const a of list) {
    const annotation: Annotation = { annotationType: a.name, value: a.value };
    if (a.at) sourcePositions.set(annotation, a.at);
    Object.defineProperty(out, a.name, {
      value: annotation,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}
