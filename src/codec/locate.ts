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
