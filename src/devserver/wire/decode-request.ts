/**
 * Request bodies: their shape bounded first, on the text (`body-shape.ts`: nesting, members per
 * array or object), then decoded with the lossless codec (bigint fields exact, from JSON numbers or
 * decimal strings) and checked by the generated request check of the operation's request type
 * (`generated/request-checks.js`, compiled to report every problem). Text that is not JSON is a
 * `WebrpcBadRequest`; wrong fields are one `InvalidArgument` whose cause names each field's JSON
 * pointer and what is wrong with it (wrong types, missing members, bad patterns), at most
 * `MAX_LISTED_ISSUES` of them, also listed in the body's `issues`. Every problem is listed only
 * for a body of at most `MAX_FULLY_REPORTED_VALUES` values; a larger one is checked by the
 * validator that stops at the first problem, so that the work stays linear in the body's size.
 * A `null` member means the member is absent (`absent-nulls.ts`).
 */
import { WebrpcBadRequestError } from "../../../generated/errors.js";
import type {
  OperationInfo,
  OperationName,
  OperationTypes,
} from "../../../generated/operations.js";
import type { RequestCheck, RequestIssue } from "../../../generated/request-checks.js";
import * as checks from "../../../generated/request-checks.js";
import { requestRules } from "../../../generated/request-checks.js";
import * as firstProblem from "../../../generated/validators.js";
import { JsonDecodeError, parseJson } from "../../codec/index.js";
import { issueMessage } from "../../validation/issue-message.js";
import {
  type FieldIssue,
  invalidArguments,
  looksLikeRoundedNumber,
  pointerSegment,
  ROUNDED_FIX,
} from "../core/index.js";
import { dropAbsentNulls } from "./absent-nulls.js";
import { MAX_ITEMS, MAX_NESTING, MAX_VALUES, scanBodyShape } from "./body-shape.js";
import { checkRequestLimits } from "./request-limits.js";

const table = checks as unknown as Record<string, RequestCheck | undefined>;
const firstTable = firstProblem as unknown as Record<string, RequestCheck | undefined>;

/**
 * Most values (members, items, scalars) of a body whose every problem is listed. A request of the
 * interface holds a few hundred at most; past this, listing every problem costs time that grows
 * faster than the body (the checks' error lists are copied at each level).
 */
export const MAX_FULLY_REPORTED_VALUES = 4096;

