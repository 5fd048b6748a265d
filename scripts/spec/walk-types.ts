/**
 * Walks two versions of the types reached from one side of an operation in step, recording
 * field, type and enum-value changes with the path they are met at.
 */

import { parseTypeExpr, type TypeExpr } from "../emit/model.js";
import type { Collector, Context } from "./collector.js";
import { domainOf, relation } from "./domain.js";
import { boundChanges } from "./request-bounds.js";
import { type Side, type WireField, wireFields } from "./side.js";
import { tsTypeOf } from "./type-expr.js";

const KIND_OF_RELATION = {
  widened: "field-type-widened",
  narrowed: "field-type-narrowed",
  changed: "field-type-changed",
} as const;

/** Compares types of the base schema (`before`) with the new one (`after`). */
export class TypeWalker {
  /** Named types met in the same place under different names, as `old>new`. */
  readonly pairs = new Set<string>();
  /**
   * Type strings of response members: a request field of such a type carries back what a server
   * sent (the intent to commit, a page cursor), so its contents follow the response's rules and
   * are compared there.
   */
  readonly echoes = new Set<string>();

  constructor(
    readonly before: Side,
    readonly after: Side,
    readonly out: Collector,
  ) {}

  /** Compares two field lists of the type now called `owner`. */
  fields(
    old: readonly WireField[],
    now: readonly WireField[],
    owner: string,
    at: Context,
    stack: ReadonlySet<string>,
  ): void {
    const byName = new Map(now.map((f) => [f.name, f]));
    const oldNames = new Set(old.map((f) => f.name));
    for (const o of old) {
      const n = byName.get(o.name);
      const subject = `${owner}.${o.name}`;
      const here = { role: at.role, path: `${at.path}.${o.name}` };
      if (!n) {
        this.out.add(
          o.optional ? "field-removed-optional" : "field-removed-required",
          subject,
          o.type,
          here,
        );
        continue;
      }
      if (o.optional !== n.optional) {
        this.out.add(n.optional ? "field-made-optional" : "field-made-required", subject, "", here);
      }
      for (const b of boundChanges(o.bounds, n.bounds, o.type, n.type))
        this.out.add(`request-bound-${b.way}`, subject, b.detail, here);
      const echo = at.role === "request" && o.type === n.type && this.echoes.has(n.type);
      if (!echo) this.type(o.type, n.type, subject, here, stack);
    }
    for (const n of now) {
      if (oldNames.has(n.name)) continue;
      const here = { role: at.role, path: `${at.path}.${n.name}` };
      const kind = n.optional ? "field-added-optional" : "field-added-required";
      this.out.add(kind, `${owner}.${n.name}`, n.type, here);
    }
  }

  /** Compares two named structs met at the same place. */
  struct(oldName: string, newName: string, at: Context, stack: ReadonlySet<string>): void {
    const key = `${oldName}>${newName}`;
    if (stack.has(key)) return;
    if (oldName !== newName) this.pairs.add(key);
    const o = this.before.struct(oldName);
    const n = this.after.struct(newName);
    if (!o || !n) return;
    this.fields(wireFields(o), wireFields(n), newName, at, new Set(stack).add(key));
  }

  /** Compares two field types (canonical type strings) met at `subject`. */
  type(old: string, now: string, subject: string, at: Context, stack: ReadonlySet<string>): void {
    if (old === now && !this.reachesNamed(parseTypeExpr(old))) return;
    const detail = old === now ? `${old} (its definition changed)` : `${old} → ${now}`;
    this.tree(parseTypeExpr(old), parseTypeExpr(now), detail, subject, at, stack);
  }

  private reachesNamed(e: TypeExpr): boolean {
    if (e.kind === "named") return true;
    if (e.kind === "list") return this.reachesNamed(e.elem);
    if (e.kind === "map") return this.reachesNamed(e.value) || this.reachesNamed(e.key);
    return false;
  }

  private tree(
    a: TypeExpr,
    b: TypeExpr,
    detail: string,
    subject: string,
    at: Context,
    stack: ReadonlySet<string>,
  ): void {
    if (a.kind === "list" && b.kind === "list") {
      this.tree(a.elem, b.elem, detail, subject, { role: at.role, path: `${at.path}[]` }, stack);
      return;
    }
    if (a.kind === "map" && b.kind === "map") {
      this.scalar(a.key, b.key, detail, subject, at);
      this.tree(a.value, b.value, detail, subject, { role: at.role, path: `${at.path}{}` }, stack);
      return;
    }
    if (a.kind === "named" && b.kind === "named") {
      const ta = this.before.lookup(a.name);
      const tb = this.after.lookup(b.name);
      if (ta?.kind === "struct" && tb?.kind === "struct") {
        this.struct(a.name, b.name, at, stack);
        return;
      }
      if (ta?.kind === "enum" && tb?.kind === "enum") {
        if (ta.type !== tb.type) this.out.add("field-type-changed", subject, detail, at, true);
        else this.enumValues(a.name, b.name, at);
        return;
      }
    }
    this.scalar(a, b, detail, subject, at);
  }

  private scalar(a: TypeExpr, b: TypeExpr, detail: string, subject: string, at: Context): void {
    const rel = relation(
      domainOf(a, at.role, this.before.lookup),
      domainOf(b, at.role, this.after.lookup),
    );
    const tsChanged = tsTypeOf(a, this.before.lookup) !== tsTypeOf(b, this.after.lookup);
    if (rel === "equal") {
      if (tsChanged) this.out.add("field-type-same-wire", subject, detail, at, true);
      return;
    }
    this.out.add(KIND_OF_RELATION[rel], subject, detail, at, tsChanged);
  }

  /** Compares the values of two enums met at the same place. */
  enumValues(oldName: string, newName: string, at: Context): void {
    const o = this.before.lookup(oldName);
    const n = this.after.lookup(newName);
    if (o?.kind !== "enum" || n?.kind !== "enum") return;
    if (oldName !== newName) this.pairs.add(`${oldName}>${newName}`);
    const now = new Map((n.fields ?? []).map((v) => [v.name, v.value]));
    const had = new Set<string>();
    for (const v of o.fields ?? []) {
      had.add(v.name);
      const value = now.get(v.name);
      const subject = `${newName}.${v.name}`;
      if (value === undefined) this.out.add("enum-value-removed", subject, "", at);
      else if (value !== v.value)
        this.out.add("enum-value-changed", subject, `${v.value} → ${value}`, at);
    }
    for (const v of n.fields ?? []) {
      if (!had.has(v.name)) this.out.add("enum-value-added", `${newName}.${v.name}`, "", at);
    }
  }
}
