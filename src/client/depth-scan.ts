/**
 * A cheap scan of JSON text for nesting deeper than a bound, before anything is built from it.
 * The decoder refuses such text too, but only after `JSON.parse` has built every level: a 16 MB
 * body of 8 million nested arrays costs seconds and tens of megabytes that way, and this scan
 * stops at the first character past the bound. Strings are skipped (their brackets are text),
 * escapes stepped over; text that is not JSON is left to the parser to report.
 */
import { MAX_DEPTH } from "../codec/leaf.js";
import { pathStep } from "../codec/paths.js";

/**
 * The offset in `text` of the first `[` or `{` that opens a level deeper than `max`, or `-1`
 * when the text never nests that deep.
 *
 * @example
 * deeperThanAt("[[[]]]", 2); // 2
 * deeperThanAt('{"a":"[[[["}', 1); // -1
 */
export function deeperThanAt(text: string, max: number = MAX_DEPTH): number {
  let depth = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === 92) i++;
        else if (d === 34) break;
      }
    } else if (c === 91 || c === 123) {
      if (++depth > max) return i;
    } else if (c === 93 || c === 125) {
      depth--;
    }
  }
  return -1;
}

interface Frame {
  object: boolean;
  /** Array: index of the item being read. Object: the last key read. */
  index: number;
  key: string;
  expectKey: boolean;
}

/**
 * The JSON path (`$.intent[0].a`, as the decoder's errors write it) of the value that starts at
 * `offset` of `text`: one more pass over the text before it, keeping one frame per open level.
 * For the message of a refusal, so only run once the text is known to be refused.
 */
export function pathAtOffset(text: string, offset: number): string {
  const stack: Frame[] = [];
  for (let i = 0; i < offset && i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      const start = i;
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 92) i++;
        else if (d === 34) break;
      }
      const top = stack[stack.length - 1];
      if (top?.expectKey) {
        top.expectKey = false;
        top.key = keyOf(text.slice(start, i + 1));
      }
    } else if (c === 91 || c === 123) {
      stack.push({ object: c === 123, index: 0, key: "", expectKey: c === 123 });
    } else if (c === 93 || c === 125) {
      stack.pop();
    } else if (c === 44) {
      const top = stack[stack.length - 1];
      if (top === undefined) continue;
      top.index++;
      if (top.object) top.expectKey = true;
    }
  }
  let path = "$";
  for (const f of stack) path = pathStep(path, f.object ? f.key : f.index);
  return path;
}

function keyOf(quoted: string): string {
  try {
    return JSON.parse(quoted) as string;
  } catch {
    return quoted.slice(1, -1);
  }
}
