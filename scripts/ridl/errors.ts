/**
 * Error types of the RIDL front end. Only {@link RidlError} (and its subclass
 * {@link SyntaxFailure}) leaves the front end; `EscapeError` and `TypeExprError` are internal
 * signals that the parser and the semantic pass turn into a `RidlError` with the message webrpc
 * would print in that context.
 */
import { goQuote } from "./go-quote.js";

/**
 * A RIDL parse, import or validation error. `message` is exactly what webrpc reports (what
 * follows `ERROR: ` in its CLI output), e.g. `4:13: error near "\n": expecting token` or
 * `schema error: methods cannot be empty for service 'S'`.
 */
export class RidlError extends Error {
  override name = "RidlError";
}

/** A bad escape in a composed value; the parser reports it at the cursor. */
export class EscapeError extends Error {}

/**
 * A type expression that does not resolve; `message` is webrpc's `schema error: …` text, which
 * callers either show as is (validation, arguments) or replace (struct fields, aliases, enums).
 */
export class TypeExprError extends Error {}

/** The position a syntax error is reported at: the cursor token. */
export interface ErrorPosition {
  line: number;
  col: number;
  value: string;
}

/** A syntax error: a {@link RidlError} that remembers its position and bare reason. */
export class SyntaxFailure extends RidlError {
  constructor(
    readonly at: ErrorPosition,
    readonly reason: string,
  ) {
    super(`${at.line}:${at.col}: error near ${goQuote(at.value)}: ${reason}`);
  }
}

/** A syntax error in webrpc's format: `<line>:<col>: error near <Go %q of token>: <reason>`. */
export function syntaxError(at: ErrorPosition, reason: string): SyntaxFailure {
  return new SyntaxFailure(at, reason);
}
