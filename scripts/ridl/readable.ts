/**
 * Readable reasons for syntax errors, for the compiler-style diagnostics of `npm run generate`
 * and the spec tools: every reason names what was expected and what was found, never a blank
 * (`expecting ":", found a space`), where webrpc's own wording (kept by `npm run ridl`) prints
 * token classes and raw text (`expecting [colon], got  `).
 */
import { Tok, type Token } from "./lexer.js";

const SYMBOLS: Readonly<Record<string, string>> = {
  [Tok.Space]: "a space",
  [Tok.Newline]: "end of line",
  [Tok.Equal]: '"="',
  [Tok.OpenParen]: '"("',
  [Tok.CloseParen]: '")"',
  [Tok.OpenBracket]: '"["',
  [Tok.CloseBracket]: '"]"',
  [Tok.OpenAngle]: '"<"',
  [Tok.CloseAngle]: '">"',
  [Tok.Plus]: '"+"',
  [Tok.Minus]: '"-"',
  [Tok.Hash]: '"#"',
  [Tok.Colon]: '":"',
  [Tok.Comma]: '","',
  [Tok.Bar]: '"|"',
  [Tok.Dot]: '"."',
  [Tok.Quote]: "a quote",
  [Tok.Backslash]: '"\\"',
  [Tok.Slash]: '"/"',
  [Tok.Question]: '"?"',
  [Tok.Rocket]: '"=>"',
  [Tok.At]: '"@"',
  [Tok.Word]: "a name",
  [Tok.EOF]: "end of file",
};

/** A token class (`[colon]`) as a reader knows it (`":"`). */
export function expectedText(type: string): string {
  return SYMBOLS[type] ?? type;
}

/** A token's raw text (as webrpc prints it after `got`) as a reader knows it. */
export function foundText(raw: string): string {
  if (raw === "" || raw === Tok.EOF) return "end of file";
  if (raw === "\n" || raw === "\r\n" || raw === Tok.Newline) return "end of line";
  if (raw.trim() === "") return "a space";
  return JSON.stringify(raw);
}

/** A token as a reader knows it: `end of line`, `a space`, `"Resp"`. */
export function describeToken(tok: Pick<Token, "type" | "value">): string {
  if (tok.type === Tok.EOF) return "end of file";
  if (tok.type === Tok.Newline) return "end of line";
  if (tok.type === Tok.Space) return "a space";
  return JSON.stringify(tok.value);
}

/**
 * The readable form of webrpc's reason `bare`, raised at token `at`: `expecting [X], got Y`
 * becomes `expecting X, found Y`; `unexpected token` and `expecting token` name the token found.
 */
export function readableReason(bare: string, at: Pick<Token, "type" | "value">): string {
  const m = /^expecting (\[[a-zA-Z ]+\]), got ([\s\S]*)$/.exec(bare);
  if (m) return `expecting ${expectedText(m[1] as string)}, found ${foundText(m[2] as string)}`;
  if (bare === "unexpected token") return `unexpected ${describeToken(at)}`;
  if (bare === "expecting token") return `expecting a value, found ${describeToken(at)}`;
  return bare;
}
