/**
 * The parser's token cursor: position, `match` with webrpc's quirks, positioned errors, and the
 * value readers shared by all constructs (quoted strings, literals, composed values).
 */
import { type CommentStore, takeDocComment } from "./comments.js";
import { EscapeError, syntaxError } from "./errors.js";
import { goQuote } from "./go-quote.js";
import { EOF_TOKEN, Tok, type Token, type TokenType } from "./lexer.js";
import { unescapeValue } from "./unescape.js";

/** Pseudo token type for `match`: optional whitespace, then newline, EOF or a `#` comment. */
export const EOL = "EOL";

/** What `match` can expect. */
export type Expect = TokenType | typeof EOL;

/** A cursor over one file's tokens. */
export class Cursor {
  pos = 0;
  /** Reason of the last failed {@link Cursor.tryMatch}. */
  lastReason = "";

  constructor(
    readonly tokens: readonly Token[],
    readonly comments: CommentStore,
  ) {}

  /** The current token ({@link EOF_TOKEN} past the end). */
  get cur(): Token {
    return this.tokens[this.pos] ?? EOF_TOKEN;
  }

  /** The token `n` places ahead of the cursor. */
  peek(n: number): Token {
    return this.tokens[this.pos + n] ?? EOF_TOKEN;
  }

  /** Advances by one token (no-op at the end). */
  next(): void {
    if (this.pos < this.tokens.length) this.pos++;
  }

  /** Whether the current token has type `type`. */
  at(type: TokenType): boolean {
    return this.cur.type === type;
  }

  /** Throws a syntax error positioned at the current token. */
  fail(reason: string): never {
    throw syntaxError(this.cur, reason);
  }

  /**
   * webrpc's `match`: expected whitespace is optional (a virtual space is returned instead);
   * `EOL` skips whitespace and accepts newline, EOF or a comment (the rest of the line). On a
   * mismatch the cursor rewinds to where matching started and `null` is returned, except for a
   * failed `EOL`, which leaves the cursor on the offending token.
   */
  tryMatch(...expected: Expect[]): Token[] | null {
    const start = this.pos;
    const out: Token[] = [];
    for (const want of expected) {
      const tok = this.cur;
      if (tok.type === want) {
        out.push(tok);
        this.next();
      } else if (want === EOL) {
        if (!this.skipToEol()) {
          this.lastReason = "unexpected token";
          return null;
        }
        out.push(tok);
        break;
      } else if (want === Tok.Space) {
        out.push({ type: Tok.Space, value: " ", line: tok.line, col: tok.col });
      } else {
        this.pos = start;
        this.lastReason = `expecting ${want}, got ${tok.type} (line: ${tok.line}, col: ${tok.col}): ${goQuote(tok.value)}`;
        return null;
      }
    }
    return out;
  }

  /** Like {@link Cursor.tryMatch} but a mismatch is a syntax error at the cursor. */
  match(...expected: Expect[]): Token[] {
    return this.tryMatch(...expected) ?? this.fail(this.lastReason);
  }

  /** Skips whitespace; true if then at newline/EOF, or at a comment (skipped to the newline). */
  private skipToEol(): boolean {
    while (this.at(Tok.Space)) this.next();
    if (this.at(Tok.Hash)) this.skipLine();
    return this.at(Tok.Newline) || this.at(Tok.EOF);
  }

  /** Moves to the next newline token (or EOF) without consuming it. */
  skipLine(): void {
    while (!this.at(Tok.Newline) && !this.at(Tok.EOF)) this.next();
  }

  /** Skips whitespace, newlines and comment lines between the items of a body. */
  skipFiller(): void {
    for (;;) {
      if (this.at(Tok.Space) || this.at(Tok.Newline)) this.next();
      else if (this.at(Tok.Hash)) this.skipLine();
      else return;
    }
  }

  /** Joins token values and decodes escapes; an empty list is `expecting token`. */
  composed(tokens: readonly Token[]): string {
    if (tokens.length === 0) this.fail("expecting token");
    try {
      return unescapeValue(tokens.map((t) => t.value).join(""));
    } catch (err) {
      if (err instanceof EscapeError) this.fail(err.message);
      throw err;
    }
  }

  /** A quoted string; `\` takes the next token verbatim. The cursor must be on the quote. */
  quoted(): string {
    const open = this.cur;
    this.next();
    if (open.type !== Tok.Quote) this.fail("strings must start with a quote");
    const parts: Token[] = [];
    for (;;) {
      let tok = this.cur;
      this.next();
      if (tok.type === Tok.Newline) this.fail("unexpected EOL");
      if (tok.type === Tok.EOF) this.fail("unexpected EOF");
      if (tok.type === Tok.Quote) break;
      if (tok.type === Tok.Backslash) {
        parts.push(tok);
        tok = this.cur;
        this.next();
      }
      parts.push(tok);
    }
    return this.composed(parts);
  }

  /** A literal: a quoted string, or a run of word and `/` tokens. */
  literal(): string {
    if (this.at(Tok.Quote)) return this.quoted();
    const parts: Token[] = [];
    while (this.at(Tok.Word) || this.at(Tok.Slash)) {
      parts.push(this.cur);
      this.next();
    }
    return this.composed(parts);
  }

  /** Consumes and returns the doc comment of a declaration on `line`. */
  doc(line: number): string[] {
    return takeDocComment(this.comments, line);
  }
}
