/** Turning a 2xx body into the typed response: lossless decoding, then schema validation. */
import type { Validator } from "../../generated/validators.js";
import { decodeWithPaths, JsonDecodeError, MAX_DEPTH } from "../codec/index.js";
import { scanUnsafeNumbers } from "../codec/number-tokens.js";
import { redactExcerpt } from "../errors/redact.js";
import { check } from "../validation/check.js";
import type { ClientInternals } from "./base-client.js";
import { ResponseTooDeepError, ResponseValidationError } from "./client-errors.js";
import { decodeBounds, tooDense } from "./decode-bounds.js";
import { pathAtOffset } from "./depth-scan.js";
import { badResponse } from "./from-wire.js";
import { treeOf } from "./path-trees.js";

/** What decoding needs to know of an operation (its `OperationSpec` has it all). */
interface ResponseSpec {
  /** Operation name, e.g. `GetIntent`. */
  readonly name: string;
  /** Response body type name, for messages. */
  readonly responseType: string;
  /** The response's bigint field paths. */
  readonly responseBigints: readonly string[];
  /** The response validator. */
  readonly validateResponse: Validator;
}

/** Decodes and validates a 2xx body of the operation `spec`. Throws `ServiceError`s only. */
export function decodeResponse(
  inner: ClientInternals,
  spec: ResponseSpec,
  status: number,
  text: string,
): unknown {
  const { name: operation, responseType } = spec;
  // Too deep, or too many values, is refused on the text, before any parse builds them: by the
  // scan for number tokens the decoder needs anyway (on the numbers wire), made first and handed
  // over.
  const bounds = decodeBounds(inner.maxResponseBytes);
  const scanned = scanUnsafeNumbers(text, MAX_DEPTH, bounds);
  if (scanned.denseAt >= 0)
    throw tooDense(operation, status, text, scanned, inner.maxResponseBytes);
  const deep = scanned.deepAt;
  if (deep >= 0) {
    throw new ResponseTooDeepError({
      status,
      operation,
      message: `bad response from ${operation}: HTTP ${status}, the body nests deeper than ${MAX_DEPTH} levels at ${pathAtOffset(text, deep)}`,
      maxDepth: MAX_DEPTH,
    });
  }
  const ctx = { operation, secret: inner.accessKey };
  if (text.trim() === "") throw badResponse(status, "empty body", ctx);
  let value: unknown;
  try {
    value = decodeWithPaths(text, treeOf(spec.responseBigints), undefined, scanned);
  } catch (e) {
    if (!(e instanceof JsonDecodeError)) throw e;
    const where = e.path ? ` at ${e.path}` : "";
    const error = badResponse(status, `the body is not valid ${responseType}${where}`, ctx, text);
    if (e.excerpt !== undefined) error.excerpt = redactExcerpt(e.excerpt, inner.accessKey);
    throw error;
  }
  if (inner.validate === "off") return value;
  const report = check(spec.validateResponse, value, operation, "response");
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
