/**
 * Top-level declarations other than services: header definitions, imports, enums, type
 * aliases, structs and errors. Each reader starts with the cursor on the declaration keyword.
 * Bodies (import lists, members, enum values, struct fields) run over blank lines, whitespace
 * and comments until a token that cannot continue them, which is left for the top level.
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
import { type Cursor, EOL, tokenText } from "./cursor.js";
import { startOf } from "./errors.js";
import { Tok, type Token } from "./lexer.js";
import { metaBlock } from "./parse-meta.js";
import { typeExpr } from "./parse-types.js";
import { importPath, literal, quoted } from "./values.js";

/** `key = literal` (webrpc, name, version, basepath), then the end of the line. */
export function header(c: Cursor, key: HeaderNode["key"]): HeaderNode {
  const [kw] = c.match(Tok.Word, Tok.Space, Tok.Equal, Tok.Space);
  c.doc((kw as Token).line);
  const value = literal(c).value;
  c.eol();
  return { key, value };
}

/** `import` list form (`- path` items) or single form (`import path` + `- Member` items). */
export function importDecl(c: Cursor): ImportNode[] {
  c.match(Tok.Word);
  if (c.tryMatch(EOL) !== null) {
    const list: ImportNode[] = [];
    while (dash(c)) list.push({ path: importPath(c).value, members: [] });
    return list;
  }
  c.match(Tok.Space);
  const node: ImportNode = { path: importPath(c).value, members: [] };
  while (dash(c)) node.members.push(literal(c).value);
  return [node];
}

/** Skips body filler; if a `-` item follows, consumes `-` (and a space) and returns true. */
function dash(c: Cursor): boolean {
  c.skipFiller();
  if (!c.at(Tok.Minus)) return false;
  c.match(Tok.Minus, Tok.Space);
  return true;
}

/**
 * `enum Name: base` and its `- VALUE [= literal]` items. An explicit value consumes the
 * comments around its own line too (they are not emitted), as webrpc does.
 */
export function enumDecl(c: Cursor): EnumNode {
  const m = c.match(Tok.Word, Tok.Space, Tok.Word, Tok.Colon, Tok.Space, Tok.Word, EOL);
  c.doc((m[0] as Token).line);
  const node: EnumNode = {
    name: (m[2] as Token).value,
    type: (m[5] as Token).value,
    values: [],
    at: startOf(m[2] as Token),
    typeAt: startOf(m[5] as Token),
  };
  for (;;) {
    c.skipFiller();
    if (!c.at(Tok.Minus)) return node;
    const [minus, , name] = c.match(Tok.Minus, Tok.Space, Tok.Word);
    const comments = c.doc((minus as Token).line);
    let value: string | undefined;
    if (c.tryMatch(Tok.Space, Tok.Equal, Tok.Space) !== null) {
      const explicit = literal(c);
      c.doc(explicit.line);
      value = explicit.value;
    }
    node.values.push({ name: (name as Token).value, value, comments });
  }
}

/** `type Name: typeExpr` and its meta lines. */
export function aliasDecl(c: Cursor): AliasNode {
  const m = c.match(Tok.Word, Tok.Space, Tok.Word, Tok.Colon, Tok.Space);
  const typeAt = startOf(c.cur);
  const type = typeExpr(c).value;
  const comments = c.doc((m[0] as Token).line);
  const at = startOf(m[2] as Token);
  return { name: (m[2] as Token).value, type, meta: metaBlock(c), comments, at, typeAt };
}

/** `struct Name` and its fields, which may start on the same line. */
export function structDecl(c: Cursor): StructNode {
  const m = c.match(Tok.Word, Tok.Space, Tok.Word);
  const node: StructNode = {
    name: (m[2] as Token).value,
    fields: [],
    comments: c.doc((m[0] as Token).line),
    at: startOf(m[2] as Token),
  };
  for (;;) {
    c.skipFiller();
    if (!c.at(Tok.Minus)) return node;
    node.fields.push(field(c));
  }
}

/** `- name[?]: type` and its meta lines. */
function field(c: Cursor): FieldNode {
  const [minus, , name] = c.match(Tok.Minus, Tok.Space, Tok.Word);
  const comments = c.doc((minus as Token).line);
  const optional = c.tryMatch(Tok.Question) !== null;
  c.match(Tok.Colon, Tok.Space);
  const typeAt = startOf(c.cur);
  const type = typeExpr(c).value;
  const at = startOf(name as Token);
  return { name: (name as Token).value, type, optional, meta: metaBlock(c), comments, at, typeAt };
}

const isNumber = (word: string): boolean => /^[0-9]+$/.test(word);

/** `error code Name message [HTTP status]`, then the end of the line. */
export function errorDecl(c: Cursor): ErrorNode {
  const m = c.match(Tok.Word, Tok.Space, Tok.Word, Tok.Space, Tok.Word, Tok.Space);
  const code = (m[2] as Token).value;
  if (!isNumber(code)) c.fail(`expecting error code to be a number but got '${code}'`);
  const node: ErrorNode = {
    code,
    name: (m[4] as Token).value,
    message: "",
    status: undefined,
    at: startOf(m[4] as Token),
  };
  const tok = c.cur;
  if (tok.type === Tok.Quote) {
    node.message = quoted(c).value;
  } else if (tok.type === Tok.Word) {
    node.message = tok.value;
    c.next();
  } else {
    c.fail(`expected <message> but got ${tokenText(tok)}`);
  }
  const http = c.tryMatch(Tok.Space, Tok.Word);
  if (http !== null) {
    const word = (http[1] as Token).value;
    if (word !== "HTTP") {
      c.back();
      c.fail(`expecting optional 'HTTP <status code>' but got '${word}'`);
    }
    const s =
      c.tryMatch(Tok.Space, Tok.Word) ?? c.fail(`expecting '<status code>': ${c.lastReason}`);
    const status = (s[1] as Token).value;
    if (!isNumber(status)) {
      c.back();
      c.fail(`expecting HTTP '<status code>' to be a number but got '${status}'`);
    }
    node.status = status;
  }
  c.eol();
  return node;
}
