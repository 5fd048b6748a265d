/**
 * Finds the first invalid value on the bigint paths of a decoded value and names its JSON path.
 * Slow (it builds path strings), so it only runs after the fast walk has failed.
 */
import { INVALID, leafKind } from "./leaf.js";
import type { Shape } from "./paths.js";

/** An invalid value and where it is. */
export interface Located {
  /** JSON path, e.g. `$.intents[3].quote.fromAmount`. */
  readonly path: string;
  /** The value found there. */
  readonly value: unknown;
}

const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `$.a`, `$["a b"]`, `$[3]`: one step of a JSON path. */
export function pathStep(path: string, key: string | number): string {
  if (typeof key === "number") return `${path}[${key}]`;
  return identifier.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/** The first value on a bigint path of `value` that is not a bigint, an integer or a decimal string. */
export function locateInvalid(value: unknown, shape: Shape, path = "$"): Located | undefined {
  if (shape.bigint) return leafKind(value) === INVALID ? { path, value } : undefined;
  if (value === null || typeof value !== "object") return undefined;
  if (Array.isArray(value)) {
    if (shape.items === undefined) return undefined;
    for (let i = 0; i < value.length; i++) {
      const found = locateInvalid(value[i], shape.items, pathStep(path, i));
      if (found) return found;
    }
    return undefined;
  }
  const obj = value as Record<string, unknown>;
  for (const f of shape.fields ?? []) {
    if (!Object.hasOwn(obj, f.name)) continue;
    const found = locateInvalid(obj[f.name], f.shape, pathStep(path, f.name));
    if (found) return found;
  }
  if (shape.values === undefined) return undefined;
  for (const k of Object.keys(obj)) {
    const found = locateInvalid(obj[k], shape.values, pathStep(path, k));
    if (found) return found;
  }
  return undefined;
}

/** A container met while looking for deep nesting, with the way back to the root. */
interface Visit {
  readonly value: object;
  readonly depth: number;
  readonly parent: Visit | undefined;
  readonly key: string | number;
}

/**
 * Keys from the root to the first array or object (depth first, document order) at depth `limit`,
 * the root being at depth 0; `undefined` when there is none. Iterative, so any depth is searched.
 */
export function locateDeep(value: unknown, limit: number): (string | number)[] | undefined {
  if (value === null || typeof value !== "object") return undefined;
  const todo: Visit[] = [{ value, depth: 0, parent: undefined, key: "$" }];
  for (let v = todo.pop(); v !== undefined; v = todo.pop()) {
    if (v.depth === limit) return keysOf(v);
    const children: [string | number, unknown][] = Array.isArray(v.value)
      ? v.value.map((c, i) => [i, c])
      : Object.entries(v.value);
    for (let i = children.length - 1; i >= 0; i--) {
      const [key, child] = children[i] as [string | number, unknown];
      if (child !== null && typeof child === "object") {
        todo.push({ value: child, depth: v.depth + 1, parent: v, key });
      }
    }
  }
  return undefined;
}

function keysOf(v: Visit): (string | number)[] {
  const keys: (string | number)[] = [];
  for (let at: Visit | undefined = v; at?.parent !== undefined; at = at.parent) keys.push(at.key);
  return keys.reverse();
}
