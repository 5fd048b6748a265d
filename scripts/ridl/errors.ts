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
  /** Where it is, when known: file as given, line, and the column where the token starts. */
  position?: SourcePosition;
  /** The file it is in, when known and no position is. */
  file?: string;

  /** The message without webrpc's position prefix (`schema error: ` kept off too). */
  get reason(): string {
    return this.message.replace(/^schema error: /, "");
  }
}

/** A place in a source file for diagnostics; `col` is the 1-based column of the token's start. */
export interface SourcePosition {
  file?: string;
  line: number;
  col: number;
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
    readonly bare: string,
  ) {
    super(`${at.line}:${at.col}: error near ${goQuote(at.value)}: ${bare}`);
    if (at.line > 0) {
      this.position = { line: at.line, col: Math.max(1, at.col - [...at.value].length + 1) };
    }
  }

  override get reason(): string {
    return `${this.bare} near ${goQuote(this.at.value)}`;
  }
}

/** A syntax error in webrpc's format: `<line>:<col>: error near <Go %q of token>: <reason>`. */
export function syntaxError(at: ErrorPosition, reason: string): SyntaxFailure {
  return new SyntaxFailure(at, reason);
}
