/**
 * `+ key = value` meta lines of struct fields and type aliases.
 *
 * The key is a word followed by words or `.word` pairs up to `?`, whitespace or `=`; the value
 * is a quoted string or every token up to whitespace, newline or EOF.
 */
import type { MetaNode } from "./ast.js";
import type { Cursor } from "./cursor.js";
import { Tok } from "./lexer.js";
import { type Composed, composed, quoted } from "./values.js";

/** Reads one `+ key = value`; the cursor must be on `+`. */
export function metaLine(c: Cursor): MetaNode {
  c.match(Tok.Plus, Tok.Space);
  const key = metaKey(c);
  c.match(Tok.Space, Tok.Equal, Tok.Space);
  return { key: key.value, value: metaValue(c).value };
}

function metaKey(c: Cursor): Composed {
  const parts: Composed[] = c.match(Tok.Word);
  for (;;) {
    const tok = c.cur;
    if (tok.type === Tok.Question || tok.type === Tok.Space || tok.type === Tok.Equal) break;
    if (tok.type === Tok.Word) {
      parts.push(tok);
      c.next();
    } else if (tok.type === Tok.Dot) {
      parts.push(...c.match(Tok.Dot, Tok.Word));
    } else {
      c.fail("unexpected token");
    }
  }
  return composed(c, parts);
}

function metaValue(c: Cursor): Composed {
  if (c.at(Tok.Quote)) return quoted(c);
  const parts: Composed[] = [];
  while (!c.at(Tok.Space) && !c.at(Tok.Newline) && !c.at(Tok.EOF)) {
    parts.push(c.cur);
    c.next();
  }
  return composed(c, parts);
}

/**
 * The `+` lines after a field or alias: blank lines, whitespace and comments may come between
 * them. Stops (consuming nothing more) at the first other token.
 */
export function metaBlock(c: Cursor): MetaNode[] {
  const meta: MetaNode[] = [];
  for (;;) {
    c.skipFiller();
    if (!c.at(Tok.Plus)) return meta;
    meta.push(metaLine(c));
  }
}
