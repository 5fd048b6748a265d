import { describe, expect, it } from "vitest";
import { goQuoteBytes } from "../../../scripts/ridl/go-quote.js";
import { parseRidl, type StructType } from "../../../scripts/ridl/index.js";
import { decodeGoUtf8 } from "../../../scripts/ridl/utf8.js";
import { memoryFiles } from "../../kit/ridl/source.js";

const bytes = (...b: number[]): Uint8Array => Uint8Array.from(b);

describe("source decoding", () => {
  it("keeps well-formed UTF-8, astral characters included", () => {
    const text = "héllo ✓ 😀";
    expect(decodeGoUtf8(Buffer.from(text, "utf8"))).toBe(text);
  });

  it("gives one U+FFFD per byte of a truncated sequence, where Buffer gives one in all", () => {
    const truncated = bytes(0x61, 0xe2, 0x82, 0x62, 0xf0, 0x9f, 0x98, 0x63);
    expect(decodeGoUtf8(truncated)).toBe("a\ufffd\ufffdb\ufffd\ufffd\ufffdc");
    expect(Buffer.from(truncated).toString("utf8")).toBe("a\ufffdb\ufffdc");
  });

  it("refuses overlong forms, surrogates and code points above U+10FFFF byte by byte", () => {
    expect(decodeGoUtf8(bytes(0xc0, 0x80))).toBe("\ufffd\ufffd");
    expect(decodeGoUtf8(bytes(0xed, 0xa0, 0x80))).toBe("\ufffd\ufffd\ufffd");
    expect(decodeGoUtf8(bytes(0xf4, 0x90, 0x80, 0x80))).toBe("\ufffd".repeat(4));
    expect(decodeGoUtf8(bytes(0xff))).toBe("\ufffd");
  });

  it("counts each replaced byte as one column, as webrpc's positions do", () => {
    const src = Buffer.concat([
      Buffer.from("webrpc = v1\nstruct A\xe2\x82", "latin1"),
      Buffer.from(" extends\n"),
    ]);
    expect(() => parseRidl(src, "t.ridl", memoryFiles({}))).toThrow(
      '2:18: error near "extends": unexpected token',
    );
  });

  it("keeps replacement characters in names and decodes them byte-wise in composed values", () => {
    const src = Buffer.concat([
      Buffer.from("webrpc = v1\nstruct A\n  - x: int\n    + m = \xe9", "latin1"),
      Buffer.from("\n"),
    ]);
    const field = (parseRidl(src, "t.ridl", memoryFiles({})).types[0] as StructType).fields?.[0];
    expect(field?.meta).toEqual([{ m: "\u00ef\u00bf\u00bd" }]);
  });
});

describe("goQuoteBytes", () => {
  it("quotes valid runes like strconv.Quote and invalid bytes as \\xNN", () => {
    expect(goQuoteBytes(Buffer.from("%zz"))).toBe('"%zz"');
    expect(goQuoteBytes(bytes(0x25, 0xc3))).toBe('"%\\xc3"');
    expect(goQuoteBytes(Buffer.from("a\u00ad\n"))).toBe('"a\\u00ad\\n"');
  });
});
