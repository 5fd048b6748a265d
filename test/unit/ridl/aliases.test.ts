import { describe, expect, it } from "vitest";
import { bodyError, parseBody } from "../../kit/ridl/source.js";

describe("type aliases", () => {
  it("come first among local types, with meta and doc comments", () => {
    const s = parseBody("struct A\n  - t: Tag\n# doc\ntype Tag: string # t\n  + go.type = MyTag\n");
    expect(s.types.map((t) => t.name)).toEqual(["Tag", "A"]);
    expect(s.types[0]).toEqual({
      kind: "alias",
      name: "Tag",
      type: "string",
      meta: [{ "go.type": "MyTag" }],
      comments: ["doc", "t"],
    });
  });

  it("alias any type expression, canonically spelled", () => {
    expect(parseBody("type Ids: []map< string , uint64 >\n").types[0]).toEqual({
      kind: "alias",
      name: "Ids",
      type: "[]map<string,uint64>",
    });
  });

  it("report unresolved targets", () => {
    expect(bodyError("type A: X\n")).toBe('type alias "A": unknown type: X');
  });

  it("may be map keys when they alias an enum, not a string", () => {
    const ok = parseBody("enum E: string\n  - A\ntype K: E\nstruct S\n  - m: map<K,int>\n");
    expect(ok.types[2]).toMatchObject({ fields: [{ name: "m", type: "map<K,int>" }] });
    expect(bodyError("type K: string\nstruct S\n  - m: map<K,int>\n")).toBe(
      'struct "S": unknown type of field "m": map<K,int>',
    );
  });

  it("need an upper-case name and a unique one", () => {
    expect(bodyError("type a: int\n")).toBe(
      "schema error: type name must start with upper case for 'a'",
    );
    expect(bodyError("type A: int\nstruct b\n")).toBe(
      "schema error: type name must start with upper case for 'b'",
    );
    expect(bodyError("type A: int\nstruct AA\nenum Aa: int\n")).toBe(
      "schema error: type 'Aa' was already declared",
    );
  });
});
