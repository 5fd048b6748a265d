/**
 * The cheap bounds of a request body, read from its text before anything is built from it: how
 * deeply it nests arrays and objects, how many members one array or object has, and how many
 * values it holds in all (checked at each comma, so a bound is seen within one value of it). One pass over the characters, no allocation but a stack of at most
 * `MAX_NESTING` frames: a body of a million items is refused in about a millisecond, before the
 * parser builds a million values and before the request check reports a million problems.
 */

/** Deepest nesting accepted in a request body (requests of the schema nest about ten levels). */
export const MAX_NESTING = 64;
/** Most members of one array or object in a request. */
export const MAX_ITEMS = 1000;
/**
 * Most values (objects, arrays, strings, numbers, literals; keys not counted) in a request. The
 * largest request of the interface, `GetTokenPrices` with `MAX_ITEMS` tokens, holds about 4,000.
 */
export const MAX_VALUES = 16_384;

/** What is wrong with a body's shape, when something is. */
export type ShapeProblem =
  | { kind: "depth" }
  | { kind: "items"; pointer: string; container: "array" | "object" }
  | { kind: "values" };

/** A body's shape: its first problem, or how many values it holds. */
export type BodyShape = { problem: ShapeProblem } | { problem: undefined; values: number };

interface Frame {
  object: boolean;
  /** Commas seen at this level: members so far, less one. */
  commas: number;
  /** The next string at this level is a key (objects only). */
  expectKey: boolean;
  /** Where the last key's text starts and ends (quotes excluded), for the pointer. */
  keyStart: number;
  keyEnd: number;
}

/**
 * Scans the JSON text `text` (strings skipped, escapes stepped over). Text that is not JSON is
 * scanned all the same and left to the parser, which reports it; only a shape past a bound is a
 * problem here.
 */
export function scanBodyShape(
  text: string,
  maxDepth = MAX_NESTING,
  maxItems = MAX_ITEMS,
  maxValues = MAX_VALUES,
): BodyShape {
  const stack: Frame[] = [];
  let values = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      const start = i + 1;
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === 92) i++;
        else if (d === 34) break;
      }
      const top = stack[stack.length - 1];
      if (top?.expectKey) {
        top.expectKey = false;
        top.keyStart = start;
        top.keyEnd = i;
      } else values++;
    } else if (c === 123 || c === 91) {
      values++;
      if (stack.length === maxDepth) return { problem: { kind: "depth" } };
      stack.push({ object: c === 123, commas: 0, expectKey: c === 123, keyStart: 0, keyEnd: 0 });
    } else if (c === 125 || c === 93) {
      stack.pop();
    } else if (c === 44) {
      const top = stack[stack.length - 1];
      if (top === undefined) continue;
      top.commas++;
      if (top.commas >= maxItems) {
        return {
          problem: {
            kind: "items",
            pointer: pointerOf(text, stack, stack.length - 1),
            container: top.object ? "object" : "array",
          },
        };
      }
      if (top.object) top.expectKey = true;
      if (values > maxValues) return { problem: { kind: "values" } };
    } else if (c > 32 && c !== 58 && !isLiteralTail(text, i)) {
      values++;
    }
  }
  return { problem: undefined, values };
}

/** Whether the character at `i` continues a number or a literal (`true`, `-1.5e3`) begun before. */
function isLiteralTail(text: string, i: number): boolean {
  const p = text.charCodeAt(i - 1);
  return (
    (p >= 48 && p <= 57) ||
    (p >= 97 && p <= 122) ||
    (p >= 65 && p <= 90) ||
    p === 43 ||
    p === 45 ||
    p === 46
  );
}

/** The JSON pointer of the container at `level` (keys read back from the text, as written). */
function pointerOf(text: string, stack: readonly Frame[], level: number): string {
  let out = "";
  for (let k = 0; k < level; k++) {
    const f = stack[k] as Frame;
    const segment = f.object ? keyText(text, f.keyStart, f.keyEnd) : String(f.commas);
    out += `/${segment.replaceAll("~", "~0").replaceAll("/", "~1")}`;
  }
  return out;
}

function keyText(text: string, start: number, end: number): string {
  const raw = text.slice(start, Math.min(end, start + 200));
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}
