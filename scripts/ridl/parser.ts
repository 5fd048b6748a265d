/**
 * RIDL parser entry point: lexes a file, extracts its comments and reads top-level statements
 * until EOF. It stops at the first syntax error (a {@link RidlError} with `line:col`).
 */
import type { FileNode } from "./ast.js";
import { extractComments } from "./comments.js";
import { Cursor } from "./cursor.js";
import { lex, Tok } from "./lexer.js";
import { aliasDecl, enumDecl, errorDecl, header, importDecl, structDecl } from "./parse-decls.js";
import { serviceDecl } from "./parse-service.js";
import { describeToken } from "./readable.js";

const MESSAGE_RENAMED =
  'keyword "message" was renamed to "struct", see https://github.com/webrpc/webrpc/blob/master/CHANGELOG.md#ridl-v090-migration-guide';

/** Parses one RIDL source text into its syntax tree (no imports, no resolution). */
export function parseSource(source: string): FileNode {
  const tokens = lex(source);
  const c = new Cursor(tokens, extractComments(tokens));
  const file: FileNode = {
    headers: [],
    imports: [],
    enums: [],
    aliases: [],
    structs: [],
    errors: [],
    services: [],
  };
  for (;;) {
    const tok = c.cur;
    if (tok.type === Tok.EOF) return file;
    if (tok.type === Tok.Space || tok.type === Tok.Newline) c.next();
    else if (tok.type === Tok.Hash) c.skipLine();
    else if (tok.type === Tok.Word) declaration(c, file, tok.value);
    else c.fail("unexpected token", `${DECLARATION}, found ${describeToken(tok)}`);
  }
}

function declaration(c: Cursor, file: FileNode, keyword: string): void {
  switch (keyword) {
    case "webrpc":
    case "name":
    case "version":
    case "basepath":
      file.headers.push(header(c, keyword));
      return;
    case "import":
      file.imports.push(...importDecl(c));
      return;
    case "error":
      file.errors.push(errorDecl(c));
      return;
    case "enum":
      file.enums.push(enumDecl(c));
      return;
    case "type":
      file.aliases.push(aliasDecl(c));
      return;
    case "struct":
      file.structs.push(structDecl(c));
      return;
    case "service":
      file.services.push(serviceDecl(c));
      return;
    case "message":
      c.fail(MESSAGE_RENAMED);
      break;
    default:
      c.fail("unexpected token", `${DECLARATION}, found ${describeToken(c.cur)}`);
  }
}

/** What may start a line at the top level, for diagnostics. */
const DECLARATION =
  "expecting a declaration (webrpc, name, version, basepath, import, error, enum, type, struct or service)";
