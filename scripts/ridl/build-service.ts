/** Building service methods: argument lists, the succinct form, errors clause and annotations. */
import type { ArgsNode, MethodNode } from "./ast.js";
import { RidlError, TypeExprError } from "./errors.js";
import type { Annotation, Arg, Method, SchemaType } from "./schema.js";
import { parseTypeExpr, typeString } from "./type-expr.js";

/** Builds one method against the schema's current type list. */
export function buildMethod(node: MethodNode, types: readonly SchemaType[]): Method {
  const inputs = buildArgs(node.inputs, types);
  const outputs = buildArgs(node.outputs, types);
  if (node.inputs.succinct !== node.outputs.succinct) {
    throw new RidlError(
      `method definition must be in succinct form for both inputs and outputs of method '${node.name}'`,
    );
  }
  const method: Method = {
    name: node.name,
    annotations: buildAnnotations(node.annotations),
    comments: node.comments,
    inputs,
    outputs,
  };
  if (node.inputs.succinct) method.succinct = true;
  if (node.streamInput) method.streamInput = true;
  if (node.streamOutput) method.streamOutput = true;
  if (node.errors.length > 0) method.errors = [...node.errors];
  return method;
}

function buildArgs(node: ArgsNode, types: readonly SchemaType[]): Arg[] {
  if (node.succinct) {
    const lower = node.typeName.toLowerCase();
    const type = types.find((t) => t.name.toLowerCase() === lower);
    if (type === undefined) {
      throw new RidlError(`unknown type for succinct definition of '${node.typeName}'`);
    }
    if (type.kind !== "struct") {
      throw new RidlError(`expecting struct type for succinct definition of '${node.typeName}'`);
    }
    return [{ name: lowerFirst(type.name), type: resolveArg(type.name, types), optional: false }];
  }
  return node.args.map((a) => ({
    name: a.name,
    type: resolveArg(a.type, types),
    optional: a.optional,
  }));
}

function resolveArg(expr: string, types: readonly SchemaType[]): string {
  try {
    return typeString(parseTypeExpr(expr, types));
  } catch (err) {
    if (err instanceof TypeExprError)
      throw new RidlError(`parsing argument ${expr}: ${err.message}`);
    throw err;
  }
}

function lowerFirst(s: string): string {
  const first = s.codePointAt(0);
  if (first === undefined) return s;
  const ch = String.fromCodePoint(first);
  return ch.toLowerCase() + s.slice(ch.length);
}

/** Annotations keyed by name (own properties even for names like `__proto__`). */
function buildAnnotations(
  list: readonly { name: string; value: string }[],
): Record<string, Annotation> {
  const out: Record<string, Annotation> = {};
  for (const a of list) {
    Object.defineProperty(out, a.name, {
      value: { annotationType: a.name, value: a.value },
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}
