/**
 * Two loopback servers for redirect tests. A *catcher* listens on `localhost` (another origin
 * than `127.0.0.1`, though the same machine) and records every request that reaches it, with its
 * headers: a client that follows a redirect there shows up in its log. A *front* listens on
 * `127.0.0.1`, forwards every request to a service (the dev server), and answers the requests of
 * a chosen operation with a redirect instead, pointing wherever the test says; or forwards them
 * rewritten (another operation, another body), as a proxy that mixes up requests would.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A request the catcher received. */
export interface Caught {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

/** A server on `localhost` that answers 200 `{}` and records every request. */
export interface Catcher {
  /** `http://localhost:<port>`. */
  url: string;
  readonly caught: readonly Caught[];
  close(): Promise<void>;
}

export async function startCatcher(): Promise<Catcher> {
  const caught: Caught[] = [];
  const server = createServer((req, res) => {
    caught.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers });
    req.resume();
    req.once("end", () => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{}");
    });
  });
  const port = await listen(server, "localhost");
  return { url: `http://localhost:${port}`, caught, close: () => shut(server) };
}

/** A scheduled redirect: the next `times` requests to `operation` get it. */
export interface RedirectRule {
  operation: string;
  status: number;
  /** The `Location` header; `{path}` is replaced by the request's path. */
  location: string;
  times?: number;
}

/** A scheduled rewrite: the next `times` requests to `operation` are forwarded as `to`. */
export interface RewriteRule {
  operation: string;
  /** The operation and body forwarded instead, from the request's body. */
  to: (body: string) => { operation: string; body: string };
  times?: number;
}

/** A forwarding server on `127.0.0.1` that answers scheduled requests with redirects. */
export interface Front {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** Schedules redirects. */
  redirect(rule: RedirectRule): void;
  /** Schedules rewrites. */
  rewrite(rule: RewriteRule): void;
  /** Requests answered with a redirect, per operation. */
  readonly redirected: Record<string, number>;
  close(): Promise<void>;
}

/** A front for the service at `target` (its base URL). */
export async function startFront(target: string): Promise<Front> {
  const rules: Required<RedirectRule>[] = [];
  const rewrites: Required<RewriteRule>[] = [];
  const redirected: Record<string, number> = {};
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.once("end", () => {
      const path = req.url ?? "/";
      const operation = path.split("/").pop() ?? "";
      const rule = rules.find((r) => r.operation === operation && r.times > 0);
      if (rule) {
        rule.times -= 1;
        redirected[operation] = (redirected[operation] ?? 0) + 1;
        res.writeHead(rule.status, {
          location: rule.location.replace("{path}", path),
          "content-type": "text/html",
        });
        res.end(`<a href="${rule.location}">moved</a>`);
        return;
      }
      let sent = { path, body: Buffer.concat(chunks) };
      const rewrite = rewrites.find((r) => r.operation === operation && r.times > 0);
      if (rewrite) {
        rewrite.times -= 1;
        const to = rewrite.to(sent.body.toString("utf8"));
        sent = { path: `/rpc/Service/${to.operation}`, body: Buffer.from(to.body) };
      }
      forward(target, req.method ?? "POST", sent.path, req.headers, sent.body)
        .then(({ status, headers, body }) => {
          res.writeHead(status, headers);
          res.end(body);
        })
        .catch(() => res.destroy());
    });
  });
  const port = await listen(server, "127.0.0.1");
  return {
    url: `http://127.0.0.1:${port}`,
    redirect: (rule) => rules.push({ times: 1, ...rule }),
    rewrite: (rule) => rewrites.push({ times: 1, ...rule }),
    redirected,
    close: () => shut(server),
  };
}

const HOP_BY_HOP = new Set(["host", "connection", "content-length", "keep-alive"]);

async function forward(
  target: string,
  method: string,
  path: string,
  incoming: IncomingHttpHeaders,
  body: Buffer,
): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(incoming)) {
    if (typeof value === "string" && !HOP_BY_HOP.has(name)) headers[name] = value;
  }
  const init: RequestInit = { method, headers, redirect: "manual" };
  if (method !== "GET" && method !== "HEAD") init.body = new Uint8Array(body);
  const answer = await fetch(`${target}${path}`, init);
  const out: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name) && name !== "content-encoding") out[name] = value;
  });
  return { status: answer.status, headers: out, body: Buffer.from(await answer.arrayBuffer()) };
}

function listen(server: Server, host: string): Promise<number> {
  return new Promise((resolve) => {
    server.listen(0, host, () => resolve((server.address() as AddressInfo).port));
  });
}

function shut(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
