/**
 * Encoding with every digit (`docs/codec.md`, "Encoding"): bigints as JSON numbers, or on bigint
 * paths as decimal strings when asked; everything else as `JSON.stringify` writes it, except a
 * `number` from 2^53 on, written in exponent form so that it reads back as a number. Refused with
 * a `JsonEncodeError` naming the path: cycles, nesting past `MAX_DEPTH`, and a `number` on a
 * bigint path that is not a safe integer.
 */
import { JsonEncodeError } from "./errors.js";
import { MAX_DEPTH } from "./leaf.js";
import type { Shape } from "./paths.js";

/** Options of `stringifyJson`. */
export interface StringifyOptions {
  /**
   * How bigint fields are written: `"number"` (default: JSON numbers with every digit, as the
   * interface says) or `"string"` (decimal strings, as webrpc servers send them; safe integers on
   * bigint paths are then written as strings too). Bigints elsewhere are always JSON numbers.
   */
  bigintAs?: "number" | "string";
}

interface Writer {
  out: string;
  readonly quoted: boolean;
  /** Containers from the root to the one being written, for cycles and depth. */
  readonly stack: object[];
  /** The key of each container of `stack` in its parent (the root's is `$`). */
  readonly keys: (string | number)[];
}

/** Writes `value` as JSON text, following `tree` for the bigint fields. */
export function encodeWithPaths(
  value: unknown,
  tree: Shape | undefined,
  options: StringifyOptions = {},
): string {
  const w: Writer = { out: "", quoted: options.bigintAs === "string", stack: [], keys: [] };
  const v = resolve(value, "");
  if (!writable(v)) throw new JsonEncodeError(`${typeof v} cannot be written as JSON`, []);
  write(w, v, tree, "$");
  return w.out;
}

/** Keys from the root to `key` in the container being written (none for the root). */
function keysTo(w: Writer, key: string | number): (string | number)[] {
  return w.stack.length === 0 ? [] : [...w.keys.slice(1), key];
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

function write(w: Writer, value: unknown, shape: Shape | undefined, key: string | number): void {
  switch (typeof value) {
    case "string":
      w.out += JSON.stringify(value);
      return;
    case "number":
      if (shape?.bigint) {
        if (!Number.isSafeInteger(value)) unsafeNumber(w, value, key);
        w.out += w.quoted ? `"${value}"` : String(value);
      } else w.out += writeNumber(value);
      return;
    case "bigint":
      w.out += w.quoted && shape?.bigint ? `"${value}"` : String(value);
      return;
    case "boolean":
      w.out += value ? "true" : "false";
      return;
    default:
      if (value === null) w.out += "null";
      else writeContainer(w, value as object, shape, key);
  }
}

/**
 * A number as `JSON.stringify` writes it, except from 2^53 on, where a plain integer would read
 * back as a `bigint` (the decoder makes every integer past 2^53 one): exponent form, which reads
 * back as this very number.
 */
function writeNumber(value: number): string {
  if (value < 2 ** 53 && value > -(2 ** 53)) return String(value);
  return Number.isFinite(value) ? value.toExponential() : "null";
}

function unsafeNumber(w: Writer, value: number, key: string | number): never {
  throw new JsonEncodeError(
    `${value} is not a safe integer: a bigint field takes a bigint, or a number between ` +
      `-(2^53 - 1) and 2^53 - 1`,
    keysTo(w, key),
  );
}

function writeContainer(w: Writer, value: object, shape: Shape | undefined, key: string | number) {
  if (w.stack.includes(value)) {
    throw new JsonEncodeError("Converting circular structure to JSON", keysTo(w, key));
  }
  if (w.stack.length === MAX_DEPTH) {
    throw new JsonEncodeError(`Nesting deeper than ${MAX_DEPTH} levels`, keysTo(w, key));
  }
  w.stack.push(value);
  w.keys.push(key);
  if (Array.isArray(value)) {
    w.out += "[";
    const items = shape?.items;
    for (let i = 0; i < value.length; i++) {
      if (i > 0) w.out += ",";
      const v = resolve(value[i], String(i));
      if (writable(v)) write(w, v, items, i);
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
      write(w, v, fields?.get(k) ?? shape?.values, k);
    }
    w.out += sep === "{" ? "{}" : "}";
  }
  w.stack.pop();
  w.keys.pop();
}
