/**
 * `service` declarations: annotations, methods and argument lists, read as webrpc reads them.
 *
 * Annotations (`@name`, `@name:word`, `@name:"quoted"`) attach to the next method; those after
 * the last method are dropped. A method's doc comment is read at its `-` line, or at the line of
 * its last annotation when it has any.
 *
 * Quirks kept on purpose (they decide what parses and where errors point):
 * - an argument list is `(`, then items separated by any mix of whitespace, `,` and `|`, up to
 *   `)`. An item `Name)` is the succinct form: it ends the list, and the token after the `)` is
 *   consumed too, whatever it is;
 * - before each argument list one `stream` word (and a space) is skipped, so after `=>` the
 *   words `stream stream` are accepted; any other word there is `unexpected token`;
 * - after the signature a space and a word are consumed; unless the word is `errors`, it is
 *   dropped silently.
 *
 * Deliberate difference: an `@` not followed by a word makes webrpc loop forever; here it is
 * `expecting [word], got <token>` at the `@`.
 */
import type { ArgNode, MethodNode, ServiceNode } from "./ast.js";
import type { Cursor } from "./cursor.js";
import { type SourcePosition, SyntaxFailure, startOf, syntaxError } from "./errors.js";
import { Tok, type Token } from "./lexer.js";
import { typeExpr } from "./parse-types.js";
import { describeToken } from "./readable.js";
import { literal, quoted } from "./values.js";

interface Annotation {
  name: string;
  value: string;
  line: number;
  at: SourcePosition;
}

/** `service Name` and its body; the cursor must be on `service`. */
export function serviceDecl(c: Cursor): ServiceNode {
  const [kw] = c.match(Tok.Word, Tok.Space);
  const at = startOf(c.cur);
  const name = literal(c).value;
  c.eol();
  const node: ServiceNode = { name, methods: [], comments: c.doc((kw as Token).line), at };
  let pending: Annotation[] = [];
  for (;;) {
    if (c.skipFillerToken()) continue;
    if (c.at(Tok.At)) {
      pending.push(...annotations(c));
    } else if (c.at(Tok.Minus)) {
      const list = pending;
      pending = [];
      node.methods.push(method(c, list));
    } else {
      return node;
    }
  }
}

/**
 * A run of annotations with nothing between them (`@a@b:x`, or after a quoted value one
 * separating token). A name repeated within the run is an error here; across runs, at the method.
 */
function annotations(c: Cursor): Annotation[] {
  const run: Annotation[] = [];
  for (;;) {
    const m = c.tryMatch(Tok.At, Tok.Word);
    // webrpc loops forever on an `@` that no word follows; we report the failed match.
    if (m === null && run.length === 0) c.fail(c.lastReason);
    if (m === null) return run;
    const name = m[1] as Token;
    if (run.some((a) => a.name === name.value)) {
      c.fail(`duplicate annotation type: ${name.value}`);
    }
    const annotation: Annotation = {
      name: name.value,
      value: "",
      line: name.line,
      at: startOf(name),
    };
    run.push(annotation);
    if (!c.at(Tok.Colon)) continue;
    c.next();
    if (c.at(Tok.Word)) {
      annotation.value = c.cur.value;
    } else if (c.at(Tok.Quote)) {
      annotation.value = annotationString(c);
    }
    c.next(); // the word value, or whatever token follows
  }
}

function annotationString(c: Cursor): string {
  try {
    return quoted(c).value;
  } catch (err) {
    if (!(err instanceof SyntaxFailure)) throw err;
    throw syntaxError(err.at, `parse string value: ${err.bare}`);
  }
}

function method(c: Cursor, annotations: Annotation[]): MethodNode {
  const seen = new Set<string>();
  for (const a of annotations) {
    if (seen.has(a.name)) c.fail(`duplicate annotation type: ${a.name}`);
    seen.add(a.name);
  }
  const [minus, , first] = c.match(Tok.Minus, Tok.Space, Tok.Word);
  const keyword = (first as Token).value;
  let name = keyword;
  const streamInput = keyword === "stream";
  const proxy = keyword === "proxy";
  if (streamInput || proxy) name = (c.match(Tok.Space, Tok.Word)[1] as Token).value;
  const last = annotations[annotations.length - 1];
  const node: MethodNode = {
    name,
    annotations: annotations.map((a) => ({ name: a.name, value: a.value, at: a.at })),
    comments: c.doc(last === undefined ? (minus as Token).line : last.line),
    streamInput,
    streamOutput: false,
    inputs: [],
    outputs: [],
    errors: [],
    at: startOf(first as Token),
  };
  if (proxy) return node;
  node.inputs = argList(c);
  if (c.tryMatch(Tok.Space, Tok.Rocket, Tok.Space) !== null) {
    const word = c.tryMatch(Tok.Word, Tok.Space);
    if (word !== null) {
      const w = (word[0] as Token).value;
      if (w !== "stream")
        c.fail(
          "unexpected token",
          `expecting "(" after "=>" to open the output list, found "${w}": write => (${w})`,
        );
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

/** An argument list, after an optional `stream` word. */
function argList(c: Cursor): ArgNode[] {
  const stream = c.tryMatch(Tok.Word, Tok.Space);
  const word = stream === null ? undefined : (stream[0] as Token).value;
  if (word !== undefined && word !== "stream")
    c.fail(
      "unexpected token",
      `expecting "(" to open the argument list, found "${word}": write (${word})`,
    );
  if (c.tryMatch(Tok.OpenParen) === null)
    c.fail(c.lastReason, `expecting "(" to open the argument list, found ${describeToken(c.cur)}`);
  const args: ArgNode[] = [];
  for (;;) {
    const tok = c.cur;
    if (tok.type === Tok.Space || tok.type === Tok.Comma || tok.type === Tok.Bar) {
      c.next();
    } else if (tok.type === Tok.CloseParen) {
      c.next();
      return args;
    } else if (tok.type !== Tok.Word) {
      c.fail(
        "unexpected token",
        `expecting an argument (name: Type), "," or ")" in the argument list, found ${describeToken(tok)}`,
      );
    } else if (c.tryMatch(Tok.Word, Tok.CloseParen) !== null) {
      args.push({ inline: true, typeName: tok.value, at: startOf(tok) });
      c.next();
      return args;
    } else {
      const optional = c.tryMatch(Tok.Word, Tok.Question, Tok.Colon, Tok.Space) !== null;
      if (!optional && c.tryMatch(Tok.Word, Tok.Colon, Tok.Space) === null)
        c.fail(
          c.lastReason,
          `expecting ":" after argument "${tok.value}" (name: Type), or ")" to close the list, found ${describeToken(c.peek(1))}`,
        );
      const typeAt = startOf(c.cur);
      const type = typeExpr(c).value;
      args.push({ inline: false, name: tok.value, type, optional, at: startOf(tok), typeAt });
    }
  }
}