/** The JSON pointer of a codec path (`$.intent.calls[0]["a b"]` → `/intent/calls/0/a b`). */
export function pathToPointer(path: string): string {
  let out = "";
  const re = /\.([A-Za-z_$][A-Za-z0-9_$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/g;
  for (const m of path.slice(1).matchAll(re)) {
    const key = m[1] ?? m[2] ?? (m[3] === undefined ? "" : (JSON.parse(m[3]) as string));
    out += pointerSegment(key);
  }
  return out;
}

/** The field and the problem of one issue a request check reported. */
export function describeIssue(issue: RequestIssue): FieldIssue {
  if (issue.keyword === "required" && typeof issue.params.missingProperty === "string") {
    return {
      path: issue.instancePath + pointerSegment(issue.params.missingProperty),
      message: "is required",
    };
  }
  return {
    path: issue.instancePath || "/",
    message: issue.message ?? issueMessage(issue.keyword, issue.params),
  };
}

/**
 * Every distinct problem, in the order reported. A nullable member is a union with `null` to the
 * checks: when it fails, its "must be null" branch and the union's own "must match a schema in
 * anyOf" say nothing the other issues do not, so they are left out (the union's is kept when
 * nothing else was said about that member).
 */
export function describeIssues(
  issues: readonly RequestIssue[] | null | undefined,
  rules: readonly string[] = [],
): FieldIssue[] {
  const all: RequestIssue[] = [];
  const ruleIssues: FieldIssue[] = [];
  const ruleSaid = new Set<number>();
  const wrappers: number[] = [];
  for (const issue of issues ?? []) {
    // A rule between fields (the request type's `allOf`): each field it names, in its words.
    const m = /^#\/allOf\/(\d+)\//.exec(issue.schemaPath);
    const rule = m === null ? undefined : rules[Number(m[1])];
    if (m === null || rule === undefined) {
      all.push(issue);
      continue;
    }
    const index = Number(m[1]);
    if (/\/anyOf\//.test(issue.schemaPath)) wrappers.push(index);
    else if (issue.keyword === "required" && typeof issue.params.missingProperty === "string") {
      const path = issue.instancePath + pointerSegment(issue.params.missingProperty);
      ruleIssues.push({ path, message: `is required: ${rule}` });
      ruleSaid.add(index);
    } else if (issue.keyword === "not" && issue.instancePath !== "") {
      ruleIssues.push({ path: issue.instancePath, message: `is required: ${rule}` });
      ruleSaid.add(index);
    } else if (issue.keyword === "type" && issue.params.type === "null") {
      ruleIssues.push({ path: issue.instancePath, message: `must be absent: ${rule}` });
      ruleSaid.add(index);
    } else if (issue.instancePath === "") wrappers.push(index);
  }
  // A rule with alternatives (`anyOf`) names no one field: it is said once, of the request.
  for (const index of new Set(wrappers)) {
    if (!ruleSaid.has(index)) ruleIssues.push({ path: "/", message: rules[index] as string });
  }
  const said = (path: string, self: RequestIssue) =>
    all.some((o) => o !== self && o.keyword !== "anyOf" && o.instancePath.startsWith(path));
  const seen = new Set<string>();
  const out: FieldIssue[] = [];
  for (const issue of all) {
    if (issue.keyword === "type" && issue.params.type === "null") continue;
    if (issue.keyword === "anyOf" && said(issue.instancePath, issue)) continue;
    const d = describeIssue(issue);
    const key = `${d.path} ${d.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(d);
  }
  out.push(...ruleIssues);
  return out.length > 0 ? out : [{ path: "/", message: "invalid" }];
}

/**
 * What is wrong with a value the codec refused at a path: a number past the largest double (in
 * any field: a fraction, a count, an amount) or, in a bigint field, a value that is not an integer.
 */
function decodeProblem(e: JsonDecodeError): string {
  if (e.message.startsWith("Number past the largest double")) {
    return "must be a finite number; this one is past the largest double (about 1.8e308)";
  }
  return "must be an integer (a JSON integer or a decimal string)";
}

/**
 * `InvalidArgument` for a request that does not conform to its published schema, found before the
 * request check runs: like the check's answers, it lists the problem in `issues` (an answer with
 * `issues` always means the request broke the published schema; the service's own rules, such as
 * an unknown token, are answered without them).
 */
const refused = (pointer: string, message: string) =>
  invalidArguments([{ path: pointer, message }]);

/**
 * Decodes and validates the body of a request to `op`, then checks its sizes
 * (`checkRequestLimits`); throws the interface's errors. What comes back passed the generated
 * check of `op`'s request type: it is that type.
 */
export function decodeRequest<K extends OperationName>(
  text: string,
  op: OperationInfo & { readonly name: K },
  maxCallDataBytes: number,
): OperationTypes[K]["request"] {
  const shape = scanBodyShape(text);
  if (shape.problem?.kind === "depth") {
    throw new WebrpcBadRequestError({
      message: "Request body nests too deeply",
      cause: `more than ${MAX_NESTING} levels of arrays and objects`,
    });
  }
  if (shape.problem?.kind === "values") {
    throw refused("", `holds more than ${MAX_VALUES} values; at most ${MAX_VALUES}`);
  }
  if (shape.problem !== undefined) {
    const { pointer, container } = shape.problem;
    const what = container === "array" ? "items" : "members";
    throw refused(pointer, `has more than ${MAX_ITEMS} ${what}; at most ${MAX_ITEMS}`);
  }
  let value: unknown;
  try {
    // `1000.0` and `1e3` are the integers JSON Schema counts them as, and read so.
    value = parseJson(text, op.requestType, undefined, { integralNumbers: true });
  } catch (e) {
    if (e instanceof JsonDecodeError && e.path !== undefined && e.path !== "$") {
      // An intent sent back with an amount in exponent form was read by a lossy parser.
      const rounded = op.name === "CommitIntent" && looksLikeRoundedNumber(e.excerpt);
      throw refused(
        pathToPointer(e.path),
        rounded
          ? `must be an integer (a JSON integer or a decimal string), not ${e.excerpt}: ${ROUNDED_FIX}`
          : decodeProblem(e),
      );
    }
    const reason = e instanceof Error ? e.message : String(e);
    throw new WebrpcBadRequestError({
      message: "Request body is not valid JSON",
      cause: reason.slice(0, 200),
    });
  }
  const check =
    shape.values <= MAX_FULLY_REPORTED_VALUES
      ? table[`check${op.requestType}`]
      : firstTable[`validate${op.requestType}`];
  if (check !== undefined && !check(value)) {
    throw invalidArguments(describeIssues(check.errors, requestRules[op.requestType]));
  }
  checkRequestLimits(value, op, maxCallDataBytes);
  // The check of the request type passed: the value is of that type.
  return dropAbsentNulls(value) as OperationTypes[K]["request"];
}
