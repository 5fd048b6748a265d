/**
 * Composed values: what webrpc builds from a run of tokens (header values, paths, members, enum
 * values, type expressions, meta keys and values, quoted strings). The tokens' texts are joined
 * and unescaped (see unescape.ts); the value keeps the position of its first token.
 */
import type { Cursor } from "./cursor.js";
import { EscapeError } from "./errors.js";
import { Tok } from "./lexer.js";
import { unescapeValue } from "./unescape.js";

/** A composed value, or any token-like piece of one. */
export interface Composed {
  value: string;
  line: number;
  col: number;
}

/** Joins `parts` and decodes escapes; an empty list is `expecting token`, at the cursor. */
export function composed(c: Cursor, parts: readonly Composed[]): Composed {
  const first = parts[0];
  if (first === undefined) c.fail("expecting token");
  try {
    const value = unescapeValue(parts.map((t) => t.value).join(""));
    return { value, line: first.line, col: first.col };
  } catch (err) {
    if (err instanceof EscapeError) c.fail(err.message);
    throw err;
  }
}

/**
 * A quoted string, the cursor on its opening quote (anything else: `strings must start with a
 * quote`). A `\` token takes the next token verbatim, whatever it is; a newline or EOF ends the
 * string with an error, reported at the token after it.
 */
export function quoted(c: Cursor): Composed {
  const open = c.cur;
  c.next();
  if (open.type !== Tok.Quote) c.fail("strings must start with a quote");
  const parts: Composed[] = [];
  for (;;) {
    let tok = c.cur;
    c.next();
    if (tok.type === Tok.Newline) c.fail("unexpected EOL");
    if (tok.type === Tok.EOF) c.fail("unexpected EOF");
    if (tok.type === Tok.Quote) break;
    if (tok.type === Tok.Backslash) {
      parts.push(tok);
      tok = c.cur;
      c.next();
    }
    parts.push(tok);
  }
  return composed(c, parts);
}

/**
 * A run of tokens of the given types; a quote anywhere in it starts a quoted string that is the
 * whole value (what came before it is dropped, as in webrpc).
 */
function run(c: Cursor, types: ReadonlySet<string>): Composed {
  const parts: Composed[] = [];
  for (;;) {
    if (c.at(Tok.Quote)) return quoted(c);
    if (!types.has(c.cur.type)) return composed(c, parts);
    parts.push(c.cur);
    c.next();
  }
}

const LITERAL: ReadonlySet<string> = new Set([Tok.Word, Tok.Slash]);
const PATH: ReadonlySet<string> = new Set([Tok.Word, Tok.Dot, Tok.Slash]);

/** A literal: word and `/` tokens, or a quoted string. */
export const literal = (c: Cursor): Composed => run(c, LITERAL);

/** An import path: word, `.` and `/` tokens, or a quoted string. */
export const importPath = (c: Cursor): Composed => run(c, PATH);
