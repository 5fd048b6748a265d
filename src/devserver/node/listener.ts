/**
 * The Node HTTP listener around the web-standard handler: turns each `IncomingMessage` into a
 * `Request` (body streamed, never buffered past the handler's limit; aborted when the client goes
 * away) and writes the `Response` back, streaming its body. An injected connection reset destroys
 * the socket instead of answering. Requests that arrive together (a thousand long polls opened at
 * once) are taken up in turns of the event loop (see `LoopSlices`), in order of arrival, so that
 * they do not hold the loop for the sum of their costs; requests on connections already answered
 * and requests on new connections take turns, so that neither a flood of connections holds up the
 * clients being served nor kept-alive clients hold up a newcomer.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { WebrpcBadMethodError, WebrpcBadRequestError } from "../../../generated/errors.js";
import { LoopSlices } from "../core/index.js";
import { isConnectionReset } from "../faults/index.js";
import { markArrival } from "../http/index.js";
import { errorBody } from "../wire/index.js";
import type { ConnectionLimits } from "./connection-limits.js";
import { IdleConnections } from "./idle-connections.js";

/** Most time spent taking up arriving requests in one turn of the event loop, milliseconds. */
const ARRIVALS_SLICE_MS = 5;

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

/** Reads a body whose length is declared and within `max` (the HTTP parser enforces the length). */
function readDeclared(req: IncomingMessage): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () =>
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)),
    );
    req.on("error", reject);
  });
}

/**
 * The `Request` of `req`, marked with its time of arrival. A body of declared length within
 * `maxBody` is read whole and handed over beside the `Request` (see `arrival.ts`); another body
 * is streamed.
 */
async function toRequest(
  req: IncomingMessage,
  origin: string,
  signal: AbortSignal,
  maxBody: number,
  arrivedMs: number,
): Promise<Request> {
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    headers.append(req.rawHeaders[i] as string, req.rawHeaders[i + 1] as string);
  }
  const method = req.method ?? "GET";
  const withBody = method !== "GET" && method !== "HEAD";
  const init: RequestInit & { duplex?: "half" } = { method, headers, signal };
  const declared = Number(req.headers["content-length"] ?? Number.NaN);
  const url = new URL(req.url ?? "/", origin);
  if (withBody && declared >= 0 && declared <= maxBody) {
    const body = await readDeclared(req);
    const request = new Request(url, init);
    markArrival(request, arrivedMs, body);
    return request;
  }
  if (withBody) {
    init.body = bodyOf(req);
    init.duplex = "half";
  }
  const request = new Request(url, init);
  markArrival(request, arrivedMs);
  return request;
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    headers[key] = value;
  });
  res.writeHead(response.status, headers);
  if (response.body === null) return void res.end();
  const reader = response.body.getReader();
  let next = reader.read();
  // When the body is not ready at once (the slow-body fault), the headers go out first.
  const later = Symbol();
  const first = await Promise.race([next, new Promise<symbol>((r) => setImmediate(r, later))]);
  if (first === later) res.flushHeaders();
  for (;;) {
    const { done, value } = await next;
    if (done) break;
    next = reader.read();
    if (!res.write(value)) await new Promise((r) => res.once("drain", r));
  }
  res.end();
}

/**
 * The answer to a request that cannot become a `Request` (a method fetch forbids, such as TRACE):
 * a webrpc error, as for any other bad request, unless the connection is already gone.
 */
function unreadable(req: IncomingMessage, res: ServerResponse): void {
  if (res.headersSent || res.destroyed) return void res.destroy();
  const method = req.method ?? "";
  const forbidden = /^(CONNECT|TRACE|TRACK)$/i.test(method);
  const body = forbidden
    ? errorBody({
        definition: WebrpcBadMethodError.definition,
        cause: `${method.slice(0, 20)} is not allowed; use POST`,
      })
    : errorBody({ definition: WebrpcBadRequestError.definition, cause: "unreadable request" });
  const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8" };
  if (forbidden) headers.allow = "POST";
  res.writeHead(forbidden ? 405 : 400, headers).end(body);
}

