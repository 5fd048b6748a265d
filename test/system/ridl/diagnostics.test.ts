/**
 * Schema errors as a compiler prints them (`file:line:col: error: …`, the column at the start of
 * the token), for `npm run generate` and the spec tools; `npm run ridl` keeps webrpc's wording.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatDiagnostic } from "../../../scripts/ridl/diagnostic.js";
import { parseRidl, RidlError } from "../../../scripts/ridl/index.js";

const HEAD = "webrpc = v1\nversion = v1.0.0\n";

function diagnostic(source: string, files: Record<string, string> = {}): string {
  try {
    parseRidl(source, "schema/x.ridl", (abs) => {
      const name = path.basename(abs);
      const text = files[name];
      if (text === undefined) throw Object.assign(new Error("missing"), { code: "ENOENT" });
      return text;
    });
  } catch (err) {
    if (err instanceof RidlError) return formatDiagnostic(err, "schema/x.ridl");
    throw err;
  }
  throw new Error("no error");
}

describe("schema diagnostics", () => {
  it("put a syntax error at the start of its token", () => {
    expect(diagnostic(`${HEAD}strct Foo\n`)).toBe(
      'schema/x.ridl:3:1: error: expecting a declaration (webrpc, name, version, basepath, import, error, enum, type, struct or service), found "strct"',
    );
    expect(diagnostic(`${HEAD}service S\n  - Get() => => ()\n`)).toBe(
      'schema/x.ridl:4:14: error: expecting "(" to open the argument list, found "=>"',
    );
  });

  it("name the expected and the found token, never a blank", () => {
    const service = (line: string) =>
      `${HEAD}struct Req\n  - a: string\nstruct Resp\n  - b: string\nservice S\n${line}\n`;
    expect(diagnostic(service("  - X(Req => (Resp)"))).toBe(
      'schema/x.ridl:8:7: error: expecting ":" after argument "Req" (name: Type), or ")" to close the list, found a space',
    );
    expect(diagnostic(service("  - X(Req) => Resp"))).toBe(
      'schema/x.ridl:8:19: error: expecting "(" after "=>" to open the output list, found "Resp": write => (Resp)',
    );
    expect(diagnostic(service("  - X Req) => (Resp)"))).toBe(
      'schema/x.ridl:8:6: error: expecting "(" to open the argument list, found a space',
    );
    expect(diagnostic(service("  - X(a: Req, @) => (Resp)"))).toBe(
      'schema/x.ridl:8:15: error: expecting an argument (name: Type), "," or ")" in the argument list, found "@"',
    );
    expect(diagnostic(`${HEAD}struct A\n  - name:\n`)).toBe(
      "schema/x.ridl:4:10: error: expecting a type (string, uint64, []T, map<K,V>, a struct's name), found end of line",
    );
    expect(diagnostic(`${HEAD}struct A\n  - name string\n`)).toBe(
      'schema/x.ridl:4:9: error: expecting ":", found a space',
    );
  });

  it("place an unknown field type at the type", () => {
    expect(diagnostic(`${HEAD}struct A\n  - id: uint64\n  - foo: strng\n`)).toBe(
      'schema/x.ridl:5:10: error: struct "A": unknown type of field "foo": strng',
    );
  });

  it("place an unknown argument type, an unknown succinct type and a bad alias", () => {
    expect(diagnostic(`${HEAD}service S\n  - Get(a: strng) => ()\n`)).toBe(
      "schema/x.ridl:4:12: error: parsing argument strng: invalid type 'strng'",
    );
    expect(diagnostic(`${HEAD}service S\n  - Get(Nope) => (Nope)\n`)).toBe(
      "schema/x.ridl:4:9: error: unknown type for succinct definition of 'Nope'",
    );
    expect(diagnostic(`${HEAD}type T: []nope\n`)).toBe(
      'schema/x.ridl:3:9: error: type alias "T": unknown type: []nope',
    );
  });

  it("place validation errors at the declaration", () => {
    expect(diagnostic(`${HEAD}struct A\n  - id: uint64\n  - ID: string\n`)).toBe(
      "schema/x.ridl:5:5: error: detected duplicate field name of 'ID' in type 'A'",
    );
    expect(diagnostic(`${HEAD}enum E: float64\n  - A\n`)).toBe(
      "schema/x.ridl:3:9: error: enum 'E' field 'float64' is invalid. must be an integer type",
    );
    expect(diagnostic(`${HEAD}error 1 A "a"\nerror 1 B "b"\n`)).toBe(
      "schema/x.ridl:4:9: error: detected duplicate error code of '1'",
    );
  });

  it("name the imported file an error is in", () => {
    const files = { "types.ridl": "webrpc = v1\nstruct U\n  - r: Role\n" };
    expect(diagnostic(`${HEAD}import types.ridl\n`, files)).toBe(
      'schema/types.ridl:3:8: error: struct "U": unknown type of field "r": Role',
    );
  });

  it("leave npm run ridl's webrpc wording alone", () => {
    const err = (() => {
      try {
        parseRidl(`${HEAD}struct A\n  - foo: strng\n`, "x.ridl");
      } catch (e) {
        return e as RidlError;
      }
    })();
    expect(err?.message).toBe('struct "A": unknown type of field "foo": strng');
  });
});

describe("npm run generate on a broken schema", () => {
  const root = mkdtempSync(path.join(tmpdir(), "broken-schema-"));
  mkdirSync(path.join(root, "schema"));
  cpSync("generated", path.join(root, "generated"), { recursive: true });
  const schema = readFileSync("schema/service.ridl", "utf8");
  const run = (text: string) => {
    writeFileSync(path.join(root, "schema/service.ridl"), text);
    return spawnSync(
      path.resolve("node_modules/.bin/tsx"),
      ["scripts/generate.ts", "--check", "--root", root],
      { encoding: "utf8" },
    );
  };
  const lineOf = (needle: string) => schema.slice(0, schema.indexOf(needle)).split("\n").length;

  it("prints one line file:line:col and no stack trace, for a syntax error", () => {
    const broken = schema.replace("- Clock(ClockRequest) =>", "- Clock(ClockRequest) => =>");
    const r = run(broken);
    expect(r.status).toBe(1);
    const line = lineOf("- Clock(ClockRequest)");
    expect(r.stderr).toBe(
      `${path.join(root, "schema/service.ridl")}:${line}:28: error: expecting "(" to open the argument list, found "=>"\n`,
    );
  });

  it("and for an annotation this project does not read, before any emitter runs", () => {
    const first = "\n  @retry:safe\n";
    const r = run(schema.replace(first, "\n  @retry:sometimes\n"));
    expect(r.status).toBe(1);
    const line = lineOf(first) + 1;
    expect(r.stderr).toMatch(
      new RegExp(
        `schema/service\\.ridl:${line}:4: error: method \\w+: @retry takes "safe" or "unsafe", found "sometimes" \\(write @retry:safe or @retry:unsafe\\)\\n$`,
      ),
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
    const unknown = run(schema.replace(first, "\n  @retry:safe @idempotent\n"));
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain(
      "error: method GetExactOutputRoutes: unknown annotation @idempotent; expecting one of @retry, @public, @longpoll",
    );
  });

  it("and for an unknown type", () => {
    const r = run(schema.replace("  - featureIndex: int32", "  - featureIndex: strng"));
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      new RegExp(
        `schema/service\\.ridl:${lineOf("  - featureIndex: int32")}:19: error: struct "TokenInfo": unknown type of field "featureIndex": strng\\n$`,
      ),
    );
    expect(r.stderr.split("\n")).toHaveLength(2);
  });
});
