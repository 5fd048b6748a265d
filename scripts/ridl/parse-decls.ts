/**
 * Top-level declarations other than services: header definitions, imports, enums, type
 * aliases, structs and errors. Each reader starts with the cursor on the declaration keyword.
 */
import type {
  AliasNode,
  EnumNode,
  ErrorNode,
  FieldNode,
  HeaderNode,
  ImportNode,
  StructNode,
} from "./ast.js";
import { type Cursor, EOL } from "./cursor.js";
import { Tok, type Token } from "./lexer.js";
import { metaBlock, typeExpr } from "./parse-types.js";

/** `key = literal` (webrpc, name, version, basepath). */
export function header(c: Cursor, key: HeaderNode["key"]): HeaderNode {
  const [kw] = c.match(Tok.Word, Tok.Space, Tok.Equal, Tok.Space);
  const value = c.literal();
  c.match(EOL);
  c.doc((kw as Token).line);
  return { key, value };
}

/** An import path: quoted, or a run of word, `.` and `/` tokens. */
function importPath(c: Cursor): string {
  if (c.at(Tok.Quote)) return c.quoted();
  const parts: Token[] = [];
  while (c.at(Tok.Word) || c.at(Tok.Dot) || c.at(Tok.Slash)) {
    parts.push(c.cur);
    c.next();
  }
  return c.composed(parts);
}

/** `import` list form (`- path` lines) or single form (`import path` + `- Member` lines). */
export function importDecl(c: Cursor): ImportNode[] {
  c.match(Tok.Word);
  if (c.tryMatch(EOL) !== null) {
    const list: ImportNode[] = [];
    while (dash(c)) list.push({ path: importPath(c), members: [] });
    return list;
  }
  c.match(Tok.Space);
  const node: ImportNode = { path: importPath(c), members: [] };
  while (dash(c)) node.members.push(c.literal());
  return [node];
}

/** Skips body filler; if a `-` item follows, consumes `- ` and returns true. */
function dash(c: Cursor): boolean {
  c.skipFiller();
  if (!c.at(Tok.Minus)) return false;
  c.match(Tok.Minus, Tok.Space);
  return true;
}

/** `enum Name: base` and its `- VALUE [= literal]` lines. */
export function enumDecl(c: Cursor): EnumNode {
  const m = c.match(Tok.Word, Tok.Space, Tok.Word, Tok.Colon, Tok.Space, Tok.Word, EOL);
  c.doc((m[0] as Token).line);
  const node: EnumNode = { name: (m[2] as Token).value, type: (m[5] as Token).value, values: [] };
  for (;;) {
    c.skipFiller();
    if (!c.at(Tok.Minus)) return node;
    const [minus, , name] = c.match(Tok.Minus, Tok.Space, Tok.Word);
    const comments = c.doc((minus as Token).line);
    const value = c.tryMatch(Tok.Space, Tok.Equal, Tok.Space) === null ? undefined : c.literal();
    node.values.push({ name: (name as Token).value, value, comments });
  }
}

/** `type Name: typeExpr` and its meta lines. */
export function aliasDecl(c: Cursor): AliasNode {
  const m = c.match(Tok.Word, Tok.Space, Tok.Word, Tok.Colon, Tok.Space);
  const comments = c.doc((m[0] as Token).line);
  const type = typeExpr(c);
  return { name: (m[2] as Token).value, type, meta: metaBlock(c), comments };
}

/** `struct Name` and its fields. */
export function structDecl(c: Cursor): StructNode {
  const m = c.match(Tok.Word, Tok.Space, Tok.Word, EOL);
  const node: StructNode = {
    name: (m[2] as Token).value,
    fields: [],
    comments: c.doc((m[0] as Token).line),
  };
  for (;;) {
    c.skipFiller();
    if (!c.at(Tok.Minus)) return node;
    node.fields.push(field(c));
  }
}

function field(c: Cursor): FieldNode {
  const [minus, , name] = c.match(Tok.Minus, Tok.Space, Tok.Word);
  const comments = c.doc((minus as Token).line);
  const optional = c.tryMatch(Tok.Question) !== null;
  c.match(Tok.Colon, Tok.Space);
  const type = typeExpr(c);
  return { name: (name as Token).value, type, optional, meta: metaBlock(c), comments };
}

const DIGITS = /^[0-9]+$/;

/** `error code Name message [HTTP status]` */
export function errorDecl(c: Cursor): ErrorNode {
  const m = c.match(Tok.Word, Tok.Space, Tok.Word, Tok.Space, Tok.Word, Tok.Space);
  const code = (m[2] as Token).value;
  if (!DIGITS.test(code)) c.fail(`expecting error code to be a number but got '${code}'`);
  let message: string;
  if (c.at(Tok.Quote)) {
    message = c.quoted();
  } else if (c.at(Tok.Word)) {
    message = c.cur.value;
    c.next();
  } else {
    c.fail(`expected <message> but got ${c.cur.type}`);
  }
  let status: string | undefined;
  const http = c.tryMatch(Tok.Space, Tok.Word);
  if (http !== null) {
    const word = (http[1] as Token).value;
    if (word !== "HTTP") c.fail(`expecting optional 'HTTP <status code>' but got '${word}'`);
    const s =
      c.tryMatch(Tok.Space, Tok.Word) ?? c.fail(`expecting '<status code>': ${c.lastReason}`);
    status = (s[1] as Token).value;
    if (!DIGITS.test(status))
      c.fail(`expecting HTTP '<status code>' to be a number but got '${status}'`);
  }
  c.match(EOL);
  return { code, name: (m[4] as Token).value, message, status };
}
