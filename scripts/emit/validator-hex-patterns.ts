/**
 * A pattern of a fixed number of hex digits after `0x` (an address, a hash), optionally empty,
 * tested by a loop over the string's code units instead of a `RegExp`: a big answer holds dozens of
 * addresses per intent, and the expression was the largest single cost of validating one (about
 * half of it). The test is exact for every string: the expression, `u` flag or not, matches only
 * `0x` followed by ASCII hex digits (each one UTF-16 code unit, so code points and code units
 * agree) or, where it allows it, the empty string; `^` and `$` anchor at the string's ends (no `m`
 * flag). The object keeps the expression's `source`, which the error's parameters name, and its
 * `test`, so every site that tested the `RegExp` tests it unchanged. Any other pattern stays a
 * `RegExp`.
 */

/** A pattern ajv compiled: the name, the JSON string of its source, its flags. */
const COMPILED = /const (pattern\d+) = new RegExp\(("(?:[^"\\]|\\.)*"), "u?"\);/g;
/** The sources rewritten; the count of digits must also be a multiple of 4 (read four at a time). */
const HEX = /^\^(\(\?:)?0x\[0-9a-fA-F\]\{(\d+)\}(\)\?)?\$$/;

/**
 * The helper the rewritten patterns call: the length and the `0x` first, then the digits four at a
 * time without a branch (a code unit past the table reads as `undefined`, which clears `ok` as a zero
 * does). The table is built per pattern; a bundle holds a few.
 */
export const HEX_PATTERN_HELPERS =
  "function hexPattern(source, size, empty) {" +
  " const hex = new Uint8Array(128).fill(1, 48, 58).fill(1, 65, 71).fill(1, 97, 103);" +
  " return { source, test(s) {" +
  ' if (s.length !== size || !s.startsWith("0x")) return empty && !s;' +
  " let ok = 1;" +
  " for (let i = 2; i < size; i += 4)" +
  " ok &= hex[s.charCodeAt(i)] & hex[s.charCodeAt(i + 1)] & hex[s.charCodeAt(i + 2)] & hex[s.charCodeAt(i + 3)];" +
  " return ok > 0; } };" +
  " }\n";

/** `code` with each pattern of `0x` and a fixed count of hex digits (4, 8, …) made a `hexPattern`. */
export function hexPatterns(code: string): string {
  return code.replace(COMPILED, (all, name: string, quoted: string) => {
    const match = HEX.exec(JSON.parse(quoted) as string);
    // Both halves of the optional group, or neither.
    if (match === null || (match[1] === undefined) !== (match[3] === undefined)) return all;
    const digits = Number(match[2]);
    if (digits % 4 !== 0) return all;
    const size = digits + 2;
    return `const ${name} = /*#__PURE__*/ hexPattern(${quoted}, ${size}, ${match[1] !== undefined});`;
  });
}
