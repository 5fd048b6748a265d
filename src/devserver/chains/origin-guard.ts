/**
 * The browser's door to a chain the dev server starts: a small HTTP relay on loopback in front of
 * anvil that answers only the browser origins the dev server itself answers (`corsOrigins`), or
 * loopback origins when none are given. anvil's own `--allow-origin` takes one exact origin (no
 * list, no port wildcard), so it runs with `--no-cors` behind this relay: a page on another origin
 * gets a 403 without anvil hearing of it (a preflight included), and reading anvil's own port
 * gives it no CORS header at all. Requests without an `Origin` (Node, viem on a server, curl) pass,
 * as they do at the dev server.
 */
import { Agent, createServer, type IncomingHttpHeaders, request } from "node:http";
import type { AddressInfo } from "node:net";

/** A running relay. */
export interface OriginGuard {
  /** Its URL, `http://127.0.0.1:<port>`: the chain's RPC URL as users see it. */
  readonly url: string;
  /** Stops it (open connections dropped). */
  close(): Promise<void>;
}

const LOOPBACK_HOST = /^(localhost|[a-z0-9-]+\.localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])$/;

/**
 * The origin rule of the chains: exactly the given origins when there are any (the dev server's
 * `corsOrigins`), else any loopback origin (`http(s)://localhost`, `127.x.x.x`, `[::1]`, any port).
 */
export function chainOriginRule(
  corsOrigins: readonly string[] | undefined,
): (o: string) => boolean {
  if (corsOrigins !== undefined && corsOrigins.length > 0) return (o) => corsOrigins.includes(o);
  return (o) => {
    const m = /^https?:\/\/([^/:]+|\[[^\]]+\])(:\d{1,5})?$/.exec(o);
    return m !== null && LOOPBACK_HOST.test((m[1] as string).toLowerCase());
  };
}

/** Headers not passed on: those of this hop, and the origin (anvil answers no origin itself). */
const HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "origin", "host"]);

/** `headers` without this hop's, and without any CORS header (this relay alone says those). */
function forwarded(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  for (const [k, v] of Object.entries(headers))
    if (!HOP.has(k) && !k.startsWith("access-control-")) out[k] = v;
  return out;
}

/** Starts a relay on `127.0.0.1:port` (0: a free one) to `target`, answering origins `allowed`. */
export async function guardOrigins(
  target: string,
  port: number,
  allowed: (origin: string) => boolean,
): Promise<OriginGuard> {
  const to = new URL(target);
  const agent = new Agent({ keepAlive: true });
  const server = createServer((req, res) => {
    const origin = req.headers.origin;
    const cors: Record<string, string> =
      origin === undefined ? {} : { "access-control-allow-origin": origin, vary: "Origin" };
    if (origin !== undefined && !allowed(origin)) {
      req.resume();
      // Plain text: the browser shows the page nothing (no CORS header); a person reading the
      // network panel, or a script sending an Origin by hand, reads why.
      res.writeHead(403, { "content-type": "text/plain; charset=utf-8", vary: "Origin" });
      res.end(
        `the origin ${origin.slice(0, 200)} may not use this chain: the dev server's chains answer the origins given with --cors-origin, or loopback origins when none is given\n`,
      );
      return;
    }
    if (req.method === "OPTIONS") {
      req.resume();
      res.writeHead(204, {
        ...cors,
        "access-control-allow-methods": "GET, POST",
        "access-control-allow-headers":
          req.headers["access-control-request-headers"] ?? "content-type",
        "access-control-max-age": "600",
      });
      res.end();
      return;
    }
    const upstream = request(
      {
        host: to.hostname,
        port: to.port,
        method: req.method,
        path: req.url,
        headers: forwarded(req.headers),
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...forwarded(answer.headers), ...cors });
        answer.pipe(res);
        answer.on("error", () => res.destroy());
      },
    );
    upstream.on("error", () => {
      if (res.headersSent) res.destroy();
      else {
        res.writeHead(502, cors);
        res.end();
      }
    });
    req.on("error", () => upstream.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ port, host: "127.0.0.1", exclusive: true }, () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}
