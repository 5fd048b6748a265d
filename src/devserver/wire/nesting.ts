/**
 * A bound on how deeply a request body may nest arrays and objects. Requests of the schema nest
 * about ten levels; anything far deeper is refused before it is parsed, so that no recursive step
 * further on (hashing, comparing, encoding) can exhaust the stack.
 */

/** Deepest nesting accepted in a request body. */
export const MAX_NESTING = 64;

/** Whether the JSON text `text` nests arrays and objects deeper than `max` (strings skipped). */
export function nestsDeeperThan(text: string, max = MAX_NESTING): boolean {
  let depth = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // Skip the string: find its closing quote, stepping over escapes.
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === 92) i++;
        else if (d === 34) break;
      }
    } else if (c === 123 || c === 91) {
      if (++depth > max) return true;
    } else if (c === 125 || c === 93) {
      depth--;
    }
  }
  return false;
}
