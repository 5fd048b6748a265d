/**
 * Which enums are closed: the interface says its enum lists are incomplete, so a value the server
 * sends may be one we do not know (open enums in responses), but a value the caller writes into a
 * request must be one the schema lists (closed enums in requests).
 *
 * A request field whose type is exactly the type of some response field carries back what the
 * server sent (the intent to commit, a page cursor, the receipt states of a long poll): it keeps
 * open enums, or a caller could not send back a value the server added after this SDK was built.
 * Every other enum reached from a request type is closed.
 *
 * A struct reached from a request through closed fields, whose enums would differ, gets a closed
 * variant. The variant of a request type keeps the schema name (`QuoteIntentRequest`); its open
 * form, where the struct also appears in responses, is `Open<Name>`. The closed variant of any
 * other struct is `<Name>Input`.
 */
import {
  methodTypes,
  parseTypeExpr,
  type SchemaModel,
  type TypeExpr,
  wireFields,
} from "./model.js";

/** How enum fields of one struct form are typed. */
export type Direction = "open" | "closed";

/** The closed/open structure of a schema's request and response types. */
export class Directions {
  /** Structs that have two forms: open (responses, echoes) and closed (requests). */
  readonly closedStructs = new Set<string>();
  /** Structs whose closed form also differs in its enums (not only in request constraints). */
  readonly enumClosedStructs = new Set<string>();
  /** Structs reached only from requests (through closed fields): one form, the closed one. */
  readonly onlyClosedStructs = new Set<string>();
  /** Request types of the operations (their closed form keeps the schema name). */
  readonly requestRoots = new Set<string>();
  /** Type expressions of response fields: a request field of such a type is an echo. */
  readonly echoTypes = new Set<string>();

  constructor(readonly model: SchemaModel) {
    const responses: string[] = [];
    for (const { method } of model.methods()) {
      const { request, response } = methodTypes(method);
      this.requestRoots.add(request);
      responses.push(response);
    }
    for (const name of responses) {
      const t = model.type(name);
      if (t.kind === "struct") for (const f of wireFields(t)) this.echoTypes.add(f.type);
    }
    const memo = new Map<string, boolean>();
    for (const root of this.requestRoots) this.needsClosed(root, memo, new Set());
    for (const [name, closed] of memo) if (closed) this.enumClosedStructs.add(name);
    // Every struct a request reaches through closed fields carries the request constraints
    // (`request-rules.ts`); where the struct is also reached as the service sends it (from a
    // response, an echo field, or the intent), it has both forms.
    const closed = new Set<string>();
    const open = new Set<string>();
    for (const root of this.requestRoots) this.reach(root, "closed", closed, open);
    for (const name of responses) this.reach(name, "open", closed, open);
    this.reach("Intent", "open", closed, open);
    for (const name of closed) {
      if (open.has(name) || this.enumClosedStructs.has(name)) this.closedStructs.add(name);
      else this.onlyClosedStructs.add(name);
    }
  }

  /** Whether a request field of this type keeps open enums (it echoes server data). */
  isEcho(fieldType: string): boolean {
    return this.echoTypes.has(fieldType);
  }

  /** Whether the one form of `name` is its closed form (it is reached only from requests). */
  isOnlyClosed(name: string): boolean {
    return this.onlyClosedStructs.has(name);
  }

  /** The TypeScript name of a struct in one direction. */
  structName(name: string, direction: Direction): string {
    if (!this.closedStructs.has(name)) return name;
    const root = this.requestRoots.has(name);
    if (direction === "closed") return root ? name : `${name}Input`;
    return root ? `Open${name}` : name;
  }

  private reach(name: string, direction: Direction, closed: Set<string>, open: Set<string>): void {
    const t = this.model.types.get(name);
    if (t?.kind !== "struct") return;
    const seen = direction === "closed" ? closed : open;
    if (seen.has(name)) return;
    seen.add(name);
    for (const f of wireFields(t)) {
      const d = direction === "closed" && this.isEcho(f.type) ? "open" : direction;
      for (const inner of this.structsOf(parseTypeExpr(f.type))) this.reach(inner, d, closed, open);
    }
  }

  private structsOf(expr: TypeExpr): string[] {
    switch (expr.kind) {
      case "core":
        return [];
      case "list":
        return this.structsOf(expr.elem);
      case "map":
        return this.structsOf(expr.value);
      case "named": {
        const t = this.model.type(expr.name);
        if (t.kind === "alias") return this.structsOf(parseTypeExpr(t.type));
        return t.kind === "struct" ? [t.name] : [];
      }
    }
  }

  private needsClosed(name: string, memo: Map<string, boolean>, path: Set<string>): boolean {
    const known = memo.get(name);
    if (known !== undefined) return known;
    if (path.has(name)) return false;
    const t = this.model.type(name);
    if (t.kind !== "struct") return false;
    const inner = new Set(path).add(name);
    let closed = false;
    for (const f of wireFields(t)) {
      if (this.isEcho(f.type)) continue;
      if (this.exprNeedsClosed(parseTypeExpr(f.type), memo, inner)) closed = true;
    }
    memo.set(name, closed);
    return closed;
  }

  private exprNeedsClosed(expr: TypeExpr, memo: Map<string, boolean>, path: Set<string>): boolean {
    switch (expr.kind) {
      case "core":
        return false;
      case "list":
        return this.exprNeedsClosed(expr.elem, memo, path);
      case "map":
        return this.exprNeedsClosed(expr.value, memo, path);
      case "named": {
        const t = this.model.type(expr.name);
        if (t.kind === "enum") return true;
        if (t.kind === "alias") return this.exprNeedsClosed(parseTypeExpr(t.type), memo, path);
        return this.needsClosed(t.name, memo, path);
      }
    }
  }
}
