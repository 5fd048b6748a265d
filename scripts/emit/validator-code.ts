/**
 * Reading validator code as the emit passes need it: where a string literal ends and where a block
 * closes (braces inside strings do not count), and whether a `{` opens a bare block. ajv writes
 * its code in a fixed shape, so these few rules read it exactly; each pass that walks the code
 * calls them rather than restating them.
 */

/** Index of the quote closing the string literal whose opening quote is at `open`. */
export function stringEnd(code: string, open: number): number {
  const quote = code[open];
  let i = open + 1;
  for (; code[i] !== quote; i++) if (code[i] === "\\") i++;
  return i;
}

/** Whether `c` is a quote that opens a string literal. */
export const isQuote = (c: string): boolean => c === '"' || c === "'";

/**
 * Whether a `{` after `before` (the last character outside strings and spaces) opens a bare block:
 * after `;`, `{` or `}` it does; after `)` it is a body, after `(`, `,`, `:` or `=` an object,
 * after `else ` a body.
 */
export const opensBareBlock = (before: string): boolean =>
  before === ";" || before === "{" || before === "}";

/** Index of the `}` closing the block opened at `open` (skips strings, whose braces do not count). */
export function closing(code: string, open: number): number {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    const c = code[i] as string;
    if (isQuote(c)) i = stringEnd(code, i);
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i;
  }
  throw new Error(`validator code: unbalanced block at ${code.slice(open, open + 80)}`);
}
