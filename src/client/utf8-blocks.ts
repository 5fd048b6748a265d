/**
 * A body's UTF-8 decoded block by block while it arrives, so that the decoding of a big answer
 * happens while the process waits for the rest of it rather than after: the chunks are copied
 * into one block, and each full block is decoded at once (TextDecoder's fast path, no `stream`
 * option) up to its last complete character; the text is the blocks' pieces joined at the end.
 * Measured on the 10k search through the client: 1.41× `fetch` + `res.json()` (strings wire)
 * and 1.37× (numbers wire) where one decoding of the whole body at its end gave 1.53× and 1.44×
 * in the same runs.
 *
 * A block ends before a byte that is not a continuation byte (`10xxxxxx`), or where its last
 * sequence is complete: there the WHATWG decoder is in its initial state (a sequence cut short
 * by a new lead byte is replaced, and that byte read afresh), so the pieces are what one decoding
 * of the whole body gives, replacement characters included.
 */

/** Bytes decoded at a time: big enough that each piece goes to V8's large-object space. */
export const BLOCK_BYTES = 1 << 20;

/** Stateless between calls (no `stream` option), so one decoder of each kind serves every body. */
const utf8 = new TextDecoder();
/** For every block after the first: a byte order mark there is a character, not to be dropped. */
const utf8Inside = new TextDecoder("utf-8", { ignoreBOM: true });
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** Decodes a body given chunk by chunk (`add`), into its text (`text`). */
export class Utf8Blocks {
  private readonly block: Uint8Array;
  private used = 0;
  private readonly pieces: string[] = [];
  /** Some bytes were decoded already (a leading byte order mark is dropped only before them). */
  private decoded = false;
  /** With `fatal`: some block held malformed UTF-8 (nothing is decoded after it). */
  malformed = false;

  constructor(
    private readonly fatal: boolean,
    size = BLOCK_BYTES,
  ) {
    // At least room for the longest character, so that each full block decodes something.
    this.block = new Uint8Array(Math.max(4, size));
  }

  /** Takes the next chunk of the body. */
  add(chunk: Uint8Array): void {
    const { block } = this;
    let from = 0;
    while (from < chunk.byteLength) {
      const n = Math.min(block.byteLength - this.used, chunk.byteLength - from);
      block.set(chunk.subarray(from, from + n), this.used);
      this.used += n;
      from += n;
      if (this.used === block.byteLength) this.flush(completeUpTo(block, this.used));
    }
  }

  /** The whole text, once every chunk was added. */
  text(): string {
    this.flush(this.used);
    return this.pieces.length === 1 ? (this.pieces[0] as string) : this.pieces.join("");
  }

  /** Decodes the block's first `end` bytes and moves the rest (an unfinished character) first. */
  private flush(end: number): void {
    const { block } = this;
    if (!this.malformed && end > 0) {
      const bytes = block.subarray(0, end);
      const piece = (this.decoded ? utf8Inside : utf8).decode(bytes);
      this.decoded = true;
      // A one-byte string cannot hold U+FFFD: only text beyond Latin-1 is looked through.
      if (this.fatal && piece.includes("\uFFFD") && !validUtf8(bytes)) this.malformed = true;
      else this.pieces.push(piece);
    }
    block.copyWithin(0, end, this.used);
    this.used -= end;
  }
}

/**
 * Where the first `used` bytes of `block` can be cut with the decoder in its initial state: before
 * the lead byte of a last sequence that lacks continuation bytes, else at `used`.
 */
export function completeUpTo(block: Uint8Array, used: number): number {
  let k = used - 1;
  // A sequence has at most three continuation bytes after its lead.
  while (k >= 0 && used - k <= 3 && ((block[k] as number) & 0xc0) === 0x80) k--;
  if (k < 0) return used;
  const lead = block[k] as number;
  const length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return length > used - k ? k : used;
}

/** Whether `bytes` are well-formed UTF-8 (the strict decoder accepts them). */
function validUtf8(bytes: Uint8Array): boolean {
  try {
    strictUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}
