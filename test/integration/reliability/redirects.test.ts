/**
 * Redirects never carry the access key anywhere. A front on 127.0.0.1 forwards to the dev server
 * and answers chosen requests with 301, 302, 303, 307 or 308 to a catcher on localhost (another
 * origin, same machine). The client must refuse each with a typed, non-retryable error naming the
 * status and the Location origin, and the catcher must receive nothing. A control shows that a
 * plain `fetch` following the same redirect does hand the key to the catcher.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import { RedirectRefusedError } from "../../../src/errors.js";
import {
  createClient,
  type IntentClient,
  isServiceError,
  type ServiceError,
} from "../../../src/index.js";
import { OWNER } from "../../kit/devserver/helpers.js";
import {
  type Catcher,
  type Front,
  startCatcher,
  startFront,
} from "../../kit/reliability/redirects.js";
import { leaks, SECRET } from "../../kit/reliability/secrets.js";
import { quoteRequestFor, recordingClient, startService } from "../../kit/reliability/service.js";

const STATUSES = [301, 302, 303, 307, 308] as const;

let srv: DevServer;
let front: Front;
let catcher: Catcher;

beforeAll(async () => {
  srv = await startService();
  front = await startFront(srv.url);
  catcher = await startCatcher();
});
afterAll(async () => {
  await front?.close();
  await catcher?.close();
  await srv?.close();
});
afterEach(() => {
  // Whatever a test did, the catcher never saw the key.
  for (const c of catcher.caught) expect(c.headers["x-access-key"]).toBeUndefined();
});

async function refused(call: Promise<unknown>): Promise<RedirectRefusedError> {
  const e = await call.then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(RedirectRefusedError);
  const error = e as RedirectRefusedError;
  expect(isServiceError(error, "RedirectRefused")).toBe(true);
  expect(error.isRetryable).toBe(false);
  expect(leaks(error)).toEqual([]);
  return error;
}

async function quoted(client: IntentClient) {
  return (await client.quoteIntent(quoteRequestFor(OWNER))).intent;
}

describe("a redirect to another origin (127.0.0.1 → localhost)", () => {
  it("the setup can see a leak: fetch following the redirect sends the key to the catcher", async () => {
    const before = catcher.caught.length;
    front.redirect({ operation: "Ping", status: 307, location: `${catcher.url}{path}` });
    const res = await fetch(`${front.url}/rpc/Service/Ping`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-access-key": "control-key" },
      body: "{}",
    });
    expect(res.status).toBe(200);
    const got = catcher.caught.slice(before);
    expect(got.map((c) => c.headers["x-access-key"])).toEqual(["control-key"]);
    // Only the control key reached it; forget it so the after-each check stays about SECRET.
    (catcher.caught as unknown[]).length = before;
  });

  for (const status of STATUSES) {
    for (const op of ["GetIntent", "CommitIntent"] as const) {
      it(`${status} on ${op} → RedirectRefusedError, not retried, nothing reaches the other origin`, async () => {
        const { client, retries } = recordingClient(front.url, { maxRetries: 3 });
        const intent = await quoted(client);
        const sentBefore = front.redirected[op] ?? 0;
        const processedBefore = srv.stats().requests[op] ?? 0;
        front.redirect({ operation: op, status, location: `${catcher.url}{path}` });
        const call =
          op === "GetIntent"
            ? client.getIntent({ intentId: intent.intentId })
            : client.commitIntent({ intent });
        const e = await refused(call);
        expect(e.status).toBe(status);
        expect(e.locationOrigin).toBe(catcher.url);
        expect(e.operation).toBe(op);
        expect(e.message).toBe(
          `${op} answered HTTP ${status} to ${catcher.url} (another origin); redirects are not ` +
            `followed, so the access key is only sent to ${front.url}: set baseUrl to the ` +
            "service's own URL",
        );
        expect(retries).toEqual([]);
        expect((front.redirected[op] ?? 0) - sentBefore).toBe(1);
        expect((srv.stats().requests[op] ?? 0) - processedBefore).toBe(0);
        expect(catcher.caught).toEqual([]);
        if (op === "CommitIntent") {
          // Not ambiguous: no reconciling read was needed, and the intent did not move.
          const { intent: now } = await client.getIntent({ intentId: intent.intentId });
          expect(now.status).toBe("QUOTED");
        }
      });
    }
  }

  it("with a fetch given in the options (it receives a Request with redirect: manual)", async () => {
    const seen: RequestRedirect[] = [];
    const client = createClient({
      baseUrl: front.url,
      accessKey: SECRET,
      retry: { maxRetries: 3, baseDelayMs: 1 },
      fetch: (input) => {
        seen.push(input.redirect);
        return globalThis.fetch(input);
      },
    });
    for (const status of STATUSES) {
      front.redirect({ operation: "Ping", status, location: `${catcher.url}{path}` });
      const e = await refused(client.ping());
      expect([e.status, e.locationOrigin]).toEqual([status, catcher.url]);
    }
    expect(seen).toEqual(STATUSES.map(() => "manual"));
    expect(catcher.caught).toEqual([]);
  });

  it("a Location holding the key shows only its origin; the key appears nowhere", async () => {
    const client = createClient({ baseUrl: front.url, accessKey: SECRET, retry: false });
    front.redirect({
      operation: "Ping",
      status: 302,
      location: `${catcher.url}/steal?key=${SECRET}#${SECRET}`,
    });
    const e = await refused(client.ping());
    expect(e.locationOrigin).toBe(catcher.url);
    expect(JSON.stringify(e.toJSON())).not.toContain("steal");
  });
});

describe("a redirect within the same origin", () => {
  it("is refused too (the interface has no redirects), and says it is the same origin", async () => {
    const { client, retries } = recordingClient(front.url, { maxRetries: 3 });
    const pings = srv.stats().requests.Ping ?? 0;
    for (const status of STATUSES) {
      front.redirect({ operation: "Ping", status, location: "/rpc/Service/Ping?moved=1" });
      const e: ServiceError = await refused(client.ping());
      expect(e.status).toBe(status);
      expect(e.message).toContain(`to ${front.url} (the same origin)`);
    }
    expect(retries).toEqual([]);
    expect((srv.stats().requests.Ping ?? 0) - pings).toBe(0);
  });
});
