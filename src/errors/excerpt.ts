/** Short, printable excerpts of response bodies, for error messages. */

/** Longest excerpt kept, in characters. */
export const EXCERPT_LENGTH = 120;

/**
 * The start of `text`, control characters and runs of white space folded to one space, cut to
 * `max` characters with an ellipsis.
 */
export function safeExcerpt(text: string, max = EXCERPT_LENGTH): string {
  const flat = text
    .slice(0, max * 4)
    .replace(/[\u0000-\u001f\u007f\s]+/g, " ")
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
