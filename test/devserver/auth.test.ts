import { afterEach, describe, expect, it } from "vitest";
import type { DevServer } from "../../src/devserver/index.js";
import { call, start } from "./helpers.js";

let srv: DevServer | undefined;
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
});