/**
 * Applies `limits` to `server`: Node's own cap refuses connections past `maxConnections`; below
 * it, a little headroom is kept by closing the longest-idle connections as new ones arrive (Node's
 * cap is checked before the server sees the connection, so it must not be the first to bite).
 */
function applyLimits(server: Server, limits: ConnectionLimits): IdleConnections {
  server.maxConnections = limits.maxConnections;
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  const headroom = Math.max(1, Math.ceil(limits.maxConnections / 50));
  const connections = new IdleConnections(Math.max(1, limits.maxConnections - headroom));
  server.on("connection", (socket: Socket) => connections.opened(socket));
  return connections;
}

/**
 * The error of a failed `listen`, saying what to do: a port in use names the port and the way out
 * (`--port 0` or `port: 0` picks a free one). Node's error is kept as the cause, its code copied.
 */
function listenError(e: Error & { code?: string }, port: number, host: string): Error {
  let message: string;
  if (e.code === "EADDRINUSE")
    message =
      `port ${port} on ${host} is already in use (EADDRINUSE): stop what listens there, or ` +
      "pick another port (--port N; --port 0 or startDevServer({ port: 0 }) picks a free one)";
  else if (e.code === "EACCES")
    message = `port ${port} on ${host} may not be opened by this user (EACCES): pick a port from 1024 on, or --port 0`;
  else if (e.code === "EADDRNOTAVAIL")
    message = `${host} is not an address of this machine (EADDRNOTAVAIL): use --host 127.0.0.1 or another local address`;
  else return e;
  return Object.assign(new Error(message, { cause: e }), { code: e.code });
}

/**
 * Fails as `listen` would when `host:port` cannot be opened, before anything else starts: a port
 * in use is named as such, not as the first chain port after it that the chains could not take.
 * Port 0 always opens.
 */
export async function checkPortFree(port: number, host: string): Promise<void> {
  if (port === 0) return;
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once("error", (e: Error & { code?: string }) => reject(listenError(e, port, host)));
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

/** Serves `handler` on `host:port` (`port: 0` picks a free port) within `limits`. */
export async function listen(
  handler: FetchHandler,
  port: number,
  host: string,
  maxBody: number,
  limits: ConnectionLimits,
): Promise<{ server: Server; url: string }> {
  let origin = "";
  // Timeouts are checked on this period (Node's default, 30 s, would let a 10 s one run to 40 s).
  const checkEvery = Math.min(1_000, limits.headersTimeoutMs);
  const arrivals = new LoopSlices(ARRIVALS_SLICE_MS);
  const answered = new WeakSet<Socket>();
  // Node loads its fetch classes on first use (about 80 ms): at start, not under the first request.
  void new Request("http://localhost/", { method: "POST", body: "{}" }).headers;
  const server = createServer({ connectionsCheckingInterval: checkEvery }, (req, res) => {
    connections.requestStarted(req.socket);
    const controller = new AbortController();
    res.on("close", () => {
      connections.requestEnded(req.socket);
      if (!res.writableFinished) controller.abort();
    });
    const socket = req.socket;
    res.on("finish", () => answered.add(socket));
    const arrivedMs = performance.now();
    arrivals
      .turn(answered.has(socket))
      .then(() => toRequest(req, origin, controller.signal, maxBody, arrivedMs))
      .then(handler)
      .then(
        (response) => {
          // Answered before the body was read (an oversized body): close rather than leave the
          // rest of it to be read as the next request on a kept-alive connection.
          if (!req.complete) res.setHeader("connection", "close");
          return send(res, response).catch(() => res.destroy());
        },
        (e: unknown) => {
          if (isConnectionReset(e)) req.socket.destroy();
          else unreadable(req, res);
        },
      );
  });
  const connections = applyLimits(server, limits);
  await new Promise<void>((resolve, reject) => {
    server.once("error", (e) => reject(listenError(e, port, host)));
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  origin = `http://${shownHost}:${address.port}`;
  return { server, url: origin };
}
