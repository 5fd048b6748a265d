/**
 * Requests the way a hostile client sends them: `node:http` over a keep-alive agent (any method,
 * path, header and body, streamed or declared), and raw bytes over a TCP socket for what no HTTP
 * client would write.
 */
import { type Agent, request } from "node:http";
import { connect, type Socket } from "node:net";

export interface Shot {
  method: string;
  path: string;
  headers: Record<string, string | string[]>;
  /** Sent with a Content-Length, or in chunks with none when `chunked`. */
  body?: Buffer;
  chunked?: boolean;
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** Sends `shot` to `port` on 127.0.0.1 through `agent`. */
export function send(
  agent: Agent,
  port: number,
  shot: Shot,
  sockets?: Set<Socket>,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = { ...shot.headers };
    if (shot.body !== undefined && !shot.chunked)
      headers["content-length"] = String(shot.body.byteLength);
    const req = request(
      { agent, host: "127.0.0.1", port, method: shot.method, path: shot.path, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("socket", (s) => sockets?.add(s));
    req.on("error", reject);
    req.setTimeout(15_000, () =>
      req.destroy(new Error(`no answer to ${shot.method} ${shot.path}`)),
    );
    if (shot.body !== undefined && shot.chunked) {
      const step = Math.max(1, Math.ceil(shot.body.byteLength / 4));
      for (let i = 0; i < shot.body.byteLength; i += step)
        req.write(shot.body.subarray(i, i + step));
      req.end();
    } else {
      req.end(shot.body);
    }
  });
}

/** What a raw exchange produced: the bytes received before the server closed or went quiet. */
export interface RawResult {
  received: string;
  closedByServer: boolean;
}

/**
 * Writes `parts` (with `gapMs` between them) to a fresh connection, optionally drops it at once
 * with a reset, and collects what comes back within `waitMs`.
 */
export function raw(
  port: number,
  parts: (string | Buffer)[],
  options: { gapMs?: number; waitMs?: number; resetAfter?: boolean } = {},
): Promise<RawResult> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    let closedByServer = false;
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ received: Buffer.concat(chunks).toString("latin1"), closedByServer });
    };
    const timer = setTimeout(finish, options.waitMs ?? 1_000);
    socket.on("data", (c) => chunks.push(c));
    socket.on("end", () => {
      closedByServer = true;
      finish();
    });
    socket.on("close", finish);
    socket.on("error", finish);
    socket.on("connect", async () => {
      for (const p of parts) {
        if (socket.destroyed) return;
        socket.write(p);
        if (options.gapMs) await new Promise((r) => setTimeout(r, options.gapMs));
      }
      if (options.resetAfter) {
        socket.resetAndDestroy();
        finish();
      }
    });
  });
}

/** The status codes of every HTTP response found in `text` (pipelined answers included). */
export function statusesIn(text: string): number[] {
  return [...text.matchAll(/HTTP\/1\.[01] (\d{3})/g)].map((m) => Number(m[1]));
}
