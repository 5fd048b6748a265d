/**
 * Reading a response body as text, at most a given number of bytes of it, so memory stays
 * bounded. A plain reader loop with a byte counter: about a fifth of the cost of piping the body
 * through a counting `TransformStream` (measured per call on loopback), and it stops the transfer
 * as soon as the limit is passed.
 */
import { BLOCK_BYTES, Utf8Blocks } from "./utf8-blocks.js";

/** A response body exceeded `maxResponseBytes`. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`response body larger than ${limit} bytes`);
    this.name = "BodyTooLargeError";
  }
}

/** A response body was not valid UTF-8 (read with `fatal`). */
export class BodyNotUtf8Error extends Error {
  constructor() {
    super("the body is not valid UTF-8");
    this.name = "BodyNotUtf8Error";
  }
}

/**
 * The body of `response` as UTF-8 text: malformed sequences replaced, as `Response.text()` does,
 * or with `fatal` refused (`BodyNotUtf8Error`), wherever they are. Throws `BodyTooLargeError` at
 * once when `Content-Length` says more than `limit` bytes, and as soon as more than `limit` bytes
 * have arrived otherwise; in both cases the body is cancelled.
 */
export async function readLimited(
  response: Response,
  limit: number,
  fatal = false,
): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  const body = response.body;
  if (declared > limit) {
    body?.cancel().catch(() => {});
    throw new BodyTooLargeError(limit);
  }
  if (!body) return "";
  // The reader is not released: the body is read to its end, cancelled or failed, and nothing
  // reads it after; releasing a reader builds an `Error` (and its stack) every time.
  const reader = body.getReader();
  // A one-chunk body (most answers) is decoded as it came; a longer one block by block as it
  // arrives (`utf8-blocks.ts`).
  let first: Uint8Array | undefined;
  let blocks: Utf8Blocks | undefined;
  let seen = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      if (blocks === undefined) return decodeUtf8(first, fatal);
      const text = blocks.text();
      if (blocks.malformed) throw new BodyNotUtf8Error();
      return text;
    }
    seen += value.byteLength;
    if (seen > limit) {
      reader.cancel().catch(() => {});
      throw new BodyTooLargeError(limit);
    }
    if (blocks !== undefined) blocks.add(value);
    else if (first === undefined) first = value;
    else {
      blocks = new Utf8Blocks(fatal, blockBytes(declared));
      blocks.add(first);
      blocks.add(value);
      first = undefined;
    }
  }
}

/**
 * The block size for a body of `declared` bytes: no larger than the body when it says its
 * length, and never under 64 KiB, whatever a header claims.
 */
function blockBytes(declared: number): number {
  return Number.isSafeInteger(declared)
    ? Math.min(BLOCK_BYTES, Math.max(65_536, declared))
    : BLOCK_BYTES;
}

/** Stateless between calls (no `stream` option), so one decoder of each kind serves every body. */
const utf8 = new TextDecoder();
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * A one-chunk body as text. With `fatal`, the lenient decoder still does the work (on Node it is
 * about 1.5× as fast as the fatal one on big bodies): malformed UTF-8 shows as U+FFFD in its
 * text, and only a text holding one (malformed, or a U+FFFD the server sent) is decoded again,
 * fatally.
 */
function decodeUtf8(bytes: Uint8Array | undefined, fatal: boolean): string {
  if (bytes === undefined || bytes.byteLength === 0) return "";
  const text = utf8.decode(bytes);
  if (!fatal || !text.includes("\uFFFD")) return text;
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new BodyNotUtf8Error();
  }
}
