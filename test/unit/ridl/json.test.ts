import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  parseRidlFile,
  type Schema,
  schemaHash,
  schemaToJson,
  withGenDefaults,
} from "../../../scripts/ridl/index.js";
import { parseBody } from "../../kit/ridl/source.js";

const FIXTURES = path.resolve("test/fixtures/ridl");

const empty = (): Schema => ({
  webrpc: "v1",
  name: "",
  version: "",
  basepath: "",
  types: [],
  errors: [],
  services: [],
});

describe("schemaToJson", () => {
  it("indents by one space and ends with a newline", () => {
    expect(schemaToJson(empty())).toBe(
      '{\n "webrpc": "v1",\n "name": "",\n "version": "",\n "basepath": "",\n "types": [],\n "errors": [],\n "services": []\n}\n',
    );
  });

  it("writes keys in webrpc's order whatever the insertion order, omitting empty optional keys", () => {
    const s = empty();
    s.types.push({
      comments: ["c"],
      fields: [{ meta: [], optional: true, type: "int", name: "x", comments: [] }],
      name: "A",
      kind: "struct",
    } as never);
    const text = schemaToJson(s);
    expect(text).toContain(
      '  {\n   "kind": "struct",\n   "name": "A",\n   "fields": [\n    {\n     "name": "x",\n     "type": "int",\n     "optional": true\n    }\n   ],\n   "comments": [\n    "c"\n   ]\n  }',
    );
  });

  it("escapes U+2028/U+2029 like Go and leaves <&> alone", () => {
    const s = empty();
    s.name = "a\u2028b\u2029<&>\u0001";
    expect(schemaToJson(s)).toContain('"name": "a\\u2028b\\u2029<&>\\u0001"');
  });

  it("sorts annotation keys by byte order, integer-like ones included", () => {
    const s = parseBody("service S\n  @zeta @alpha @Mid @10 @9 @__proto__\n  - A()\n");
    const text = schemaToJson(s);
    const keys = [...text.matchAll(/"annotationType": "([^"]+)"/g)].map((m) => m[1]);
    expect(keys).toEqual(["10", "9", "Mid", "__proto__", "alpha", "zeta"]);
  });

  it("round-trips through JSON.parse for the parser fixtures", () => {
    const text = readFileSync(path.join(FIXTURES, "p1.json"), "utf8");
    expect(schemaToJson(JSON.parse(text) as Schema)).toBe(text);
  });
});

describe("withGenDefaults", () => {
  it("sets /rpc/ only when basepath is empty and services exist, without mutating", () => {
    const withService = parseBody("service S\n  - A()\n");
    expect(withGenDefaults(withService).basepath).toBe("/rpc/");
    expect(withService.basepath).toBe("");
    expect(withGenDefaults(parseBody("struct A\n")).basepath).toBe("");
    expect(withGenDefaults(parseBody("basepath = /v1\nservice S\n  - A()\n")).basepath).toBe(
      "/v1/",
    );
  });
});

describe("schemaHash", () => {
  it("is the sha1 of the webrpc-gen JSON", () => {
    const cases: [string, string][] = [
      ["p1.ridl", "f41bbd5118921a5fc32e8622a9f2789d01654be0"],
      ["sv1.ridl", "14b7991823cf0dc5db6bcf901ef6ae114f4c4f78"],
      ["ty1.ridl", "075fb20dfe23f3ee6ec6bd55f7e657d7a64377ef"],
      ["imp/main.ridl", "4bc3e67822795eb198d2274fe0a8c75a999c1688"],
    ];
    for (const [file, hash] of cases) {
      expect(schemaHash(parseRidlFile(path.join("test/fixtures/ridl", file)))).toBe(hash);
    }
  });

  it("changes with any schema change", () => {
    expect(schemaHash(parseBody("struct A\n  - a: int\n"))).not.toBe(
      schemaHash(parseBody("struct A\n  - a: int8\n")),
    );
  });

  it("quotes type strings as Go's %q does, and refuses those without a JSON form", () => {
    const s = empty();
    s.types.push({ kind: "struct", name: "R\u00ad" });
    s.types.push({ kind: "struct", name: "U", fields: [{ name: "r", type: "R\u00ad" }] });
    const text = schemaToJson(s);
    expect(text).toContain('"name": "R\u00ad"');
    expect(text).toContain('"type": "R\\u00ad"');
    s.types.push({ kind: "alias", name: "A", type: "B\u0001" });
    expect(() => schemaToJson(s)).toThrow(
      /^type "B\\x01" has no JSON form: webrpc writes type strings with Go's %q quoting/,
    );
  });
});
