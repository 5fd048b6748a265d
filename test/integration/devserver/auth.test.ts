import { afterEach, describe, expect, it } from "vitest";
import type { DevServer, ManualClock } from "../../../src/devserver/index.js";
import { call, start } from "../../kit/devserver/helpers.js";

let srv: DevServer | undefined;
let clock: ManualClock;
afterEach(async () => {
  await srv?.close();
  srv = undefined;
});

describe("access keys", () => {
  it("lets Ping through without a key and requires one elsewhere", async () => {
    ({ srv } = await start());
    expect((await call(srv, "Ping", {}, { key: null })).status).toBe(200);
    const missing = await call(srv, "Clock", {}, { key: null });
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ error: "Unauthorized", code: 1000, status: 401 });
  });

  it("answers an unknown key with AccessKeyNotFound", async () => {
    ({ srv } = await start());
    const a = await call(srv, "Clock", {}, { key: "dev_unknown" });
    expect(a.status).toBe(401);
    expect(a.body).toMatchObject({ error: "AccessKeyNotFound", code: 1101 });
    expect(a.text).not.toContain("dev_unknown");
  });

  it("refuses a key restricted to origins from another origin", async () => {
    ({ srv } = await start({ accessKeys: [{ key: "k1", origins: ["https://good.example"] }] }));
    const good = await call(
      srv,
      "Clock",
      {},
      { key: "k1", headers: { origin: "https://good.example" } },
    );
    expect(good.status).toBe(200);
    const bad = await call(
      srv,
      "Clock",
      {},
      { key: "k1", headers: { origin: "https://evil.example" } },
    );
    expect(bad.status).toBe(403);
    expect(bad.body).toMatchObject({ error: "InvalidOrigin", code: 1103 });
    expect(bad.headers.get("access-control-allow-origin")).toBe("https://evil.example");
  });

  it("accepts a key restricted to origins from a request with no Origin (server to server)", async () => {
    ({ srv } = await start({ accessKeys: [{ key: "k1", origins: ["https://good.example"] }] }));
    const direct = await call(srv, "Clock", {}, { key: "k1" });
    expect(direct.status).toBe(200);
    const foreign = await call(srv, "Clock", {}, { key: "k1", headers: { origin: "null" } });
    expect(foreign.body).toMatchObject({ error: "InvalidOrigin", code: 1103 });
  });

  it("generates a dev key by default and accepts several keys", async () => {
    ({ srv } = await start());
    expect(srv.accessKey).toMatch(/^dev_[0-9a-f]{32}$/);
    await srv.close();
    ({ srv } = await start({ accessKeys: [{ key: "a" }, { key: "b", projectId: 7 }] }));
    expect((await call(srv, "Clock", {}, { key: "b" })).status).toBe(200);
    expect(srv.accessKey).toBe("a");
  });
});

describe("rate limit", () => {
  it("answers RateLimited with Retry-After once the bucket is empty, per key", async () => {
    ({ srv } = await start({
      accessKeys: [{ key: "a" }, { key: "b" }],
      rateLimit: { capacity: 3, refillPerSecond: 0.5 },
    }));
    for (let i = 0; i < 3; i++)
      expect((await call(srv, "Clock", {}, { key: "a" })).status).toBe(200);
    const limited = await call(srv, "Clock", {}, { key: "a" });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error: "RateLimited", code: 1007, status: 429 });
    expect(Number(limited.headers.get("retry-after"))).toBe(2);
    expect((await call(srv, "Clock", {}, { key: "b" })).status).toBe(200);
    expect(srv.stats().rateLimited).toBe(1);
  });

  it('with clock: "server", runs on the injected clock: refilled as it moves, capped', async () => {
    ({ srv, clock } = await start({
      rateLimit: { capacity: 2, refillPerSecond: 1, clock: "server" },
    }));
    const status = async () => (await call(srv as DevServer, "Clock", {})).status;
    expect([await status(), await status()]).toEqual([200, 200]);
    const limited = await call(srv, "Clock", {});
    expect(limited.body).toMatchObject({ error: "RateLimited", code: 1007 });
    expect(limited.headers.get("retry-after")).toBe("1");
    clock.advance(1000);
    expect([await status(), await status()]).toEqual([200, 429]);
    clock.advance(60 * 60_000);
    expect([await status(), await status(), await status()]).toEqual([200, 200, 429]);
    expect(srv.stats().rateLimited).toBe(3);
  });
});
