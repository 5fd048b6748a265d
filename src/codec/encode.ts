/**
 * Encoding with every digit: bigints (anywhere, on a bigint path or not) are written as JSON
 * numbers with all their digits, or as decimal strings when asked (webrpc's form). Everything else
 * is written as `JSON.stringify` writes it: `toJSON`, boxed primitives, `undefined` and functions
 * dropped from objects and `null` in arrays, non-finite numbers as `null`, cycles refused.
 */
import type { Shape } from "./paths.js";

/** Options of `stringifyJson`. */
export interface StringifyOptions {
  /**
   * How bigints are written: `"number"` (default: JSON numbers with every digit, as the interface
   * says) or `"string"` (decimal strings, as webrpc servers send them; safe integers on bigint
   * paths are then written as strings too).
   */
  bigintAs?: "number" | "string";
}

interface Writer {
  out: string;
  readonly quoted: boolean;
  readonly stack: object[];
}

/** Writes `value` as JSON text, following `tree` for the bigint fields. */
export function encodeWithPaths(
  value: unknown,
  tree: Shape | undefined,
  options: StringifyOptions = {},
): string {
  const w: Writer = { out: "", quoted: options.bigintAs === "string", stack: [] };
  const v = resolve(value, "");
  if (!writable(v)) throw new TypeError(`${typeof v} cannot be written as JSON`);
  write(w, v, tree);
  return w.out;
}

/** The value `JSON.stringify` would write for `value`: after `toJSON`, boxed primitives unwrapped. */
function resolve(value: unknown, key: string): unknown {
  if (value === null || typeof value !== "object") return value;
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === "function") return toJSON.call(value, key);
  if (value instanceof Number || value instanceof String || value instanceof Boolean) {
    return value.valueOf();
  }
  return value instanceof BigInt ? value.valueOf() : value;
}

/** `undefined`, functions and symbols are left out of objects (and are `null` in arrays). */
function writable(value: unknown): boolean {
  return value !== undefined && typeof value !== "function" && typeof value !== "symbol";
}

function write(w: Writer, value: unknown, shape: Shape | undefined): void {
  switch (typeof value) {
    case "string":
      w.out += JSON.stringify(value);
      return;
    case "number":
      if (!Number.isFinite(value)) w.out += "null";
      else if (w.quoted && shape?.bigint && Number.isSafeInteger(value)) w.out += `"${value}"`;
      else w.out += String(value);
      return;
    case "bigint":
      w.out += w.quoted ? `"${value}"` : String(value);
      return;
    case "boolean":
      w.out += value ? "true" : "false";
      return;
    default:
      if (value === null) w.out += "null";
      else writeContainer(w, value as object, shape);
  }
}

function writeContainer(w: Writer, value: object, shape: Shape | undefined): void {
  if (w.stack.includes(value)) throw new TypeError("Converting circular structure to JSON");
  w.stack.push(value);
  if (Array.isArray(value)) {
    w.out += "[";
    const items = shape?.items;
    for (let i = 0; i < value.length; i++) {
      if (i > 0) w.out += ",";
      const v = resolve(value[i], String(i));
      if (writable(v)) write(w, v, items);
      else w.out += "null";
    }
    w.out += "]";
  } else {
    const obj = value as Record<string, unknown>;
    const fields = shape?.byName;
    let sep = "{";
    for (const k of Object.keys(obj)) {
      const v = resolve(obj[k], k);
      if (!writable(v)) continue;
      w.out += `${sep}${JSON.stringify(k)}:`;
      sep = ",";
      write(w, v, fields?.get(k)?.shape ?? shape?.values);
    }
    w.out += sep === "{" ? "{}" : "}";
  }
  w.stack.pop();
}
