import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BodyNotUtf8Error, readLimited } from "../../../src/client/body-limit.js";
import { completeUpTo } from "../../../src/client/utf8-blocks.js";

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

/**
 * `all` read by `readLimited`, arriving in chunks cut at `cuts` (empty chunks too), decoded at
 * least `block` bytes at a time (by default one chunk at a time).
 */
async function decodeInChunks(all: Uint8Array, cuts: number[], fatal: boolean, block = 1) {
  const at = [0, ...cuts.map((c) => c % (all.length + 1)).sort((a, b) => a - b), all.length];
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 1; i < at.length; i++) controller.enqueue(all.slice(at[i - 1], at[i]));
      controller.close();
    },
  });
  try {
    return { text: await readLimited(new Response(body), 1 << 20, fatal, block), malformed: false };
  } catch (e) {
    if (!(e instanceof BodyNotUtf8Error)) throw e;
    return { text: undefined, malformed: true };
  }
}

describe("a body decoded block by block as it arrives", () => {
  it("is what one decoding of the whole body gives, replacements and marks included", async () => {
    await fc.assert(
      fc.asyncProperty(
        bytes,
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.integer({ min: 1, max: 24 }),
        async (all, cuts, block) => {
          const got = await decodeInChunks(all, cuts, false, block);
          expect(got.text).toBe(new TextDecoder().decode(all));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("with fatal, is malformed exactly when the whole body is, else the same text", async () => {
    await fc.assert(
      fc.asyncProperty(
        bytes,
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.integer({ min: 1, max: 24 }),
        async (all, cuts, block) => {
          let whole: string | undefined;
          try {
            whole = new TextDecoder("utf-8", { fatal: true }).decode(all);
          } catch {
            whole = undefined;
          }
          const got = await decodeInChunks(all, cuts, true, block);
          expect(got.malformed).toBe(whole === undefined);
          if (whole !== undefined) expect(got.text).toBe(whole);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("keeps a byte order mark that starts a later block, drops the one that starts the body", async () => {
    const all = encoder.encode("\uFEFFab\uFEFFcd");
    // The second mark starts the second block; then a block of the mark alone.
    expect((await decodeInChunks(all, [5], false)).text).toBe("ab\uFEFFcd");
    expect((await decodeInChunks(all, [5, 8], true)).text).toBe("ab\uFEFFcd");
    expect((await decodeInChunks(encoder.encode("\uFEFF\uFEFF"), [3], false)).text).toBe("\uFEFF");
  });

  it("cuts a chunk before a lead byte among its last three bytes, else at its end", () => {
    const euro = [...encoder.encode("€")]; // three bytes
    const emoji = [...encoder.encode("😀")]; // four bytes
    expect(completeUpTo(Uint8Array.from([97, 98]))).toBe(2);
    expect(completeUpTo(Uint8Array.from([97, ...euro]))).toBe(1);
    expect(completeUpTo(Uint8Array.from([97, ...euro.slice(0, 2)]))).toBe(1);
    expect(completeUpTo(Uint8Array.from([97, euro[0] as number]))).toBe(1);
    expect(completeUpTo(Uint8Array.from([97, ...emoji.slice(0, 3)]))).toBe(1);
    expect(completeUpTo(Uint8Array.from([97, ...emoji]))).toBe(5);
    expect(completeUpTo(Uint8Array.from([...emoji, 97]))).toBe(5);
    expect(completeUpTo(Uint8Array.from([euro[0] as number]))).toBe(0);
    expect(completeUpTo(new Uint8Array())).toBe(0);
    // Continuation bytes with no lead among the last three: no sequence is open, nothing to carry.
    expect(completeUpTo(Uint8Array.from([0xe2, 0x80, 0x80, 0x80]))).toBe(4);
  });
});
