/**
 * Type expressions and `+ key = value` meta lines.
 *
 * A type expression is a run of tokens up to whitespace, newline, `,` `|` `>` `)` `#` or EOF,
 * in which `[` must be directly followed by `]` and an element type, and `map` (optionally
 * followed by whitespace) `<` opens a list of type expressions closed by `>`; whitespace inside
 * the list is dropped. The result is a composed value (escapes decoded).
 */

import type { MetaNode } from "./ast.js";
import type { Cursor } from "./cursor.js";
import { Tok, type Token, type TokenType } from "./lexer.js";

const TYPE_END: ReadonlySet<TokenType> = new Set<TokenType>([
  Tok.Space,
  Tok.Newline,
  Tok.Comma,
  Tok.Bar,
  Tok.CloseAngle,
  Tok.CloseParen,
  Tok.Hash,
  Tok.EOF,
]);

/** Reads a type expression and returns its text without whitespace. */
export function typeExpr(c: Cursor): string {
  const out: Token[] = [];
  collectType(c, out);
  return c.composed(out);
}

function collectType(c: Cursor, out: Token[]): void {
  const start = out.length;
  for (;;) {
    const tok = c.cur;
    if (TYPE_END.has(tok.type)) break;
    if (tok.type === Tok.OpenBracket) {
      out.push(...c.match(Tok.OpenBracket, Tok.CloseBracket));
      collectType(c, out);
      return;
    }
    if (
      tok.type === Tok.Word &&
      out.length === start &&
      (tok.value === "stream" || tok.value === "struct")
    ) {
      c.fail("unexpected token");
    }
    if (tok.type === Tok.Word && tok.value === "map" && isMapOpen(c)) {
      collectMap(c, out);
      continue;
    }
    out.push(tok);
    c.next();
  }
  if (out.length === start) c.fail("expecting token");
}

/** Whether the cursor (on `map`) is followed by an optional space and `<`. */
function isMapOpen(c: Cursor): boolean {
  const after = c.peek(1);
  if (after.type === Tok.OpenAngle) return true;
  return after.type === Tok.Space && c.peek(2).type === Tok.OpenAngle;
}

function collectMap(c: Cursor, out: Token[]): void {
  const [word, , open] = c.match(Tok.Word, Tok.Space, Tok.OpenAngle);
  out.push(word as Token, open as Token);
  for (;;) {
    const tok = c.cur;
    if (tok.type === Tok.Space) {
      c.next();
    } else if (tok.type === Tok.Comma || tok.type === Tok.Bar) {
      out.push(tok);
      c.next();
    } else if (tok.type === Tok.CloseAngle) {
      out.push(tok);
      c.next();
      return;
    } else if (TYPE_END.has(tok.type)) {
      c.fail("unexpected token");
    } else {
      collectType(c, out);
    }
  }
}

/** Reads one `+ key = value` line; the cursor must be on `+`. */
export function metaLine(c: Cursor): MetaNode {
  c.match(Tok.Plus, Tok.Space);
  const keyTokens = c.match(Tok.Word);
  for (;;) {
    const tok = c.cur;
    if (tok.type === Tok.Question || tok.type === Tok.Space || tok.type === Tok.Equal) break;
    if (tok.type === Tok.Word) {
      keyTokens.push(tok);
      c.next();
    } else if (tok.type === Tok.Dot) {
      keyTokens.push(...c.match(Tok.Dot, Tok.Word));
    } else {
      c.fail("unexpected token");
    }
  }
  const key = c.composed(keyTokens);
  c.match(Tok.Space, Tok.Equal, Tok.Space);
  return { key, value: metaValue(c) };
}

function metaValue(c: Cursor): string {
  if (c.at(Tok.Quote)) return c.quoted();
  const parts: Token[] = [];
  while (!c.at(Tok.Space) && !c.at(Tok.Newline) && !c.at(Tok.EOF)) {
    parts.push(c.cur);
    c.next();
  }
  return c.composed(parts);
}

/** Reads the `+` meta lines following a field or alias (over blank and comment lines). */
export function metaBlock(c: Cursor): MetaNode[] {
  const meta: MetaNode[] = [];
  for (;;) {
    c.skipFiller();
    if (!c.at(Tok.Plus)) return meta;
    meta.push(metaLine(c));
  }
}
