/**
 * The import-cycle check itself (`npm run check:cycles`, `scripts/import-cycles.ts`, which
 * `npm test` runs once among its checks): it reads the imports of `src/`, `generated/` and
 * `scripts/`, groups them in rooms as its header says, and finds a cycle when there is one. The
 * check of the repository is that script's; this file proves the script can see and fail.
 */
import { describe, expect, it } from "vitest";
import { cyclesOf, importGraphs, roomOf } from "../../scripts/import-cycles.js";

const { files, rooms } = importGraphs();

describe("the import-cycle check", () => {
  it("finds the imports it checks, in the three trees", () => {
    const paths = [...files.keys()];
    expect(paths.filter((f) => f.startsWith("generated/")).length).toBeGreaterThan(5);
    expect(paths.filter((f) => f.startsWith("src/devserver/")).length).toBeGreaterThan(40);
    expect(paths.filter((f) => f.startsWith("scripts/emit/")).length).toBeGreaterThan(10);
    const edges = [...files.values()].reduce((n, s) => n + s.size, 0);
    expect(edges).toBeGreaterThan(300);
    // The generated client builds on the runtime's call pipeline: an edge the scan must see.
    expect([...(files.get("generated/client.ts") ?? [])]).toContain("src/client/call.ts");
    // A type-only import counts (the request rules name the fragment type of the emitter).
    expect([...(files.get("scripts/emit/request-rules.ts") ?? [])]).toContain(
      "scripts/emit/json-schema-fragment.ts",
    );
  });

  it("keeps an entry file apart from the folder of the same name", () => {
    expect(roomOf("src/errors.ts")).toBe("src/errors.ts");
    expect(roomOf("src/errors/service-error.ts")).toBe("src/errors");
    expect(roomOf("scripts/emit/model.ts")).toBe("scripts/emit");
    expect(roomOf("generated/errors.ts")).toBe("generated/errors");
    expect(rooms.get("src/errors.ts")).toContain("src/errors");
  });

  it("finds a cycle when there is one (the check can fail)", () => {
    const g = new Map([
      ["a", new Set(["b"])],
      ["b", new Set(["c"])],
      ["c", new Set(["a"])],
    ]);
    expect(cyclesOf(g)).toEqual([["a", "b", "c", "a"]]);
  });
});
