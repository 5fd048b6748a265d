/**
 * Type expressions as webrpc's parser reads them.
 *
 * A type expression is a run of words and `[]` pairs that ends at whitespace, newline, `,` `|`
 * `>` `)` `#` or EOF; any other token there is `unexpected token` (so `int=5` fails at `=`).
 * `[` must be followed by `]` and an element type. The word `map` starts a map: after it,
 * whitespace is skipped, each `<` opens a type list, and the first `>` after a list ends the map
 * (so `map<a,b><c,d>` stops before the second `<`, which the type then refuses). Inside a list,
 * whitespace is dropped and `,` `|` and nested types are kept; the list ends at `>`.
 * `stream` and `struct` are refused as type words.
 *
 * Every level (element type, list, map, whole expression) is a composed value of its own, and
 * webrpc unescapes each level again: the byte-wise decoding of non-ASCII text applies once per
 * level, which we reproduce.
 *
 * Deliberate difference: nesting (`[]` and `map<`) deeper than {@link MAX_TYPE_DEPTH} levels is
 * refused with a syntax error; webrpc has no limit, and such depths would overflow our stack.
 */
import type { Cursor } from "./cursor.js";
import { Tok, type TokenType } from "./lexer.js";
import { describeToken } from "./readable.js";
import { type Composed, composed } from "./values.js";

const TYPE_END: ReadonlySet<TokenType> = new Set<TokenType>([
  Tok.Newline,
  Tok.Space,
  Tok.Comma,
  Tok.Bar,
  Tok.CloseAngle,
  Tok.CloseParen,
  Tok.Hash,
  Tok.EOF,
]);

/** How deeply lists and maps may nest in one type expression. */
export const MAX_TYPE_DEPTH = 256;

function deeper(c: Cursor, depth: number): number {
  if (depth >= MAX_TYPE_DEPTH)
    c.fail(`type expression nested deeper than ${MAX_TYPE_DEPTH} levels`);
  return depth + 1;
}

/** Reads a type expression at the cursor (`depth`: enclosing lists and maps). */
export function typeExpr(c: Cursor, depth = 0): Composed {
  const parts: Composed[] = [];
  for (;;) {
    const tok = c.cur;
    if (TYPE_END.has(tok.type)) break;
    if (tok.type === Tok.OpenBracket) {
      const inner = deeper(c, depth);
      parts.push(...c.match(Tok.OpenBracket, Tok.CloseBracket), typeExpr(c, inner));
    } else if (tok.type !== Tok.Word) {
      c.fail("unexpected token", `expecting a type, found ${describeToken(tok)}`);
    } else if (tok.value === "map") {
      parts.push(mapExpr(c, deeper(c, depth)));
    } else if (tok.value === "stream" || tok.value === "struct") {
      c.fail("unexpected token", `expecting a type, found the keyword "${tok.value}"`);
    } else {
      parts.push(tok);
      c.next();
    }
  }
  if (parts.length === 0)
    c.fail(
      "expecting token",
      `expecting a type (string, uint64, []T, map<K,V>, a struct's name), found ${describeToken(c.cur)}`,
    );
  return composed(c, parts);
}

/** `map`, then type lists, up to the `>` that follows one; the cursor is on `map`. */
function mapExpr(c: Cursor, depth: number): Composed {
  const parts: Composed[] = [c.cur];
  c.next();
  for (;;) {
    const tok = c.cur;
    if (tok.type === Tok.Space) {
      c.next();
    } else if (tok.type === Tok.CloseAngle) {
      c.next();
      return composed(c, parts);
    } else if (tok.type === Tok.OpenAngle) {
      parts.push(typeList(c, depth));
    } else {
      c.fail("unexpected token");
    }
  }
}

/** `<` and the types, commas and bars up to `>`, which is left for {@link mapExpr}. */
function typeList(c: Cursor, depth: number): Composed {
  const parts: Composed[] = [...c.match(Tok.OpenAngle)];
  for (;;) {
    const tok = c.cur;
    if (tok.type === Tok.Space) {
      c.next();
    } else if (tok.type === Tok.CloseAngle) {
      parts.push(tok);
      return composed(c, parts);
    } else if (tok.type === Tok.Comma || tok.type === Tok.Bar) {
      parts.push(tok);
      c.next();
    } else if (tok.type === Tok.Word || tok.type === Tok.OpenBracket) {
      parts.push(typeExpr(c, depth));
    } else {
      c.fail("unexpected token");
    }
  }
}
