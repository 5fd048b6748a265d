/**
 * Reading a URL for a message: the URL a request went to, a `Location` header. Such text comes
 * from a server or a caller and may not be a URL at all; a message about it must still be written.
 */

/** `text` (relative to `base`, when given) as a `URL`, or `undefined` when it is not one. */
export function readUrl(text: string, base?: string): URL | undefined {
  try {
    return new URL(text, base);
  } catch {
    return undefined;
  }
}
