/**
 * Nesting bounds on JSON text, before anything is built from it. The decoder refuses such text
 * too, but only after `JSON.parse` has built every level: a 32 MB body of nested arrays costs it
 * half a minute and 1.5 GB. The scan is the codec's number scan (`scanUnsafeNumbers`), which
 * counts the nesting as it goes and stops at the first character past the bound; a 2xx body is
 * decoded with that same scan, so the bound costs no pass of its own. Strings are skipped (their
 * brackets are text); text that is not JSON is left to the parser to report.
 */
import { MAX_DEPTH } from "../codec/leaf.js";
import { scanUnsafeNumbers } from "../codec/number-tokens.js";
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
  return scanUnsafeNumbers(text, max).deepAt;
}

interface Frame {
  /** Array: index of the item being read. Object: where the last key read starts (its quote). */
  at: number;
  /** Object: where the last key read ends (after its quote); -1 for an array. */
  to: number;
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
    const top = stack[stack.length - 1];
    if (c === 34) {
      const start = i;
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 92) i++;
        else if (d === 34) break;
      }
      if (top?.expectKey) {
        // Only where it is: a key is decoded only if its level is still open at the end.
        top.expectKey = false;
        top.at = start;
        top.to = i + 1;
      }
    } else if (c === 91 || c === 123) {
      stack.push({ at: 0, to: c === 123 ? 0 : -1, expectKey: c === 123 });
    } else if (c === 93 || c === 125) {
      stack.pop();
    } else if (c === 44 && top !== undefined) {
      if (top.to < 0) top.at++;
      else top.expectKey = true;
    }
  }
  let path = "$";
  for (const f of stack) path = pathStep(path, f.to < 0 ? f.at : keyOf(text.slice(f.at, f.to)));
  return path;
}

function keyOf(quoted: string): string {
  try {
    return JSON.parse(quoted) as string;
  } catch {
    return quoted.slice(1, -1);
  }
}
