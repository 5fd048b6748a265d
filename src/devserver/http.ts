/**
 * The Node HTTP listener around the web-standard handler: turns each `IncomingMessage` into a
 * `Request` (body streamed, never buffered past the handler's limit; aborted when the client goes
 * away) and writes the `Response` back, streaming its body. An injected connection reset destroys
 * the socket instead of answering.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { isConnectionReset } from "./faults.js";

/** The web-standard handler served. */
export type FetchHandler = (request: Request) => Promise<Response>;

function bodyOf(req: IncomingMessage): ReadableStream<Uint8Array> {
  let cancelled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.on("data", (chunk: Buffer) => {
        if (cancelled) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 1) <= 0) req.pause();
      });
      req.on("end", () => {
        if (!cancelled) controller.close();
      });
      req.on("error", (e) => {
        if (!cancelled) controller.error(e);
      });
    },
    pull() {
      req.resume();
    },
    cancel() {
      // Discard the rest of the body (Node reads and drops it) so that the answer can still be sent.
      cancelled = true;
      req.resume();
    },
  });
}

function toRequest(req: IncomingMessage, origin: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    headers.append(req.rawHeaders[i] as string, req.rawHeaders[i + 1] as string);
  }
  const method = req.method ?? "GET";
  const withBody = method !== "GET" && method !== "HEAD";
  const init: RequestInit & { duplex?: "half" } = { method, headers, signal };
  if (withBody) {
    init.body = bodyOf(req);
    init.duplex = "half";
  }
  return new Request(new URL(req.url ?? "/", origin), init);
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    headers[key] = value;
  });
  res.writeHead(response.status, headers);
  if (response.body === null) return void res.end();
  // Headers go out now, even when the body is late (the slow-body fault).
  res.flushHeaders();
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!res.write(value)) await new Promise((r) => res.once("drain", r));
  }
  res.end();
}

/** Serves `handler` on `host:port` (`port: 0` picks a free port). */
export async function listen(
  handler: FetchHandler,
  port: number,
  host: string,
): Promise<{ server: Server; url: string }> {
  let origin = "";
  const server = createServer((req, res) => {
    const controller = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    let request: Request;
    try {
      request = toRequest(req, origin, controller.signal);
    } catch {
      res.writeHead(400, { "content-type": "text/plain" }).end("bad request");
      return;
    }
    handler(request).then(
      (response) => send(res, response).catch(() => res.destroy()),
      (e: unknown) => {
        if (isConnectionReset(e)) req.socket.destroy();
        else res.destroy();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  origin = `http://${shownHost}:${address.port}`;
  return { server, url: origin };
}
