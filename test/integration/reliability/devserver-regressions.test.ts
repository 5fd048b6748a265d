/**
 * Dev server defects found by the hostile-request run, each pinned over loopback HTTP: a method
 * that fetch's `Request` refuses (TRACE) dropped the connection without an answer, and null in an
 * optional filter (webrpc's form of an absent value) crashed GetIntentHistory with a panic and
 * was searched for as the text "null" by SearchIntents; a body refused for its declared size
 * was left unread on a kept-alive connection, so the client's next request there was reset.
 */
import { Agent } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import { isErrorBody, OWNER } from "../../kit/devserver/helpers.js";
import { send } from "../../kit/reliability/raw-http.js";
import { SECRET } from "../../kit/reliability/secrets.js";
import { quoteRequestFor, recordingClient, startService } from "../../kit/reliability/service.js";

let srv: DevServer;
let port: number;
const agent = new Agent({ keepAlive: true });

beforeAll(async () => {
  srv = await startService();
  port = Number(new URL(srv.url).port);
  await recordingClient(srv.url).client.quoteIntent(quoteRequestFor(OWNER));
});
afterAll(async () => {
  agent.destroy();
  await srv.close();
});

const post = (op: string, body: string) =>
  send(agent, port, {
    method: "POST",
    path: `/rpc/Service/${op}`,
    headers: { "content-type": "application/json", "x-access-key": SECRET },
    body: Buffer.from(body),
  });

describe("dev server regressions", () => {
  it("after a 413 for a declared oversized body, the next request on a kept-alive agent is answered", async () => {
    const one = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const shot = (body: Buffer) =>
        send(one, port, {
          method: "POST",
          path: "/rpc/Service/Ping",
          headers: { "content-type": "application/json" },
          body,
        });
      const big = await shot(Buffer.alloc(2 * 1024 * 1024, 0x20));
      expect(big.status).toBe(413);
      expect(isErrorBody(big.text)).toBe(true);
      expect((await shot(Buffer.from("{}"))).status).toBe(200);
    } finally {
      one.destroy();
    }
  });

  it("TRACE gets a 405 webrpc error, and the connection stays usable", async () => {
    const a = await send(agent, port, { method: "TRACE", path: "/rpc/Service/Ping", headers: {} });
    expect(a.status).toBe(405);
    expect(isErrorBody(a.text)).toBe(true);
    expect(JSON.parse(a.text)).toMatchObject({ error: "WebrpcBadMethod", status: 405 });
    expect((await post("Ping", "{}")).status).toBe(200);
  });

  it("GetIntentHistory with null filters answers as without them, never a panic", async () => {
    const all = await post("GetIntentHistory", "{}");
    const nulls = await post(
      "GetIntentHistory",
      '{"byOwnerAddress":null,"byProjectId":null,"byStatus":null}',
    );
    expect(nulls.status).toBe(200);
    expect(JSON.parse(nulls.text).intents).toHaveLength(JSON.parse(all.text).intents.length);
    expect(JSON.parse(all.text).intents.length).toBeGreaterThan(0);
    expect(srv.stats().panics).toBe(0);
  });

  it("SearchIntents with only null filters is refused like one with none", async () => {
    const a = await post("SearchIntents", '{"byOwnerAddress":null,"byIntentId":null}');
    expect(a.status).toBe(400);
    expect(JSON.parse(a.text)).toMatchObject({ error: "InvalidArgument" });
  });
});
