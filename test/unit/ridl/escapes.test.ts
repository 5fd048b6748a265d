import { describe, expect, it } from "vitest";
import { goQuote } from "../../../scripts/ridl/go-quote.js";
import { bodyError, parseBody } from "../../kit/ridl/source.js";

describe("strings and escapes", () => {
  it('keep inner whitespace and decode \\n, \\t and \\" after a token boundary', () => {
    const s = parseBody('error 1 A "a \\n b \\t c \\" d"\nerror 3 C "tab\tin  string"\n');
    expect(s.errors.map((e) => e.message)).toEqual(['a \n b \t c " d', "tab\tin  string"]);
  });

  it("fail when the backslash is glued to a word", () => {
    expect(bodyError('error 1 A "abc\\"def"\n')).toBe(
      '4:19: error near "def": unexpected end after backslash',
    );
    expect(bodyError('error 1 A "x(\\"y\\")"\n')).toBe(
      '4:19: error near ")": unexpected end after backslash',
    );
  });

  it("reject unknown escapes, also in unquoted values", () => {
    expect(bodyError('error 1 A "a \\x"\n')).toBe(
      `4:17: error near "\\n": unexpected character '\\\\' after backslash`,
    );
    expect(bodyError("struct A\n  - x: int\n    + m = a\\b\n")).toBe(
      `6:14: error near "\\n": unexpected character '\\\\' after backslash`,
    );
  });

  it("fail on unterminated strings", () => {
    expect(bodyError('error 1 A "abc\nstruct B\n')).toBe(
      '5:6: error near "struct": unexpected EOL',
    );
    expect(bodyError('error 1 A "abc')).toBe('0:0: error near "": unexpected EOF');
  });

  it("decode non-ASCII byte by byte in composed values only (webrpc's mojibake)", () => {
    const s = parseBody(
      'error 4 D "naïve"\nerror 5 E naïve\nstruct Café # café\n  - a: int\n    + msg = "héllo"\n',
    );
    expect(s.errors.map((e) => e.message)).toEqual(["naÃ¯ve", "naïve"]);
    expect(s.types[0]).toMatchObject({
      name: "Café",
      comments: ["café"],
      fields: [{ meta: [{ msg: "hÃ©llo" }] }],
    });
  });
});

describe("Go %q quoting in messages", () => {
  it("matches strconv.Quote", () => {
    expect(goQuote('a"b\\')).toBe('"a\\"b\\\\"');
    expect(goQuote("\n\t\r\x07\x01\x7f")).toBe('"\\n\\t\\r\\a\\x01\\x7f"');
    expect(goQuote("\ufeff\u00a0é😀")).toBe('"\\ufeff\\u00a0é😀"');
  });

  it("is used for the token in syntax errors", () => {
    expect(bodyError("\ufeffstruct A\n")).toBe('4:1: error near "\\ufeff": unexpected token');
  });
});
