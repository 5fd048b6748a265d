/**
 * What `null` means in a request: the member is absent, as Go's encoding/json (which webrpc
 * servers use) reads it. The request checks accept `null` only where the schema has an optional
 * field (`withNull` in the generator: every optional field is nullable, no required one is), so
 * once a request has passed its check, every `null` member of an object is an optional field (or
 * an unknown member) and is removed; no operation ever sees a `null` where it expects a value or
 * nothing.
 */

/** Removes every `null` member of every object in `value`, in place; returns `value`. */
export function dropAbsentNulls<T>(value: T): T {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) {
      for (const item of v) if (item !== null && typeof item === "object") stack.push(item);
    } else if (v !== null && typeof v === "object") {
      const obj = v as Record<string, unknown>;
      for (const key of Object.keys(obj)) {
        const member = obj[key];
        if (member === null) delete obj[key];
        else if (typeof member === "object") stack.push(member);
      }
    }
  }
  return value;
}
