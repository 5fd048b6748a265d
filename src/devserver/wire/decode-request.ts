/**
 * Request bodies: decoded with the lossless codec (bigint fields exact, from JSON numbers or
 * decimal strings) and checked by the generated validator of the operation's request type. Text
 * that is not JSON is a `WebrpcBadRequest`; a wrong field is an `InvalidArgument` whose cause is
 * the field's JSON pointer and what is wrong with it.
 */
import { WebrpcBadRequestError } from "../../../generated/errors.js";
import type { OperationInfo } from "../../../generated/operations.js";
import type { ValidationIssue, Validator } from "../../../generated/validators.js";
import * as validators from "../../../generated/validators.js";
import { JsonDecodeError, parseJson } from "../../codec/index.js";
import { invalidArgument, pointerSegment } from "../core/index.js";
import { MAX_NESTING, nestsDeeperThan } from "./nesting.js";
import { checkRequestLimits } from "./request-limits.js";

const table = validators as unknown as Record<string, Validator | undefined>;

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

/** `"<pointer>: <reason>"` for the first issue a validator reported. */
export function describeIssue(issue: ValidationIssue | undefined): string {
  if (issue === undefined) return "/: invalid";
  let pointer = issue.instancePath;
  let reason = issue.message ?? `fails ${issue.keyword}`;
  if (issue.keyword === "required" && typeof issue.params.missingProperty === "string") {
    pointer += pointerSegment(issue.params.missingProperty);
    reason = "is required";
  }
  return `${pointer || "/"}: ${reason}`;
}

/**
 * Decodes and validates the body of a request to `op`, then checks its sizes
 * (`checkRequestLimits`); throws the interface's errors.
 */
export function decodeRequest(text: string, op: OperationInfo, maxCallDataBytes: number): unknown {
  if (nestsDeeperThan(text)) {
    throw new WebrpcBadRequestError({
      message: "Request body nests too deeply",
      cause: `more than ${MAX_NESTING} levels of arrays and objects`,
    });
  }
  let value: unknown;
  try {
    value = parseJson(text, op.requestType);
  } catch (e) {
    if (e instanceof JsonDecodeError && e.path !== undefined && e.path !== "$") {
      throw invalidArgument(
        pathToPointer(e.path),
        "must be an integer (a JSON integer or a decimal string)",
      );
    }
    const reason = e instanceof Error ? e.message : String(e);
    throw new WebrpcBadRequestError({
      message: "Request body is not valid JSON",
      cause: reason.slice(0, 200),
    });
  }
  const validate = table[`validate${op.requestType}`];
  if (validate === undefined) return value;
  if (!validate(value)) {
    const cause = describeIssue(validate.errors?.[0]);
    const [pointer = "/", ...rest] = cause.split(": ");
    throw invalidArgument(pointer, rest.join(": "));
  }
  checkRequestLimits(value, op, maxCallDataBytes);
  return value;
}
