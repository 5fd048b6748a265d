import { describe, expect, it } from "vitest";
import { parseRidl } from "../../../scripts/ridl/index.js";
import { bodyError, errorOf, memoryFiles } from "../../kit/ridl/source.js";

const parse = (src: string) => parseRidl(src, "t.ridl", memoryFiles({}));

describe("header definitions", () => {
  it("accepts missing whitespace, tabs, indentation and quoted values", () => {
    const s = parse('webrpc=v1\n\tname\t=\t"My API"\n  version = v1.0.0-rc.1+b\n');
    expect([s.webrpc, s.name, s.version, s.basepath]).toEqual([
      "v1",
      "My API",
      "v1.0.0-rc.1+b",
      "",
    ]);
  });

  it("keeps a # glued to a value", () => {
    expect(parse("webrpc = v1\nname =foo-bar#\n").name).toBe("foo-bar#");
  });

  it("rejects a second value word and garbage after the value", () => {
    expect(errorOf("webrpc = v1\nversion = 1.0 beta\n")).toBe(
      '2:18: error near "beta": unexpected token',
    );
    expect(errorOf("webrpc = v1 .# c\n")).toBe('1:13: error near ".": unexpected token');
  });

  it("rejects a key declared twice", () => {
    expect(errorOf("webrpc = v1\nname = a\nname = b\n")).toBe("name was previously declared");
  });

  it("requires webrpc = v1", () => {
    expect(errorOf("name = x\n")).toBe("webrpc schema version, '' is invalid, try 'v1'");
    expect(errorOf("webrpc = v2\n")).toBe("webrpc schema version, 'v2' is invalid, try 'v1'");
  });

  it("requires version only when services exist", () => {
    expect(parse("webrpc = v1\nstruct A\n").version).toBe("");
    expect(errorOf("webrpc = v1\nservice S\n  - A()\n")).toBe(
      "schema error: version is required when services are defined",
    );
  });

  it("normalises basepath to leading and trailing slashes", () => {
    expect(parse("webrpc = v1\nbasepath = rpc/v1\n").basepath).toBe("/rpc/v1/");
    expect(parse("webrpc = v1\nbasepath = /api/v1\n").basepath).toBe("/api/v1/");
    expect(parse("webrpc = v1\nbasepath = /\n").basepath).toBe("/");
  });

  it("rejects basepaths with a scheme, query, fragment or whitespace", () => {
    expect(errorOf("webrpc = v1\nbasepath = http://x/rpc\n")).toBe(
      '2:16: error near ":": unexpected token',
    );
    const reasons: Record<string, string> = {
      '"/a b"': "basepath must not contain whitespace",
      '"/a?b"': "basepath must not include query or fragment",
      '"/a#b"': "basepath must not include query or fragment",
      '"x://y"': "basepath must be a path, not a URL",
      '"/a%zz"': 'basepath is invalid: parse "/a%zz": invalid URL escape "%zz"',
      '"a%4"': 'basepath is invalid: parse "/a%4": invalid URL escape "%4"',
      '"/a\x01"': 'basepath is invalid: parse "/a\\x01": net/url: invalid control character in URL',
    };
    for (const [bad, reason] of Object.entries(reasons)) {
      expect(errorOf(`webrpc = v1\nbasepath = ${bad}\n`)).toBe(`schema error: ${reason}`);
    }
  });

  it("rejects unknown top-level words and the old message keyword", () => {
    expect(bodyError("title = x\n")).toBe('4:5: error near "title": unexpected token');
    expect(bodyError("message Foo\n")).toMatch(
      /^4:7: error near "message": keyword "message" was renamed to "struct"/,
    );
  });
});
