/**
 * Running a generated validator and turning its verdict into what the client reports: the JSON
 * pointer of the first failure and the validator's issues.
 */
import type { ValidationIssue, Validator } from "../../generated/validators.js";
import { issueMessage } from "./issue-message.js";

/** How strictly the client checks bodies against the schema. */
export type ValidationMode = "strict" | "warn" | "off";

/** A body that does not match the schema, as reported to `onValidationIssue`. */
export interface ValidationReport {
  /** Operation name, e.g. `GetIntent`. */
  operation: string;
  /** Whether the request (before sending) or the response failed. */
  direction: "request" | "response";
  /** JSON pointer of the first failing value (`""` for the whole body). */
  pointer: string;
  /** The first issue's message, with its pointer. */
  message: string;
  /** Every issue the validator reported. */
  issues: readonly ValidationIssue[];
}

/** Validates `value`; `undefined` when it conforms, else a report. */
export function check(
  validator: Validator,
  value: unknown,
  operation: string,
  direction: "request" | "response",
): ValidationReport | undefined {
  if (validator(value)) return undefined;
  // The validators carry no messages: each issue gets the one ajv would have written.
  const issues = (validator.errors ?? []).map((e) => ({
    ...e,
    message: issueMessage(e.keyword, e.params),
  }));
  const first = issues[0];
  const pointer = first?.instancePath ?? "";
  const detail = first?.message ?? "does not match the schema";
  return {
    operation,
    direction,
    pointer,
    message: `${operation} ${direction} ${pointer === "" ? "(root)" : pointer} ${detail}`,
    issues,
  };
}
