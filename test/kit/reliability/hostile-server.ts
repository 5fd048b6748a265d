/**
 * A loopback `node:http` server that answers whatever a test tells it to: any status, headers and
 * bytes (invalid UTF-8, cut JSON, bodies of any size streamed from one reused chunk), or a dropped
 * connection. Hostile bytes cannot come from the dev server, which always answers well.
 */
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One answer. */
export interface HostileAnswer {
  status?: number;
  headers?: Record<string, string>;
  /** The body, as text (UTF-8) or bytes. */
  body?: string | Uint8Array;
  /** A body of `bytes` bytes made of `chunk` repeated (memory stays at one chunk). */
  stream?: { chunk: Uint8Array; bytes: number; declareLength: boolean };
  /** Drop the connection instead of answering. */
  reset?: boolean;
}

export interface HostileServer {
  url: string;
  /** Answers every following request with `answer` (or what it returns for the request path). */
  serve(answer: HostileAnswer | ((path: string) => HostileAnswer)): void;
  /** Requests received so far. */
  readonly requests: number;
  /** Body bytes written so far (streamed answers stop when the client goes away). */
  readonly bytesWritten: number;
  close(): Promise<void>;
}

export async function startHostileServer(): Promise<HostileServer> {
  let answer: HostileAnswer | ((path: string) => HostileAnswer) = { status: 204 };
  let requests = 0;
  let bytesWritten = 0;

  const stream = async (res: ServerResponse, s: NonNullable<HostileAnswer["stream"]>) => {
    let left = s.bytes;
    let gone = false;
    res.once("close", () => {
      gone = true;
    });
    while (left > 0 && !gone) {
      const piece = left >= s.chunk.byteLength ? s.chunk : s.chunk.subarray(0, left);
      left -= piece.byteLength;
      bytesWritten += piece.byteLength;
      if (!res.write(piece)) {
        await new Promise<void>((r) => {
          const done = () => {
            res.off("drain", done);
            res.off("close", done);
            r();
          };
          res.on("drain", done);
          res.on("close", done);
        });
      }
    }
    if (!gone) res.end();
  };

  const server = createServer((req, res) => {
    requests += 1;
    req.resume();
    req.once("end", () => {
      const a = typeof answer === "function" ? answer(req.url ?? "/") : answer;
      if (a.reset) {
        req.socket.destroy();
        return;
      }
      const headers: Record<string, string> = { "content-type": "application/json", ...a.headers };
      if (a.stream) {
        if (a.stream.declareLength) headers["content-length"] = String(a.stream.bytes);
        res.writeHead(a.status ?? 200, headers);
        stream(res, a.stream).catch(() => res.destroy());
        return;
      }
      const body =
        typeof a.body === "string" ? Buffer.from(a.body, "utf8") : Buffer.from(a.body ?? []);
      headers["content-length"] = String(body.byteLength);
      res.writeHead(a.status ?? 200, headers);
      bytesWritten += body.byteLength;
      res.end(body);
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    serve: (a) => {
      answer = a;
    },
    get requests() {
      return requests;
    },
    get bytesWritten() {
      return bytesWritten;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
