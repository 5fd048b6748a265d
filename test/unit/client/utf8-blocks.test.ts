import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { completeUpTo, Utf8Blocks } from "../../../src/client/utf8-blocks.js";

const encoder = new TextEncoder();

/** Bytes mixing whole characters, byte order marks and any single byte (malformed UTF-8 too). */
const bytes = fc
  .array(
    fc.oneof(
      fc.string({ unit: "binary", maxLength: 3 }).map((s) => [...encoder.encode(s)]),
      fc.constant([0xef, 0xbb, 0xbf]),
      fc.integer({ min: 0, max: 255 }).map((b) => [b]),
    ),
    { maxLength: 60 },
  )
  .map((parts) => Uint8Array.from(parts.flat()));

/** `all` given in chunks cut at `cuts`, decoded in blocks of `size` bytes. */
function decodeInBlocks(all: Uint8Array, cuts: number[], size: number, fatal: boolean) {
  const at = [0, ...cuts.map((c) => c % (all.length + 1)).sort((a, b) => a - b), all.length];
  const blocks = new Utf8Blocks(fatal, size);
  for (let i = 1; i < at.length; i++) blocks.add(all.subarray(at[i - 1], at[i]));
  const text = blocks.text();
  return { text, malformed: blocks.malformed };
}

describe("a body decoded block by block as it arrives", () => {
  it("is what one decoding of the whole body gives, replacements and marks included", () => {
    fc.assert(
      fc.property(
        bytes,
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.integer({ min: 1, max: 24 }),
        (all, cuts, size) => {
          expect(decodeInBlocks(all, cuts, size, false).text).toBe(new TextDecoder().decode(all));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("with fatal, is malformed exactly when the whole body is, else the same text", () => {
    fc.assert(
      fc.property(
        bytes,
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.integer({ min: 1, max: 24 }),
        (all, cuts, size) => {
          let whole: string | undefined;
          try {
            whole = new TextDecoder("utf-8", { fatal: true }).decode(all);
          } catch {
            whole = undefined;
          }
          const got = decodeInBlocks(all, cuts, size, true);
          expect(got.malformed).toBe(whole === undefined);
          if (whole !== undefined) expect(got.text).toBe(whole);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("keeps a byte order mark that starts a later block, drops the one that starts the body", () => {
    const all = encoder.encode("\uFEFFab\uFEFFcd");
    // Blocks of 5 bytes: the second mark starts the second block.
    expect(decodeInBlocks(all, [], 5, false).text).toBe("ab\uFEFFcd");
  });

  it("cuts a block before a character it does not hold whole, and nowhere else", () => {
    const euro = [...encoder.encode("€")]; // three bytes
    expect(completeUpTo(Uint8Array.from([97, ...euro]), 4)).toBe(4);
    expect(completeUpTo(Uint8Array.from([97, ...euro.slice(0, 2)]), 3)).toBe(1);
    expect(completeUpTo(Uint8Array.from([97, euro[0] as number]), 2)).toBe(1);
    // Continuation bytes with no lead before them are errors already: nothing to carry.
    expect(completeUpTo(Uint8Array.from([0x80, 0x80, 0x80, 0x80]), 4)).toBe(4);
  });
});
