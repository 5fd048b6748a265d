/**
 * The `+ request.<key>` bounds of a field (`minimum`, `maximum`, `maxLength`, `maxItems`,
 * `pattern`), compared between two versions of it. A bound a field does not state is the one the
 * published schema gives its type (`request-rules.ts`): a string holds at most 4096 characters, a
 * bigint is from 0 to 2^256 - 1, an integer within its type and 2^53 - 1; a list and a pattern
 * are unbounded. A bound that refuses more than before is tightened, one that refuses less is
 * loosened, and a pattern changed is neither (each side may refuse what the other accepts).
 */
import { safeIntRange } from "../emit/json-schema.js";
import { MAX_REQUEST_STRING, MAX_SAFE, MAX_UINT256 } from "../emit/request-rules.js";
import type { Field } from "../ridl/index.js";

/** How one bound changed: which way, and in words (`maxLength 4096 → 100`). */
export interface BoundChange {
  way: "tightened" | "loosened" | "changed";
  detail: string;
}

const UPPER = ["maximum", "maxLength", "maxItems"] as const;
type Key = (typeof UPPER)[number] | "minimum" | "pattern";
const KEYS: readonly Key[] = ["minimum", "maximum", "maxLength", "maxItems", "pattern"];

/** A field's `request.*` meta, by key without the prefix. */
export function requestBounds(field: Field): Record<string, string> {
  const out: Record<string, string> = {};
  for (const meta of field.meta ?? [])
    for (const [k, v] of Object.entries(meta))
      if (k.startsWith("request.") && out[k.slice(8)] === undefined) out[k.slice(8)] = v;
  return out;
}

/** The bound the published schema gives a field of `type` that states none; undefined: none. */
function implied(type: string, key: Key): string | undefined {
  if (key === "maxLength") return type === "string" ? String(MAX_REQUEST_STRING) : undefined;
  if (key !== "minimum" && key !== "maximum") return undefined;
  const lower = key === "minimum";
  if (type === "bigint") return lower ? "0" : MAX_UINT256.toString();
  if (type === "float32" || type === "float64") return String(lower ? -MAX_SAFE : MAX_SAFE);
  const range = safeIntRange(type);
  return range === undefined ? undefined : String(range[lower ? 0 : 1]);
}

/** -1, 0 or 1 as decimal `a` is below, equal to or above `b` (exact for integers). */
function compare(a: string, b: string): number {
  const int = /^-?\d+$/;
  if (int.test(a) && int.test(b)) {
    const [x, y] = [BigInt(a), BigInt(b)];
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return Math.sign(Number(a) - Number(b));
}

/**
 * The bounds that changed from `old` (a field of type `oldType`) to `now` (of type `nowType`).
 * When the type itself changed, only stated bounds are compared: the type change is reported on
 * its own.
 */
export function boundChanges(
  old: Readonly<Record<string, string>>,
  now: Readonly<Record<string, string>>,
  oldType: string,
  nowType: string,
): BoundChange[] {
  const changes: BoundChange[] = [];
  const sameType = oldType === nowType;
  for (const key of KEYS) {
    const a = old[key] ?? (sameType ? implied(oldType, key) : undefined);
    const b = now[key] ?? (sameType ? implied(nowType, key) : undefined);
    if (a === b) continue;
    const detail = `${key} ${a ?? "none"} → ${b ?? "none"}`;
    // An absent bound admits everything: stating one tightens, dropping one loosens.
    if (a === undefined || b === undefined) {
      changes.push({ way: a === undefined ? "tightened" : "loosened", detail });
      continue;
    }
    if (key === "pattern") {
      changes.push({ way: "changed", detail });
      continue;
    }
    const order = compare(b, a);
    if (order === 0) continue;
    const upper = (UPPER as readonly string[]).includes(key);
    changes.push({ way: (upper ? order < 0 : order > 0) ? "tightened" : "loosened", detail });
  }
  return changes;
}
