/**
 * Deep comparison of JSON-like values (bigints by value, key order ignored, absent and undefined
 * alike) that reports the JSON pointer of the first difference: how CommitIntent tells which part
 * of an intent was modified.
 */

/** A JSON pointer segment, escaped (`~` → `~0`, `/` → `~1`). */
export function pointerSegment(key: string | number): string {
  return `/${String(key).replace(/~/g, "~0").replace(/\//g, "~1")}`;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * The pointer (relative to the values) of the first place where `actual` differs from
 * `expected`, or `undefined` when they are equal. Members of `expected` are visited in order,
 * then members only `actual` has.
 *
 * @example
 * firstDifference({ a: { b: 1n } }, { a: { b: 2n } }); // "/a/b"
 */
export function firstDifference(expected: unknown, actual: unknown, path = ""): string | undefined {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return path;
    const n = Math.min(expected.length, actual.length);
    for (let i = 0; i < n; i++) {
      const d = firstDifference(expected[i], actual[i], path + pointerSegment(i));
      if (d !== undefined) return d;
    }
    return expected.length === actual.length ? undefined : path + pointerSegment(n);
  }
  if (isObject(expected)) {
    if (!isObject(actual)) return path;
    for (const key of Object.keys(expected)) {
      if (expected[key] === undefined) continue;
      if (!Object.hasOwn(actual, key) || actual[key] === undefined)
        return path + pointerSegment(key);
      const d = firstDifference(expected[key], actual[key], path + pointerSegment(key));
      if (d !== undefined) return d;
    }
    for (const key of Object.keys(actual)) {
      if (
        actual[key] !== undefined &&
        (!Object.hasOwn(expected, key) || expected[key] === undefined)
      ) {
        return path + pointerSegment(key);
      }
    }
    return undefined;
  }
  return expected === actual ? undefined : path;
}
