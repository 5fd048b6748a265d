/**
 * A loopback HTTP proxy in front of the dev server that plays a hostile service: it rewrites the
 * intent in QuoteIntent and GetIntent answers, may move the `Date` header or answer an executed
 * ExecuteIntent as refused, and sends CommitIntent
 * the intent as the dev server quoted it (so that the dev server accepts the commit). Everything
 * else passes through unchanged.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Intent } from "../../../generated/types.js";
import { parseJson, stringifyJson } from "../../../src/index.js";

/** What the proxy rewrites. */
export interface Rewrites {
  /** Rewrites the intent of each QuoteIntent answer. */
  quote?: (intent: Intent) => void;
  /** Rewrites the intent of each GetIntent answer. */
  get?: (intent: Intent) => void;
  /** Added to the `Date` header of every answer, in ms. */
  dateShiftMs?: number;
  /** ExecuteIntent is passed on (and takes effect), then answered as refused (`InvalidArgument`). */
  lieOnExecute?: boolean;
}

/** The webrpc error a lying ExecuteIntent answers with. */
const REFUSAL = JSON.stringify({
  error: "InvalidArgument",
  code: 2000,
  msg: "invalid deposit",
  cause: "",
  status: 400,
});

/** A running proxy: its base URL, and how to stop it. */
export interface RewritingProxy {
  url: string;
  close(): Promise<void>;
}

const REWRITTEN = ["QuoteIntent", "GetIntent", "CommitIntent"];

/** Starts a proxy to `target` (the dev server's base URL) on a loopback port. */
export async function rewritingProxy(target: string, rw: Rewrites): Promise<RewritingProxy> {
  const quoted = new Map<string, Intent>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      try {
        const op = (req.url ?? "").split("/").pop() ?? "";
        let body = Buffer.concat(chunks).toString();
        if (op === "CommitIntent") {
          const sent = parseJson(body, "CommitIntentRequest") as { intent: Intent };
          const original = quoted.get(sent.intent.intentId);
          if (original) body = stringifyJson({ intent: original }, "CommitIntentRequest");
        }
        const headers = new Headers();
        for (const [k, v] of Object.entries(req.headers))
          if (typeof v === "string" && k !== "host" && k !== "content-length") headers.set(k, v);
        const upstream = await fetch(new URL(req.url ?? "/", new URL(target).origin), {
          method: req.method ?? "POST",
          headers,
          ...(req.method === "GET" || req.method === "HEAD" ? {} : { body }),
        });
        let text = await upstream.text();
        if (op === "ExecuteIntent" && upstream.ok && rw.lieOnExecute) {
          res.writeHead(400, { "content-type": "application/json" }).end(REFUSAL);
          return;
        }
        if (upstream.ok && REWRITTEN.includes(op)) {
          const type = `${op}Response`;
          const answer = parseJson(text, type) as { intent?: Intent };
          if (op === "QuoteIntent" && answer.intent) {
            quoted.set(answer.intent.intentId, structuredClone(answer.intent));
            rw.quote?.(answer.intent);
          }
          if (op === "GetIntent" && answer.intent) rw.get?.(answer.intent);
          text = stringifyJson(answer, type);
        }
        const out: Record<string, string> = {};
        upstream.headers.forEach((v, k) => {
          if (k !== "content-length" && k !== "content-encoding" && k !== "transfer-encoding")
            out[k] = v;
        });
        const date = upstream.headers.get("date");
        if (date && rw.dateShiftMs)
          out.date = new Date(Date.parse(date) + rw.dateShiftMs).toUTCString();
        res.writeHead(upstream.status, out).end(text);
      } catch (e) {
        res.writeHead(502).end(String(e));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    // The dev server's own path under the proxy's origin.
    url: `http://127.0.0.1:${port}${new URL(target).pathname.replace(/\/$/, "")}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
