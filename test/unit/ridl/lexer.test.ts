import { describe, expect, it } from "vitest";
import { lex, Tok } from "../../../scripts/ridl/lexer.js";

const brief = (src: string) => lex(src).map((t) => [t.type, t.value, t.line, t.col]);

describe("lexer", () => {
  it("reports 1-based line and the column of the token's last rune", () => {
    expect(brief("struct User\n  - id: uint64")).toEqual([
      [Tok.Word, "struct", 1, 6],
      [Tok.Space, " ", 1, 7],
      [Tok.Word, "User", 1, 11],
      [Tok.Newline, "\n", 1, 12],
      [Tok.Space, "  ", 2, 2],
      [Tok.Minus, "-", 2, 3],
      [Tok.Space, " ", 2, 4],
      [Tok.Word, "id", 2, 6],
      [Tok.Colon, ":", 2, 7],
      [Tok.Space, " ", 2, 8],
      [Tok.Word, "uint64", 2, 14],
    ]);
  });

  it("keeps . - / + # @ | \\ and non-ASCII inside a started word", () => {
    for (const w of [
      "v1.0.0-rc+1",
      "go.tag.db",
      "foo-bar/baz",
      "E1|E2",
      "string#x",
      "a\\b",
      "naïve",
      "it's",
    ]) {
      expect(brief(w)).toEqual([[Tok.Word, w, 1, Array.from(w).length]]);
    }
  });

  it("breaks words at brackets, =, :, ?, !, comma and quotes", () => {
    expect(lex('a=b:c?d!e,f"g<h>[i](j){k}').map((t) => t.value)).toEqual([
      "a",
      "=",
      "b",
      ":",
      "c",
      "?",
      "d",
      "!",
      "e",
      ",",
      "f",
      '"',
      "g",
      "<",
      "h",
      ">",
      "[",
      "i",
      "]",
      "(",
      "j",
      ")",
      "{",
      "k",
      "}",
    ]);
  });

  it("lexes single-rune tokens at a token start", () => {
    expect(lex('.-/+#@|\\"?').map((t) => t.type)).toEqual([
      Tok.Dot,
      Tok.Minus,
      Tok.Slash,
      Tok.Plus,
      Tok.Hash,
      Tok.At,
      Tok.Bar,
      Tok.Backslash,
      Tok.Quote,
      Tok.Question,
    ]);
  });

  it("joins => into one rocket token", () => {
    expect(brief("=>(=")).toEqual([
      [Tok.Rocket, "=>", 1, 2],
      [Tok.OpenParen, "(", 1, 3],
      [Tok.Equal, "=", 1, 4],
    ]);
  });

  it("treats space, tab and CR runs as one whitespace token (tabs count one column)", () => {
    expect(brief("a \t\r\nb")).toEqual([
      [Tok.Word, "a", 1, 1],
      [Tok.Space, " \t\r", 1, 4],
      [Tok.Newline, "\n", 1, 5],
      [Tok.Word, "b", 2, 1],
    ]);
  });

  it("makes a BOM, other punctuation and non-ASCII at a token start extra tokens", () => {
    expect(brief("\ufeff{é;")).toEqual([
      [Tok.Extra, "\ufeff", 1, 1],
      [Tok.Extra, "{", 1, 2],
      [Tok.Extra, "é", 1, 3],
      [Tok.Extra, ";", 1, 4],
    ]);
  });

  it("counts runes, not UTF-16 units, for columns", () => {
    expect(brief("😀 x")).toEqual([
      [Tok.Extra, "😀", 1, 1],
      [Tok.Space, " ", 1, 2],
      [Tok.Word, "x", 1, 3],
    ]);
  });

  it("stops at a NUL rune at a token start", () => {
    expect(lex("a \0 b").map((t) => t.value)).toEqual(["a", " "]);
  });
});
