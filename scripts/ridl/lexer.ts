/**
 * RIDL lexer: turns source text into the token list the parser and the comment extractor walk.
 *
 * Positions follow webrpc: `line` is 1-based, `col` is the 1-based rune column of the token's
 * LAST rune (tabs count as one column). There is no string-literal lexing: `"` is an ordinary
 * token and strings are re-assembled by the parser.
 */

/** Token kinds. The string values are the names used in `expecting …` error messages. */
export const Tok = {
  Space: "[space]",
  Newline: "[newline]",
  Equal: "[equal sign]",
  OpenParen: "[open parenthesis]",
  CloseParen: "[close parenthesis]",
  OpenBracket: "[open bracket]",
  CloseBracket: "[close bracket]",
  OpenAngle: "[open angle bracket]",
  CloseAngle: "[close angle bracket]",
  Plus: "[plus]",
  Minus: "[minus]",
  Hash: "[hash]",
  Colon: "[colon]",
  Comma: "[comma]",
  Bar: "[bar]",
  Dot: "[dot]",
  Quote: "[quote]",
  Backslash: "[backslash]",
  Slash: "[slash]",
  Question: "[question mark]",
  Rocket: "[rocket]",
  At: "[at]",
  Word: "[word]",
  Extra: "[extra]",
  EOF: "[EOF]",
} as const;

/** One of the {@link Tok} values. */
export type TokenType = (typeof Tok)[keyof typeof Tok];

/** A lexed token. */
export interface Token {
  type: TokenType;
  value: string;
  line: number;
  col: number;
}

/** The token a cursor reports past the end of input (position `0:0`, empty value). */
export const EOF_TOKEN: Token = Object.freeze({ type: Tok.EOF, value: "", line: 0, col: 0 });

const SINGLE: ReadonlyMap<string, TokenType> = new Map<string, TokenType>([
  ["(", Tok.OpenParen],
  [")", Tok.CloseParen],
  ["[", Tok.OpenBracket],
  ["]", Tok.CloseBracket],
  ["<", Tok.OpenAngle],
  [">", Tok.CloseAngle],
  ["+", Tok.Plus],
  ["-", Tok.Minus],
  ["#", Tok.Hash],
  [":", Tok.Colon],
  [",", Tok.Comma],
  ["|", Tok.Bar],
  ["\\", Tok.Backslash],
  ["/", Tok.Slash],
  ['"', Tok.Quote],
  [".", Tok.Dot],
  ["?", Tok.Question],
  ["@", Tok.At],
]);

/** Runes that end a word. */
const WORD_BREAK = new Set(["\0", " ", "\t", "\r", "\n", "[", "]", "(", ")", "<", ">", "{", "}"]);
for (const r of ["=", ":", "¿", "?", "¡", "!", ",", '"']) WORD_BREAK.add(r);

const isSpace = (r: string): boolean => r === " " || r === "\t" || r === "\r";
const isWordStart = (r: string): boolean => /^[A-Za-z0-9_]$/.test(r);

/**
 * Splits `source` into tokens. A NUL rune at a token start ends the input, as in webrpc.
 * The returned list never contains an EOF token; cursors synthesise {@link EOF_TOKEN}.
 */
export function lex(source: string): Token[] {
  const runes = Array.from(source);
  const tokens: Token[] = [];
  let line = 1;
  let col = 0; // column of the rune at runes[i - 1]
  let i = 0;
  const push = (type: TokenType, start: number): void => {
    col += i - start;
    tokens.push({ type, value: runes.slice(start, i).join(""), line, col });
  };
  while (i < runes.length) {
    const r = runes[i] as string;
    const start = i;
    if (r === "\0") break;
    if (isSpace(r)) {
      while (i < runes.length && isSpace(runes[i] as string)) i++;
      push(Tok.Space, start);
    } else if (r === "\n") {
      i++;
      push(Tok.Newline, start);
      line++;
      col = 0;
    } else if (r === "=") {
      i += runes[i + 1] === ">" ? 2 : 1;
      push(i - start === 2 ? Tok.Rocket : Tok.Equal, start);
    } else if (SINGLE.has(r)) {
      i++;
      push(SINGLE.get(r) as TokenType, start);
    } else if (isWordStart(r)) {
      i++;
      while (i < runes.length && !WORD_BREAK.has(runes[i] as string)) i++;
      push(Tok.Word, start);
    } else {
      i++;
      push(Tok.Extra, start);
    }
  }
  return tokens;
}
