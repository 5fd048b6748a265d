/**
 * Versions on the wire: the dev server reads the client's schema version from the `Webrpc`
 * header and answers `ClientOutdated` (8009) to a client older than it accepts; a compatible
 * client, or a request without the header (older clients, other tools), is served.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operationTable, SCHEMA_VERSION } from "../../../generated/operations.js";
import { WEBRPC_HEADER } from "../../../src/client/version.js";
import { createDevHandler, type DevServer } from "../../../src/devserver/index.js";
import { ClientOutdatedError } from "../../../src/errors.js";
import { createClient, isServiceError } from "../../../src/index.js";
import { start } from "../../kit/devserver/helpers.js";

let newer: DevServer;
let same: DevServer;

/** The schema version after ours at the next breaking digit (the minor while the major is 0). */
const NEXT = (() => {
  const [major, minor] = SCHEMA_VERSION.slice(1).split(".").map(Number) as [number, number];
  return major === 0 ? `v0.${minor + 1}.0` : `v${major + 1}.0.0`;
})();

beforeAll(async () => {
  // A server whose schema has moved to the next breaking digit: it accepts NEXT and later.
  newer = (await start({ minClientVersion: NEXT })).srv;
  same = (await start()).srv;
});
afterAll(async () => {
  await newer.close();
  await same.close();
});

const post = (srv: DevServer, op: string, headers: Record<string, string> = {}) =>
  fetch(`${srv.url}/rpc/Service/${op}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-access-key": srv.accessKey, ...headers },
    body: "{}",
  });

describe("ClientOutdated from the Webrpc header", () => {
  it("is what every operation answers a client older than the server accepts", async () => {
    const ops = Object.keys(operationTable);
    expect(ops.length).toBeGreaterThan(10);
    for (const op of ops) {
      const res = await post(newer, op, { webrpc: WEBRPC_HEADER });
      expect(res.status, op).toBe(422);
      const body = (await res.json()) as { error: string; code: number; msg: string };
      expect(body.code, op).toBe(8009);
      expect(body.error).toBe("ClientOutdated");
      expect(body.msg).toBe(
        `Client is outdated: its schema ${SCHEMA_VERSION} is older than ${NEXT}, the oldest this ` +
          `server accepts (it serves ${SCHEMA_VERSION}); install xchain-intents@0.1.0 or later`,
      );
    }
  });

  it("reaches the typed client as ClientOutdatedError, saying what to install", async () => {
    const client = createClient({ baseUrl: newer.url, accessKey: newer.accessKey, retry: false });
    const calls = [
      () => client.ping({}),
      () => client.clock({}),
      () => client.getIntent({ intentId: "x" }),
      () => client.searchIntents({ byOwnerAddress: "0x2222222222222222222222222222222222222222" }),
    ];
    for (const call of calls) {
      const e = await call().then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(e).toBeInstanceOf(ClientOutdatedError);
      expect(isServiceError(e) && e.code).toBe(8009);
      expect((e as Error).message).toContain("install xchain-intents@0.1.0 or later)");
      expect((e as Error).message).toContain(
        `SDK xchain-intents 0.1.0, schema xchain-intents ${SCHEMA_VERSION}`,
      );
    }
  });

  it("is not answered to a compatible client", async () => {
    const client = createClient({ baseUrl: same.url, accessKey: same.accessKey, retry: false });
    await expect(client.ping({})).resolves.toHaveProperty("version");
    await expect(client.clock({})).resolves.toHaveProperty("serverTime");
  });

  it("is not answered without the header, or with one that names no version of this schema", async () => {
    const odd = [
      undefined,
      "",
      "garbage",
      "webrpc@v1;gen-go@v0.1;other-schema@v0.0.1",
      "webrpc@v1;xchain-intents@0.1.0;xchain-intents@not-a-version",
      `webrpc@v1;x@1;xchain-intents@v0.0.1${"x".repeat(2000)}`,
    ];
    for (const header of odd) {
      const res = await post(newer, "Ping", header === undefined ? {} : { webrpc: header });
      expect(res.status, String(header)).toBe(200);
    }
  });

  it("accepts a client at or past the minimum", async () => {
    for (const v of [NEXT, `${NEXT.slice(0, -1)}7`, "v99.0.0"]) {
      const res = await post(newer, "Ping", { webrpc: `webrpc@v1;gen@1;xchain-intents@${v}` });
      expect(res.status, v).toBe(200);
    }
  });

  it("defaults to the server's own breaking digit and refuses a malformed minimum", () => {
    expect(() => createDevHandler({ minClientVersion: "latest" })).toThrow(
      'minClientVersion must be a version such as v1.2.0, not "latest"',
    );
  });
});
