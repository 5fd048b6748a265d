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
    // \p{Cc}: C0 and C1 control characters and DEL, which a terminal or log viewer may act on.
    .replace(/[\p{Cc}\s]+/gu, " ")
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
