import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BodyNotUtf8Error,
  BodyTooLargeError,
  readLimited,
} from "../../../src/client/body-limit.js";

/** A response whose body arrives as `chunks`, with `Content-Length: length` when given. */
function chunked(chunks: Uint8Array[], length?: string) {
  const state = { cancelled: false, pulled: 0 };
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[next++];
      state.pulled = next;
      if (chunk === undefined) controller.close();
      else controller.enqueue(chunk);
    },
    cancel() {
      state.cancelled = true;
    },
  });
  const headers: Record<string, string> = length === undefined ? {} : { "content-length": length };
  return { response: new Response(body, { headers }), state };
}

/** `bytes` cut at `cuts` (offsets, any order, repeats allowed: empty chunks are sent too). */
function cut(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const at = [0, ...cuts.map((c) => c % (bytes.length + 1)).sort((a, b) => a - b), bytes.length];
  return at.slice(1).map((end, i) => bytes.slice(at[i], end));
}

/** What the Content-Length header says, relative to the true length `n`. */
const declaredOf = (kind: number, n: number, delta: number): string | undefined =>
  [undefined, String(n), String(Math.max(0, n - delta)), String(n + delta), "1.5", "abc"][kind];

describe("readLimited: the text of a body arriving in chunks", () => {
  it("is the body's text, whatever the chunks and whatever Content-Length says", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: "binary", maxLength: 300 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 1, max: 50 }),
        fc.boolean(),
        async (text, cuts, kind, delta, fatal) => {
          const bytes = new TextEncoder().encode(text);
          const declared = declaredOf(kind, bytes.length, delta);
          const { response } = chunked(cut(bytes, cuts), declared);
          expect(await readLimited(response, 10_000, fatal)).toBe(text);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("refuses more than the limit as soon as it arrives, whatever Content-Length says", async () => {
    const bytes = new Uint8Array(1000).fill(97);
    for (const declared of [undefined, "100", "400"]) {
      const { response, state } = chunked(cut(bytes, [100, 200, 300, 400, 500, 600]), declared);
      const e = await readLimited(response, 450).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(BodyTooLargeError);
      expect([state.cancelled, state.pulled]).toEqual([true, 5]);
    }
    // Declared over the limit: refused before a byte is read.
    const { response, state } = chunked([bytes], "1000");
    await expect(readLimited(response, 999)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(state.pulled).toBe(0);
    // At the limit exactly, in a buffer of the declared length.
    const exact = chunked(cut(bytes, [1, 500]), "1000");
    expect(await readLimited(exact.response, 1000)).toBe("a".repeat(1000));
  });

  it("with fatal, refuses malformed UTF-8 anywhere, also cut between chunks", async () => {
    const good = new TextEncoder().encode(`{"a":"${"é€😀".repeat(20)}"}`);
    for (const at of [0, 7, 8, good.length - 3]) {
      const bad = good.slice();
      bad[at] = 0xc3; // a lead byte without its continuation, or one breaking a sequence
      bad[at + 1] = 0x28;
      for (const declared of [undefined, String(bad.length), "10"]) {
        const chunks = cut(bad, [at, at + 1, at + 2]);
        const strict = chunked(chunks, declared);
        await expect(readLimited(strict.response, 10_000, true)).rejects.toBeInstanceOf(
          BodyNotUtf8Error,
        );
        // Without fatal, replaced as Response.text() replaces it.
        const lenient = chunked(chunks, declared);
        expect(await readLimited(lenient.response, 10_000)).toBe(await new Response(bad).text());
      }
    }
  });
});
