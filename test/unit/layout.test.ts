/**
 * The code layout of `src/` and `generated/`: no import cycle between files, and none between
 * rooms. A room is a folder directly under `src/` (`src/client`), a file directly under `src/`
 * (an entry, `src/index.ts`), or one file of `generated/`: generated code builds on the runtime,
 * and the runtime never imports what is built on it. The graph and the cycle search are those of
 * `npm run check:cycles` (`scripts/import-cycles.ts`, the TypeScript parser), run inside the suite.
 */
import { describe, expect, it } from "vitest";
import { cyclesOf, importGraphs } from "../../scripts/import-cycles.js";

const { files, rooms } = importGraphs();

describe("layout of src/ and generated/", () => {
  it("finds the imports it checks, in both trees", () => {
    const paths = [...files.keys()];
    expect(paths.filter((f) => f.startsWith("generated/")).length).toBeGreaterThan(5);
    expect(paths.filter((f) => f.startsWith("src/devserver/")).length).toBeGreaterThan(40);
    const edges = [...files.values()].reduce((n, s) => n + s.size, 0);
    expect(edges).toBeGreaterThan(300);
    // The generated client builds on the runtime's call pipeline: an edge the scan must see.
    expect([...(files.get("generated/client.ts") ?? [])]).toContain("src/client/call.ts");
  });

  it("has no import cycle between files", () => {
    expect(cyclesOf(files)).toEqual([]);
  });

  it("has no import cycle between rooms", () => {
    expect(cyclesOf(rooms)).toEqual([]);
  });

  it("a cycle is found when there is one (the check can fail)", () => {
    const g = new Map([
      ["a", new Set(["b"])],
      ["b", new Set(["c"])],
      ["c", new Set(["a"])],
    ]);
    expect(cyclesOf(g)).toEqual([["a", "b", "c", "a"]]);
  });
});
