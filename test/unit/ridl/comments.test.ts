import { describe, expect, it } from "vitest";
import { extractComments, takeDocComment } from "../../../scripts/ridl/comments.js";
import { lex } from "../../../scripts/ridl/lexer.js";
import { parseBody } from "../../kit/ridl/source.js";

const store = (src: string) => extractComments(lex(src));

describe("comment text", () => {
  it("trims, collapses whitespace runs and keys by the line of the ending newline", () => {
    expect([...store("x # a   \t b  \n#\n# c\n")]).toEqual([
      [1, "a b"],
      [2, ""],
      [3, "c"],
    ]);
  });

  it("drops a further # at a token start and glues the next token", () => {
    expect([...store("# see #123\n# a # b\n# c#d e\n")]).toEqual([
      [1, "see123"],
      [2, "a b"],
      [3, "c#d e"],
    ]);
  });

  it("loses a comment on a last line without newline", () => {
    expect(store("# kept\n# lost").size).toBe(1);
  });

  it("records a # inside a quoted string at a token start as a comment", () => {
    expect([...store('error 1 A "it\'s #1 error"\n')]).toEqual([[1, '1 error"']]);
  });
});

describe("doc comment attachment", () => {
  it("takes the block directly above and the trailing comment last, consuming them", () => {
    const s = store("# one\n# two\nX # three\n");
    expect(takeDocComment(s, 3)).toEqual(["one", "two", "three"]);
    expect(s.size).toBe(0);
  });

  it("probes only the declaration line and the one above when nothing is found", () => {
    const s = store("# far\n\nX\n");
    expect(takeDocComment(s, 3)).toEqual([]);
    expect(s.get(1)).toBe("far");
  });

  it("stops a block at a line without comment", () => {
    expect(takeDocComment(store("# a\n\n# b\nX\n"), 4)).toEqual(["b"]);
  });

  it("hides private (!) comments without breaking the block", () => {
    expect(takeDocComment(store("# a\n#! hidden\n# b\nX\n"), 4)).toEqual(["a", "b"]);
  });

  it("keeps empty comment lines inside a block", () => {
    expect(takeDocComment(store("# a\n#\n# b\nX\n"), 4)).toEqual(["a", "", "b"]);
  });
});

describe("comments in schemas", () => {
  it("leaks an error line's trailing comment into the next declaration", () => {
    const s = parseBody('error 100 A "a" # about A\nstruct B\n  - x: int\n');
    expect(s.types[0]).toEqual({
      kind: "struct",
      name: "B",
      fields: [{ name: "x", type: "int" }],
      comments: ["about A"],
    });
  });

  it("leaks a meta line's trailing comment into the next field's doc", () => {
    const s = parseBody("struct A\n  - a: int\n    + json = a # meta c\n  - b: int\n");
    expect(s.types[0]?.kind === "struct" && s.types[0].fields?.[1]?.comments).toEqual(["meta c"]);
  });

  it("never emits enum comments and consumes them", () => {
    const s = parseBody("# doc\nenum E: uint8 # t\n  - A\nstruct S\n  - e: E\n");
    expect(s.types[0]).toEqual({
      kind: "enum",
      name: "E",
      type: "uint8",
      fields: [{ name: "A", value: "0" }],
    });
    expect(s.types[1]).not.toHaveProperty("comments");
  });

  it("loses a doc block above two annotation lines but keeps one above a single one", () => {
    const s = parseBody("service S\n  # lost\n  @a\n  @b\n  - A()\n  # kept\n  @c\n  - B()\n");
    expect(s.services[0]?.methods.map((m) => m.comments)).toEqual([[], ["kept"]]);
  });

  it("gives the service its own doc and always a comments array", () => {
    const s = parseBody("# svc\nservice S # t\n  - A()\nservice T\n  - B()\n");
    expect(s.services.map((x) => x.comments)).toEqual([["svc", "t"], []]);
  });
});
