/**
 * The parser's token cursor: position, webrpc's `match` with its quirks, and positioned errors.
 *
 * Every syntax error is reported at the cursor as it stands when the error is raised; `match`
 * rewinds to where it started when it fails, so such errors point at the first token of the
 * construct that did not match, as webrpc's do.
 */
import { type CommentStore, takeDocComment } from "./comments.js";
import { syntaxError } from "./errors.js";
import { EOF_TOKEN, Tok, type Token, type TokenType } from "./lexer.js";

/** Pseudo token type for `match`: optional whitespace, then newline, EOF or a `#` comment. */
export const EOL = "EOL";

/** What `match` can expect. */
export type Expect = TokenType | typeof EOL;

/** How webrpc prints a token after `got`: its raw text, or its type name when it has none. */
export const tokenText = (tok: Token): string => (tok.value === "" ? tok.type : tok.value);

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

  /** Advances by one token (no-op at the end). */
  next(): void {
    if (this.pos < this.tokens.length) this.pos++;
  }

  /** Steps back by one token (used where webrpc rewinds onto a token it reports). */
  back(): void {
    if (this.pos > 0) this.pos--;
  }

  /** Whether the current token has type `type`. */
  at(type: TokenType): boolean {
    return this.cur.type === type;
  }

  /**
   * Throws a syntax error positioned at the current token: webrpc's `reason`, and what the
   * diagnostics say instead when given (`readable`, naming the expected and the found token).
   */
  fail(reason: string, readable?: string): never {
    throw syntaxError(this.cur, reason, readable);
  }

  /** The token `n` places after the current one ({@link EOF_TOKEN} past the end). */
  peek(n: number): Token {
    return this.tokens[this.pos + n] ?? EOF_TOKEN;
  }

  /**
   * webrpc's `match`: expected whitespace is optional (a virtual space is returned instead);
   * `EOL` skips whitespace and accepts newline, EOF or a comment (up to its newline), consuming
   * neither. On a mismatch the cursor rewinds to where matching started and `null` is returned
   * (reason `expecting <type>, got <token text>`), except for a failed `EOL`, which leaves the
   * cursor on the offending token (reason `unexpected token`).
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
        this.lastReason = `expecting ${want}, got ${tokenText(tok)}`;
        return null;
      }
    }
    return out;
  }

  /** Like {@link Cursor.tryMatch} but a mismatch is a syntax error at the cursor. */
  match(...expected: Expect[]): Token[] {
    return this.tryMatch(...expected) ?? this.fail(this.lastReason);
  }

  /** `match(EOL)` as a statement: end of line or `unexpected token`. */
  eol(): void {
    this.match(EOL);
  }

  /** Skips whitespace; true if then at newline/EOF, or at a comment (moved to its newline). */
  private skipToEol(): boolean {
    while (this.at(Tok.Space)) this.next();
    if (this.at(Tok.Hash)) this.skipLine();
    return this.at(Tok.Newline) || this.at(Tok.EOF);
  }

  /** Moves to the next newline token (or EOF) without consuming it. */
  skipLine(): void {
    while (!this.at(Tok.Newline) && !this.at(Tok.EOF)) this.next();
  }

  /**
   * One step of a body's filler loop: skips a whitespace or newline token, or a comment up to
   * its newline. Returns false (consuming nothing) on any other token.
   */
  skipFillerToken(): boolean {
    if (this.at(Tok.Space) || this.at(Tok.Newline)) this.next();
    else if (this.at(Tok.Hash)) this.skipLine();
    else return false;
    return true;
  }

  /** Skips whitespace, newlines and comments between the items of a body. */
  skipFiller(): void {
    while (this.skipFillerToken()) {
      // keep skipping
    }
  }

  /** Consumes and returns the doc comment of a declaration on `line`. */
  doc(line: number): string[] {
    return takeDocComment(this.comments, line);
  }
}
