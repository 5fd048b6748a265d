import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pathAtOffset } from "../../../src/client/depth-scan.js";
import { pathStep } from "../../../src/codec/paths.js";

/**
 * `value` written as JSON (with spaces here and there), and for each value in it the offset where
 * it starts and its path, written as it is written rather than found by reading the text back.
 */
function writeWithPaths(value: unknown): { text: string; starts: [number, string][] } {
  const starts: [number, string][] = [];
  let text = "";
  const write = (v: unknown, path: string) => {
    starts.push([text.length, path]);
    if (Array.isArray(v)) {
      text += "[ ";
      v.forEach((item, i) => {
        if (i > 0) text += " , ";
        write(item, pathStep(path, i));
      });
      text += "]";
    } else if (v !== null && typeof v === "object") {
      text += "{";
      Object.entries(v).forEach(([k, item], i) => {
        text += `${i > 0 ? "," : ""}${JSON.stringify(k)} : `;
        write(item, pathStep(path, k));
      });
      text += " }";
    } else text += JSON.stringify(v);
  };
  write(value, "$");
  return { text, starts };
}

/** Keys with quotes, backslashes, brackets and commas in them, and plain ones. */
const key = fc.oneof(fc.constantFrom("a", "b", "x1", "", 'q"', "\\", "[,{", "8453"), fc.string());
const leaf = fc.oneof(fc.integer(), fc.string(), fc.boolean(), fc.constant(null));
const { tree } = fc.letrec((tie) => ({
  tree: fc.oneof({ depthSize: "small", withCrossShrink: true }, leaf, tie("array"), tie("object")),
  array: fc.array(tie("tree"), { maxLength: 4 }),
  object: fc.dictionary(key, tie("tree"), { maxKeys: 4 }),
}));

describe("pathAtOffset", () => {
  it("names the path of every value where it starts, whatever the keys hold", () => {
    fc.assert(
      fc.property(tree, (value) => {
        const { text, starts } = writeWithPaths(value);
        for (const [offset, path] of starts) expect(pathAtOffset(text, offset)).toBe(path);
      }),
      { numRuns: 500 },
    );
  });
});
