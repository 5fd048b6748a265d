/**
 * Short excerpts of untrusted text for error messages: bounded in length, with control, bidi and
 * line-separator characters and lone surrogates replaced, so that showing one in a log or a
 * terminal cannot reformat or spoof what is around it.
 */

/** Longest excerpt returned, ellipses included. */
export const MAX_EXCERPT = 80;

// biome-ignore lint/suspicious/noControlCharactersInRegex: these characters are the ones removed from excerpts
const unsafe = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]/g;

function clean(text: string): string {
  return text.replace(unsafe, " ");
}

/** Up to 80 characters of `text` around `position` (the whole text when it is short enough). */
export function excerptAt(text: string, position: number): string {
  if (text.length <= MAX_EXCERPT) return clean(text);
  const at = Math.min(Math.max(position, 0), text.length);
  const start = Math.max(0, Math.min(at - 30, text.length - (MAX_EXCERPT - 1)));
  const end = Math.min(text.length, start + MAX_EXCERPT - 2);
  const head = start > 0 ? "…" : "";
  const tail = end < text.length ? "…" : "";
  return head + clean(text.slice(start, end)) + tail;
}

/** Up to 80 characters describing a decoded value, e.g. `"0x10"`, `1.5`, `{…}`. */
export function excerptOf(value: unknown): string {
  let text: string;
  if (typeof value === "string") text = JSON.stringify(value);
  else if (typeof value === "bigint") text = String(value);
  else if (Array.isArray(value)) text = "[…]";
  else if (value !== null && typeof value === "object") text = "{…}";
  else text = String(value);
  return text.length <= MAX_EXCERPT ? clean(text) : `${clean(text.slice(0, MAX_EXCERPT - 1))}…`;
}
