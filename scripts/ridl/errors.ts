/**
 * Error types of the RIDL front end. Only {@link RidlError} (and its subclass
 * {@link SyntaxFailure}) leaves the front end; `EscapeError` and `TypeExprError` are internal
 * signals that the parser and the semantic pass turn into a `RidlError` with the message webrpc
 * would print in that context.
 */
import { goQuote } from "./go-quote.js";
import type { TokenType } from "./lexer.js";
import { readableReason } from "./readable.js";

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

  /** Set on errors re-raised from an imported file: the reason without the stack trace. */
  bareReason?: string;

  /** The message without webrpc's position prefix (`schema error: ` kept off too). */
  get reason(): string {
    return this.bareReason ?? this.message.replaceAll("schema error: ", "");
  }
}

/** A place in a source file for diagnostics; `col` is the 1-based column of the token's start. */
export interface SourcePosition {
  file?: string;
  line: number;
  col: number;
}

/** The position of a token's first rune (webrpc's own positions point at its last). */
export function startOf(tok: { line: number; col: number; value: string }): SourcePosition {
  return { line: tok.line, col: Math.max(1, tok.col - [...tok.value].length + 1) };
}

/**
 * Positions of schema objects (types, fields, arguments, methods, errors) in their source, for
 * diagnostics; kept apart so that the objects stay webrpc's JSON shape.
 */
export const sourcePositions = new WeakMap<object, SourcePosition>();

/** Positions of the type expressions of fields, arguments, aliases and enums. */
export const typePositions = new WeakMap<object, SourcePosition>();

/** A {@link RidlError} placed at `at` when known. */
export function ridlErrorAt(message: string, at: SourcePosition | undefined): RidlError {
  const err = new RidlError(message);
  if (at) err.position = { ...at };
  return err;
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
  /** The token's class (`[newline]`), when known. */
  type?: string;
}

/** A syntax error: a {@link RidlError} that remembers its position and bare reason. */
export class SyntaxFailure extends RidlError {
  /**
   * @param readable what the diagnostics say instead of webrpc's reason (naming the expected and
   *   the found token); by default derived from `bare`.
   */
  constructor(
    readonly at: ErrorPosition,
    readonly bare: string,
    readonly readable?: string,
  ) {
    super(`${at.line}:${at.col}: error near ${goQuote(at.value)}: ${bare}`);
    if (at.line > 0) this.position = startOf(at);
  }

  override get reason(): string {
    if (this.readable !== undefined) return this.readable;
    return readableReason(this.bare, {
      type: (this.at.type ?? "") as TokenType,
      value: this.at.value,
    });
  }
}

/**
 * A syntax error in webrpc's format: `<line>:<col>: error near <Go %q of token>: <reason>`;
 * `readable` is what the diagnostics say instead (see {@link SyntaxFailure}).
 */
export function syntaxError(at: ErrorPosition, reason: string, readable?: string): SyntaxFailure {
  return new SyntaxFailure(at, reason, readable);
}
