import { describe, expect, it } from "vitest";
import { parseRidl } from "../../../scripts/ridl/index.js";
import { errorOf, HEAD, memoryFiles } from "../../kit/ridl/source.js";

const COMMON = `${HEAD}error 100 CommonErr "common"\nenum Role: string\n  - ADMIN\nstruct User\n  - role: Role\nservice CommonSvc\n  - Ping()\n`;

const names = (files: Record<string, string>, root = "main.ridl") => {
  const s = parseRidl(files[root] as string, root, memoryFiles(files));
  return {
    types: s.types.map((t) => t.name),
    errors: s.errors.map((e) => e.name),
    services: s.services.map((x) => x.name),
  };
};

describe("imports", () => {
  it("list form imports everything, before local types", () => {
    const files = {
      "lib/common.ridl": COMMON,
      "main.ridl": `${HEAD}struct M\n  - u: User\nimport\n  - lib/common.ridl # c\n`,
    };
    expect(names(files)).toEqual({
      types: ["Role", "User", "M"],
      errors: ["CommonErr"],
      services: ["CommonSvc"],
    });
  });

  it("single form with members is an allow-list over types, errors and services", () => {
    const files = {
      "common.ridl": COMMON,
      "main.ridl": `${HEAD}import common.ridl\n  - Role\n  - CommonErr\n`,
    };
    expect(names(files)).toEqual({ types: ["Role"], errors: ["CommonErr"], services: [] });
  });

  it("does not pull in dependencies of selected members", () => {
    const files = { "common.ridl": COMMON, "main.ridl": `${HEAD}import common.ridl\n  - User\n` };
    expect(errorOf(files["main.ridl"], files)).toBe("schema error: invalid type 'Role'");
  });

  it("resolves paths against the importing file, even absolute ones, and accepts quoted paths", () => {
    const files = {
      "a/b.ridl": `${HEAD}import "../c d/x.ridl"\n`,
      "c d/x.ridl": `${HEAD}struct X\n`,
      "main.ridl": `${HEAD}import /a/b.ridl\n`,
    };
    expect(names(files).types).toEqual(["X"]);
  });

  it("parses a diamond once, dedupes types and errors but not services", () => {
    const reads: string[] = [];
    const files = {
      "common.ridl": COMMON,
      "d1.ridl": `${HEAD}import common.ridl\n`,
      "d2.ridl": `${HEAD}import common.ridl\n`,
      "main.ridl": `${HEAD}import\n  - d1.ridl\n  - d2.ridl\n`,
    };
    const read = memoryFiles(files);
    const s = parseRidl(files["main.ridl"], "main.ridl", (p) => {
      reads.push(p);
      return read(p);
    });
    expect(reads.filter((p) => p.endsWith("common.ridl"))).toHaveLength(1);
    expect(s.types.map((t) => t.name)).toEqual(["Role", "User"]);
    expect(s.services.map((x) => x.name)).toEqual(["CommonSvc", "CommonSvc"]);
  });

  it("validates each imported file on its own", () => {
    const files = { "lib.ridl": "struct A\n", "main.ridl": `${HEAD}import lib.ridl\n` };
    expect(errorOf(files["main.ridl"], files)).toBe(
      "webrpc schema version, '' is invalid, try 'v1'\nstack trace:\n  - lib.ridl\n  - t.ridl",
    );
  });

  it("reports cycles by base name, wrapping only errors from inside an import", () => {
    const files = { "x/a.ridl": `${HEAD}import b.ridl\n`, "x/b.ridl": `${HEAD}import a.ridl\n` };
    const nested = parseError(files, "x/a.ridl");
    expect(nested).toBe(
      'circular import "a.ridl" in file "x/b.ridl"\nstack trace:\n  - x/b.ridl\n  - x/a.ridl',
    );
    expect(parseError({ "s.ridl": `${HEAD}import s.ridl\n` }, "s.ridl")).toBe(
      'circular import "s.ridl" in file "s.ridl"',
    );
  });

  it("keeps the deepest stack trace and reports missing files like Go", () => {
    const files = {
      "a.ridl": `${HEAD}import b.ridl\n`,
      "b.ridl": `${HEAD}import c.ridl\n`,
      "main.ridl": `${HEAD}import a.ridl\n`,
    };
    expect(parseError(files, "main.ridl")).toBe(
      "failed to read file: open c.ridl: no such file or directory\nstack trace:\n  - c.ridl\n  - b.ridl\n  - a.ridl\n  - main.ridl",
    );
  });

  it("has no parenthesised member syntax", () => {
    expect(errorOf(`${HEAD}import "f.ridl" (A, B)\n`)).toBe(
      '4:17: error near "(": unexpected token',
    );
  });
});

function parseError(files: Record<string, string>, root: string): string {
  try {
    parseRidl(files[root] as string, root, memoryFiles(files));
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error("expected an error");
}
