/**
 * Messages that say what to fix: over loopback HTTP against the dev server (and a plain router
 * page), each error a newcomer meets first names the URL tried and the likely cause in its
 * `message`, with the access key never in it.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import { createClient, isServiceError, type ServiceError } from "../../../src/index.js";
import { startServer } from "../../kit/server.js";

const SECRET = "ak_hint_TOPSECRET_0a1b2c3d4e5f";
const WRONG = "ak_hint_WRONGKEY_9z8y7x6w5v";
let srv: DevServer;

beforeAll(async () => {
  srv = await startServer({ port: 0, accessKeys: [{ key: SECRET }] });
});
afterAll(() => srv.close());

async function failure(call: Promise<unknown>): Promise<ServiceError> {
  const e = await call.then(
    () => undefined,
    (x: unknown) => x,
  );
  if (!isServiceError(e)) throw new Error(`expected a ServiceError, got ${String(e)}`);
  for (const text of [e.message, String(e), JSON.stringify(e), inspect(e, { depth: 5 })]) {
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(WRONG);
  }
  return e;
}

describe("error messages carry the fix", () => {
  it("a baseUrl with an extra path: bad route naming the URL tried, the path and the URL to try", async () => {
    const client = createClient({ baseUrl: `${srv.url}/api`, accessKey: SECRET, retry: false });
    const e = await failure(client.getIntent({ intentId: "x" }));
    expect(e.name).toBe("WebrpcBadRouteError");
    expect(e.message).toBe(
      `bad route (HTTP 404) at POST ${srv.url}/api/rpc/Service/GetIntent: likely the path /api ` +
        "in baseUrl: the client adds /rpc/Service/GetIntent to baseUrl itself, so try baseUrl " +
        `${srv.url} unless the service lives under that path`,
    );
  });

  it("an access key the server does not know: names the server and where keys come from", async () => {
    const client = createClient({ baseUrl: srv.url, accessKey: WRONG, retry: false });
    const e = await failure(client.getIntent({ intentId: "x" }));
    expect(e.name).toBe("AccessKeyNotFoundError");
    expect(e.message).toBe(
      `Access key not found: ${srv.url} does not know the accessKey sent with GetIntent; pass ` +
        "the key this service issued for your project (the dev server prints its own when it " +
        "starts; serve --access-key KEY sets one)",
    );
  });

  it("no access key at all: Unauthorized says to pass one", async () => {
    const client = createClient({ baseUrl: srv.url, retry: false });
    const e = await failure(client.getIntent({ intentId: "x" }));
    expect(e.name).toBe("UnauthorizedError");
    expect(e.message).toContain(`no access key was sent to ${srv.url} with GetIntent`);
    expect(e.message).toContain("createClient({ accessKey })");
  });

  it("a refused connection: ECONNREFUSED, the URL tried and what to check", async () => {
    const gone = await startServer({ port: 0 });
    const url = gone.url;
    await gone.close();
    const client = createClient({ baseUrl: url, accessKey: SECRET, retry: false });
    const e = await failure(client.ping());
    expect(e.name).toBe("WebrpcRequestFailedError");
    expect(e.message).toBe(
      `Ping request to ${url}/rpc/Service/Ping failed: network error (ECONNREFUSED): connection ` +
        `refused: nothing accepts connections at ${new URL(url).host}; is the server running, ` +
        "and are the host and port of baseUrl right?",
    );
  });

  it("a router's 404 page: a bad response naming the URL tried", async () => {
    const router = createServer((_req, res) => res.writeHead(404).end("404 page not found"));
    await new Promise<void>((r) => router.listen(0, "127.0.0.1", r));
    const base = `http://127.0.0.1:${(router.address() as AddressInfo).port}`;
    try {
      const client = createClient({ baseUrl: base, accessKey: SECRET, retry: false });
      const e = await failure(client.ping());
      expect(e.name).toBe("WebrpcBadResponseError");
      expect(e.message).toMatch(
        new RegExp(
          `^bad response from Ping: HTTP 404, the body is not a webrpc error at POST ${base}/rpc/Service/Ping: likely a baseUrl missing the path`,
        ),
      );
    } finally {
      await new Promise((r) => router.close(r));
    }
  });

  it("a server without the operation: MethodNotFound names the URL, the server and the operation", async () => {
    // An older service, or another webrpc service at that URL: it routes the call, and knows no such method.
    const body = JSON.stringify({
      error: "MethodNotFound",
      code: 1003,
      msg: "method not found",
      status: 404,
    });
    const older = createServer((_req, res) =>
      res.writeHead(404, { "content-type": "application/json" }).end(body),
    );
    await new Promise<void>((r) => older.listen(0, "127.0.0.1", r));
    const base = `http://127.0.0.1:${(older.address() as AddressInfo).port}`;
    try {
      const client = createClient({
        baseUrl: `${base}/${SECRET}`,
        accessKey: SECRET,
        retry: false,
      });
      const e = await failure(client.getIntent({ intentId: "x" }));
      expect(e.name).toBe("MethodNotFoundError");
      expect(e.message).toBe(
        `method not found at POST ${base}/[redacted]/rpc/Service/GetIntent: ${base} has no GetIntent; ` +
          "check that baseUrl is this service, in a version that has it",
      );
    } finally {
      await new Promise((r) => older.close(r));
    }
  });

  it("the demo prints the message", async () => {
    const { runDemo } = await import("../../../src/demo/run.js");
    let err = "";
    const code = await runDemo(["--base-url", `${srv.url}/api`, "--access-key", SECRET], {
      stdout: { write: () => true },
      stderr: { write: (t: string) => (err += t) },
      env: {},
    });
    expect(code).toBe(1);
    expect(err).toContain(`at POST ${srv.url}/api/rpc/Service/`);
    expect(err).toContain(`so try baseUrl ${srv.url}`);
    expect(err).not.toContain(SECRET);
  });
});
