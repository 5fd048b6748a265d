/**
 * Compares the operations of two schemas: added, removed or renamed operations, their request
 * and response types (walked field by field), and the annotations that change what clients do.
 */
import type { Method } from "../ridl/index.js";
import type { Collector } from "./collector.js";
import { type Side, type WireField, wireFields } from "./side.js";
import type { TypeWalker } from "./walk-types.js";

/** One operation of one schema. */
export interface Operation {
  /** `Service.Method` */
  id: string;
  service: string;
  method: Method;
}

/** One side of an operation: its root type name and the members of its JSON object. */
interface Root {
  /** The struct named in a succinct method, or `<Method>Request`/`Response` for argument lists. */
  name: string;
  /** Whether `name` is a struct of the schema (succinct form). */
  named: boolean;
  fields: WireField[];
}

/** The operations of a schema, in order. */
export function operationsOf(side: Side): Operation[] {
  return side.schema.services.flatMap((s) =>
    s.methods.map((method) => ({ id: `${s.name}.${method.name}`, service: s.name, method })),
  );
}

function root(side: Side, method: Method, which: "request" | "response"): Root {
  const args = which === "request" ? method.inputs : method.outputs;
  const only = args[0];
  if (method.succinct && only) {
    const struct = side.struct(only.type);
    return { name: only.type, named: true, fields: struct ? wireFields(struct) : [] };
  }
  // Method arguments carry no meta: their bounds are the ones their types imply.
  const fields = args.map((a) => ({
    name: a.name,
    type: a.type,
    optional: a.optional,
    bounds: {},
  }));
  return {
    name: `${method.name}${which === "request" ? "Request" : "Response"}`,
    named: false,
    fields,
  };
}

/** The signature that tells a renamed operation: its request and response types as written. */
function signature(method: Method): string {
  const list = (args: Method["inputs"]) =>
    args.map((a) => `${a.name}${a.optional ? "?" : ""}:${a.type}`).join(",");
  return `${method.succinct ? "s" : "a"}(${list(method.inputs)})=>(${list(method.outputs)})`;
}

/** Root type names replaced in an operation, for reporting once renames are known. */
export interface Replaced {
  id: string;
  which: "request" | "response";
  old: string;
  now: string;
}

/** Compares every operation; returns the root types that changed name. */
export function compareOperations(walker: TypeWalker, out: Collector): Replaced[] {
  const before = operationsOf(walker.before);
  const after = new Map(operationsOf(walker.after).map((op) => [op.id, op]));
  for (const side of [walker.before, walker.after]) {
    for (const op of operationsOf(side)) {
      for (const f of root(side, op.method, "response").fields) walker.echoes.add(f.type);
    }
  }
  const removed: Operation[] = [];
  const replaced: Replaced[] = [];
  for (const o of before) {
    const n = after.get(o.id);
    if (!n) {
      removed.push(o);
      continue;
    }
    after.delete(o.id);
    compareAnnotations(o, n, out);
    for (const which of ["request", "response"] as const) {
      const a = root(walker.before, o.method, which);
      const b = root(walker.after, n.method, which);
      const at = { role: which, path: b.name };
      if (a.named && b.named) walker.struct(a.name, b.name, at, new Set());
      else walker.fields(a.fields, b.fields, b.name, at, new Set());
      if (a.named && b.named && a.name !== b.name)
        replaced.push({ id: o.id, which, old: a.name, now: b.name });
    }
  }
  const added = [...after.values()];
  for (const o of removed) {
    const sig = signature(o.method);
    const i = added.findIndex((a) => signature(a.method) === sig);
    const twin = i >= 0 ? added.splice(i, 1)[0] : undefined;
    if (twin) out.add("operation-renamed", o.id, `${o.id} → ${twin.id}`);
    else out.add("operation-removed", o.id, "");
  }
  for (const n of added) out.add("operation-added", n.id, "");
  return replaced;
}

function compareAnnotations(o: Operation, n: Operation, out: Collector): void {
  const a = o.method.annotations;
  const b = n.method.annotations;
  // Only a change between the two written values changes what each side promises; a @retry
  // added or removed is reported as an annotation change.
  const ra = a.retry?.value;
  const rb = b.retry?.value;
  if (ra === "safe" && rb === "unsafe") out.add("retry-made-unsafe", n.id, "");
  if (ra === "unsafe" && rb === "safe") out.add("retry-made-safe", n.id, "");
  const flags = [
    ["longpoll", "longpoll-added", "longpoll-removed"],
    ["public", "public-added", "public-removed"],
  ] as const;
  for (const [key, addedKind, removedKind] of flags) {
    if (!(key in a) && key in b) out.add(addedKind, n.id, "");
    if (key in a && !(key in b)) out.add(removedKind, n.id, "");
  }
  const known = new Set(["longpoll", "public"]);
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (known.has(key) || (key === "retry" && ra !== undefined && rb !== undefined)) continue;
    const x = a[key]?.value;
    const y = b[key]?.value;
    if (x === y && key in a === key in b) continue;
    const show = (v: string | undefined, has: boolean) =>
      has ? `@${key}${v ? `:${v}` : ""}` : "none";
    out.add("annotation-changed", n.id, `${show(x, key in a)} → ${show(y, key in b)}`);
  }
}
