/**
 * `service` declarations: annotations, methods and argument lists.
 *
 * Annotations (`@name`, `@name:word`, `@name:"quoted"`) attach to the next method; those after
 * the last method are dropped. A method's doc comment is read at its `-` line, or at the line of
 * its last annotation when it has any.
 */
import type { ArgsNode, MethodNode, ServiceNode } from "./ast.js";
import { type Cursor, EOL } from "./cursor.js";
import { Tok, type Token } from "./lexer.js";
import { typeExpr } from "./parse-types.js";

interface Annotation {
  name: string;
  value: string;
  line: number;
}

/** `service Name` and its body; the cursor must be on `service`. */
export function serviceDecl(c: Cursor): ServiceNode {
  const [kw] = c.match(Tok.Word, Tok.Space);
  const name = c.literal();
  c.match(EOL);
  const node: ServiceNode = { name, methods: [], comments: c.doc((kw as Token).line) };
  let pending: Annotation[] = [];
  for (;;) {
    c.skipFiller();
    if (c.at(Tok.At)) {
      pending.push(annotation(c));
    } else if (c.at(Tok.Minus)) {
      node.methods.push(method(c, pending));
      pending = [];
    } else {
      return node;
    }
  }
}

function annotation(c: Cursor): Annotation {
  const [, name] = c.match(Tok.At, Tok.Word);
  const tok = name as Token;
  let value = "";
  if (c.at(Tok.Colon)) {
    c.next();
    if (c.at(Tok.Word)) {
      value = c.cur.value;
      c.next();
    } else if (c.at(Tok.Quote)) {
      value = c.quoted();
      c.next(); // webrpc skips one more token, unchecked
    }
  }
  return { name: tok.value, value, line: tok.line };
}

function method(c: Cursor, annotations: Annotation[]): MethodNode {
  const seen = new Set<string>();
  for (const a of annotations) {
    if (seen.has(a.name)) c.fail(`duplicate annotation type: ${a.name}`);
    seen.add(a.name);
  }
  const [minus, , first] = c.match(Tok.Minus, Tok.Space, Tok.Word);
  let name = (first as Token).value;
  const streamInput = name === "stream";
  const proxy = name === "proxy";
  if (streamInput || proxy) name = (c.match(Tok.Space, Tok.Word)[1] as Token).value;
  const last = annotations[annotations.length - 1];
  const node: MethodNode = {
    name,
    annotations: annotations.map((a) => ({ name: a.name, value: a.value })),
    comments: c.doc(last === undefined ? (minus as Token).line : last.line),
    streamInput,
    streamOutput: false,
    inputs: { succinct: false, args: [] },
    outputs: { succinct: false, args: [] },
    errors: [],
  };
  if (proxy) return node;
  node.inputs = argList(c);
  if (c.tryMatch(Tok.Space, Tok.Rocket, Tok.Space) !== null) {
    if (c.at(Tok.Word)) {
      const [word] = c.match(Tok.Word, Tok.Space);
      if ((word as Token).value !== "stream") c.fail("unexpected token");
      node.streamOutput = true;
    }
    node.outputs = argList(c);
  }
  const clause = c.tryMatch(Tok.Space, Tok.Word);
  if (clause !== null && (clause[1] as Token).value === "errors") {
    node.errors.push((c.match(Tok.Space, Tok.Word)[1] as Token).value);
    for (;;) {
      const more = c.tryMatch(Tok.Space, Tok.Bar, Tok.Space, Tok.Word);
      if (more === null) break;
      node.errors.push((more[3] as Token).value);
    }
  }
  return node;
}

/** `( … )`: exactly `(TypeName)` is the succinct form; otherwise `name[?]: type` arguments. */
function argList(c: Cursor): ArgsNode {
  c.match(Tok.OpenParen);
  if (c.at(Tok.Word) && c.peek(1).type === Tok.CloseParen) {
    const typeName = c.cur.value;
    c.next();
    c.next();
    return { succinct: true, typeName };
  }
  const args: { name: string; type: string; optional: boolean }[] = [];
  for (;;) {
    const tok = c.cur;
    if (tok.type === Tok.Space || tok.type === Tok.Comma || tok.type === Tok.Bar) {
      c.next();
    } else if (tok.type === Tok.CloseParen) {
      c.next();
      return { succinct: false, args };
    } else if (tok.type === Tok.Word) {
      c.next();
      const optional = c.tryMatch(Tok.Question) !== null;
      c.match(Tok.Colon, Tok.Space);
      args.push({ name: tok.value, type: typeExpr(c), optional });
    } else {
      c.fail("unexpected token");
    }
  }
}
