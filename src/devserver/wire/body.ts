/**
 * Reading a request body without ever holding more than the limit: a declared `Content-Length`
 * past it is refused before reading, and a streamed body is cancelled as soon as it passes it.
 */
import { WebrpcBadRequestError } from "../../../generated/errors.js";

/** The body was larger than allowed. */
export const TOO_LARGE = Symbol("too large");
/** The body was not valid UTF-8. */
export const NOT_UTF8 = Symbol("not utf-8");

/** A body the connection could not deliver (bad chunked encoding, a client gone mid-body). */
function unreadable(e: unknown): never {
  const reason = e instanceof Error ? e.message : String(e);
  throw new WebrpcBadRequestError({
    message: "Request body could not be read",
    cause: reason.slice(0, 120),
  });
}

/** Reads the body of `request` as UTF-8 text, at most `max` bytes. */
export async function readBody(
  request: Request,
  max: number,
): Promise<string | typeof TOO_LARGE | typeof NOT_UTF8> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > max) return TOO_LARGE;
  if (request.body === null) return "";
  // A declared length within the limit is enforced by the HTTP parser (or is the caller's own
  // in-memory body): read it in one go.
  if (declared !== null) return decode(new Uint8Array(await request.arrayBuffer()));
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read().catch(unreadable);
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => {});
      return TOO_LARGE;
    }
    chunks.push(value);
  }
  let bytes: Uint8Array;
  if (chunks.length === 1) bytes = chunks[0] as Uint8Array;
  else {
    bytes = new Uint8Array(total);
    let at = 0;
    for (const c of chunks) {
      bytes.set(c, at);
      at += c.byteLength;
    }
  }
  return decode(bytes);
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** A body already read, as text: `TOO_LARGE` past `max` bytes, `NOT_UTF8` when it is not UTF-8. */
export function bodyText(
  bytes: Uint8Array,
  max: number,
): string | typeof TOO_LARGE | typeof NOT_UTF8 {
  return bytes.byteLength > max ? TOO_LARGE : decode(bytes);
}

function decode(bytes: Uint8Array): string | typeof NOT_UTF8 {
  try {
    return utf8.decode(bytes);
  } catch {
    return NOT_UTF8;
  }
}

/**
 * The body of `request` as text, from the bytes the listener read (`read`) or from the request:
 * `TOO_LARGE` past `max` bytes; a body that is not UTF-8 is a `WebrpcBadRequest`.
 */
export async function requestText(
  request: Request,
  read: Uint8Array | undefined,
  max: number,
): Promise<string | typeof TOO_LARGE> {
  const body = read === undefined ? await readBody(request, max) : bodyText(read, max);
  if (body === NOT_UTF8)
    throw new WebrpcBadRequestError({ cause: "the request body is not valid UTF-8" });
  return body;
}
