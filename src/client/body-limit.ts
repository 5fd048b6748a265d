/** Reading at most a given number of bytes of a response body, so memory stays bounded. */

/** A response body exceeded `maxResponseBytes`. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`response body larger than ${limit} bytes`);
    this.name = "BodyTooLargeError";
  }
}

/**
 * `response` with a body that errors with `BodyTooLargeError` once more than `limit` bytes have
 * streamed through; rejected upfront when `Content-Length` already says so.
 */
export function limitBody(response: Response, limit: number): Response {
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  if (declared > limit) {
    response.body?.cancel().catch(() => {});
    throw new BodyTooLargeError(limit);
  }
  if (!response.body) return response;
  let seen = 0;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > limit) controller.error(new BodyTooLargeError(limit));
      else controller.enqueue(chunk);
    },
  });
  return new Response(response.body.pipeThrough(counter), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
