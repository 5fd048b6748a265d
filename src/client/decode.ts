/** Turning a 2xx body into the typed response: lossless decoding, then schema validation. */
import type { Validator } from "../../generated/validators.js";
import { JsonDecodeError, parseJson } from "../codec/index.js";
import { ResponseValidationError } from "../errors/client-errors.js";
import { badResponse } from "../errors/from-wire.js";
import { redactExcerpt } from "../errors/redact.js";
import { check } from "../validation/check.js";
import type { ClientInternals } from "./base-client.js";

/** Decodes and validates a 2xx body of `operation`. Throws `ServiceError`s only. */
export function decodeResponse(
  inner: ClientInternals,
  operation: string,
  responseType: string,
  validator: Validator,
  status: number,
  text: string,
): unknown {
  const ctx = { operation, secret: inner.accessKey };
  if (text.trim() === "") throw badResponse(status, "empty body", ctx);
  let value: unknown;
  try {
    value = parseJson(text, responseType);
  } catch (e) {
    if (!(e instanceof JsonDecodeError)) throw e;
    const where = e.path ? ` at ${e.path}` : "";
    const error = badResponse(status, `the body is not valid ${responseType}${where}`, ctx, text);
    if (e.excerpt !== undefined) error.excerpt = redactExcerpt(e.excerpt, inner.accessKey);
    throw error;
  }
  if (inner.validate === "off") return value;
  const report = check(validator, value, operation, "response");
  if (!report) return value;
  if (inner.validate === "warn") {
    inner.onValidationIssue(report);
    return value;
  }
  throw new ResponseValidationError({
    status,
    operation,
    message: report.message,
    pointer: report.pointer,
    issues: report.issues,
  });
}
