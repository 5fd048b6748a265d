/**
 * The one safe excerpt of untrusted text (a response body, a value of it), used by every error
 * that shows some: bounded in length, with every character that could reformat or spoof what is
 * around it in a log or a terminal replaced by a space — C0 and C1 controls and DEL (`\p{Cc}`),
 * format characters (`\p{Cf}`: bidi embeddings, overrides and isolates such as U+202E and U+2066,
 * zero-width characters, U+FEFF), the line and paragraph separators U+2028 and U+2029, and lone
 * surrogates (`\p{Cs}`). Text is cut first and cleaned after, so a cut through a surrogate pair
 * leaves no half of it.
 */

/** Longest excerpt of a decoding error, ellipses included. */
export const MAX_EXCERPT = 80;

/** Longest excerpt of an unreadable response body, ellipsis included. */
export const EXCERPT_LENGTH = 120;

const UNSAFE = /[\p{Cc}\p{Cf}\p{Cs}\u2028\u2029]/gu;

/** `text` with every unsafe character (see above) replaced by a space. */
export function cleanText(text: string): string {
  return text.replace(UNSAFE, " ");
}

/** Up to 80 characters of `text` around `position` (the whole text when it is short enough). */
export function excerptAt(text: string, position: number): string {
  if (text.length <= MAX_EXCERPT) return cleanText(text);
  const at = Math.min(Math.max(position, 0), text.length);
  const start = Math.max(0, Math.min(at - 30, text.length - (MAX_EXCERPT - 1)));
  const end = Math.min(text.length, start + MAX_EXCERPT - 2);
  const head = start > 0 ? "…" : "";
  const tail = end < text.length ? "…" : "";
  return head + cleanText(text.slice(start, end)) + tail;
}

/** Up to 80 characters describing a decoded value, e.g. `"0x10"`, `1.5`, `{…}`. */
export function excerptOf(value: unknown): string {
  let text: string;
  if (typeof value === "string") text = JSON.stringify(value);
  else if (typeof value === "bigint") text = String(value);
  else if (Array.isArray(value)) text = "[…]";
  else if (value !== null && typeof value === "object") text = "{…}";
  else text = String(value);
  return text.length <= MAX_EXCERPT
    ? cleanText(text)
    : `${cleanText(text.slice(0, MAX_EXCERPT - 1))}…`;
}

/**
 * The start of a response body for an error: unsafe characters and runs of white space folded to
 * one space, cut to `max` characters with an ellipsis.
 */
export function safeExcerpt(text: string, max = EXCERPT_LENGTH): string {
  const flat = cleanText(text.slice(0, max * 4))
    .replace(/\s+/g, " ")
    .trim();
  return flat.length > max ? `${cleanText(flat.slice(0, max - 1))}…` : flat;
}
