/**
 * The schema diff: compares two parsed schemas (not their text) and lists every change with its
 * effect on old clients against a new server, new clients against an old server, and TypeScript
 * source. Comments, formatting and declaration order are not changes.
 */
import type { Schema } from "../ridl/index.js";
import type { Change } from "./change.js";
import { Collector } from "./collector.js";
import { compareErrors } from "./errors.js";
import { compareOperations } from "./operations.js";
import { Side } from "./side.js";
import { TypeWalker } from "./walk-types.js";

const basepathOf = (s: Schema) => s.basepath || (s.services.length ? "/rpc/" : "");

/** Every change from `before` (the base) to `after`, in the order met. */
export function diffSchemas(before: Schema, after: Schema): Change[] {
  const out = new Collector();
  const walker = new TypeWalker(new Side(before), new Side(after), out);
  if (basepathOf(before) !== basepathOf(after)) {
    out.add("basepath-changed", "basepath", `${basepathOf(before)} → ${basepathOf(after)}`);
  }
  const replaced = compareOperations(walker, out);
  compareErrors(before, after, out);
  const renamed = compareTypeSets(walker, out);
  for (const r of replaced) {
    if (renamed.has(`${r.old}>${r.now}`)) continue;
    const kind = r.which === "request" ? "request-type-replaced" : "response-type-replaced";
    out.add(kind, r.id, `${r.old} → ${r.now}`);
  }
  return out.changes();
}

/** Whether two named types have the same wire shape in both roles. */
function sameShape(walker: TypeWalker, oldName: string, newName: string): boolean {
  const probe = new Collector();
  const w = new TypeWalker(walker.before, walker.after, probe);
  const o = walker.before.lookup(oldName);
  const n = walker.after.lookup(newName);
  if (!o || !n || o.kind !== n.kind) return false;
  for (const role of ["request", "response"] as const) {
    const at = { role, path: newName };
    if (o.kind === "struct") w.struct(oldName, newName, at, new Set());
    else if (o.kind === "enum") {
      if (o.type !== (n.kind === "enum" ? n.type : "")) return false;
      w.enumValues(oldName, newName, at);
    } else w.type(o.type, n.kind === "alias" ? n.type : "", newName, at, new Set());
  }
  return probe.size === 0;
}

/** Types added, removed or renamed; returns the renames as `old>new`. */
function compareTypeSets(walker: TypeWalker, out: Collector): Set<string> {
  const removed = [...walker.before.types.keys()].filter((t) => !walker.after.types.has(t));
  const added = new Set([...walker.after.types.keys()].filter((t) => !walker.before.types.has(t)));
  const renamed = new Set<string>();
  const candidates = (name: string) => [
    ...[...walker.pairs]
      .filter((p) => p.startsWith(`${name}>`))
      .map((p) => p.slice(name.length + 1)),
    ...added,
  ];
  for (const name of removed) {
    const twin = candidates(name).find((n) => added.has(n) && sameShape(walker, name, n));
    if (twin === undefined) {
      out.add("type-removed", name, "");
      continue;
    }
    added.delete(twin);
    renamed.add(`${name}>${twin}`);
    out.add("type-renamed", twin, `${name} → ${twin}`);
  }
  for (const name of added) out.add("type-added", name, "");
  return renamed;
}
