/**
 * The UTF-8 length of a string without Node's `Buffer` (the handler runs in any runtime): ASCII
 * text, the common case, is measured by its length alone.
 */

const encoder = new TextEncoder();

/** Bytes of `text` in UTF-8. */
export function utf8Length(text: string): number {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range starts at NUL.
  return /^[\u0000-\u007f]*$/.test(text) ? text.length : encoder.encode(text).byteLength;
}
