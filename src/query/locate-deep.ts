/**
 * Where a value nests too deep for the codec: query keys and persisted caches are checked before
 * they are hashed or written, so that the refusal names the path rather than a stack overflow.
 */

/** A container met while looking for deep nesting, with the way back to the root. */
interface Visit {
  readonly value: object;
  readonly depth: number;
  readonly parent: Visit | undefined;
  readonly key: string | number;
}

/**
 * Keys from the root to the first array or object (depth first, document order) at depth `limit`,
 * the root being at depth 0; `undefined` when there is none. Iterative, so any depth is searched.
 */
export function locateDeep(value: unknown, limit: number): (string | number)[] | undefined {
  if (value === null || typeof value !== "object") return undefined;
  const todo: Visit[] = [{ value, depth: 0, parent: undefined, key: "$" }];
  for (let v = todo.pop(); v !== undefined; v = todo.pop()) {
    if (v.depth === limit) return keysOf(v);
    const children: [string | number, unknown][] = Array.isArray(v.value)
      ? v.value.map((c, i) => [i, c])
      : Object.entries(v.value);
    for (let i = children.length - 1; i >= 0; i--) {
      const [key, child] = children[i] as [string | number, unknown];
      if (child !== null && typeof child === "object") {
        todo.push({ value: child, depth: v.depth + 1, parent: v, key });
      }
    }
  }
  return undefined;
}

function keysOf(v: Visit): (string | number)[] {
  const keys: (string | number)[] = [];
  for (let at: Visit | undefined = v; at?.parent !== undefined; at = at.parent) keys.push(at.key);
  return keys.reverse();
}
