import { afterEach, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import { call, isErrorBody, quote, start, T0 } from "../../kit/devserver/helpers.js";

let srv: DevServer;
afterEach(() => srv.close());

const ping = (fault: string, via: "http" | "fetch" = "http") =>
  call(srv, "Clock", {}, { headers: { "x-dev-fault": fault }, via });

describe("fault injection", () => {
  it("is off unless enabled", async () => {
    ({ srv } = await start());
    expect((await ping("500")).status).toBe(200);
    expect(srv.stats().faults).toBe(0);
  });

  it("serves every 429 form", async () => {
    ({ srv } = await start({ faults: true }));
    const plain = await ping("429");
    expect(plain.status).toBe(429);
    expect(plain.body).toMatchObject({ error: "RateLimited", code: 1007 });
    expect(plain.headers.get("retry-after")).toBe("1");
    expect((await ping("429:7")).headers.get("retry-after")).toBe("7");
    expect(Date.parse((await ping("429-date")).headers.get("retry-after") ?? "")).toBe(T0 + 1000);
    const ms = await ping("429-ms");
    expect(ms.headers.get("retry-after-ms")).toBe("1000");
    expect(ms.headers.get("retry-after")).toBeNull();
    const none = await ping("429-none");
    expect(none.status).toBe(429);
    expect(none.headers.get("retry-after")).toBeNull();
    expect(srv.stats().faults).toBe(5);
  });

  it("serves 500, 503, an HTML 502, an empty and a truncated body", async () => {
    ({ srv } = await start({ faults: true }));
    const e500 = await ping("500");
    expect(e500.status).toBe(500);
    expect(e500.body).toMatchObject({ error: "WebrpcInternalError", code: -7 });
    const e503 = await ping("503");
    expect(e503.body).toMatchObject({ error: "ChainNodeHealth", code: 9001, status: 503 });
    const html = await ping("html-502");
    expect(html.status).toBe(502);
    expect(html.headers.get("content-type")).toMatch(/^text\/html/);
    expect(html.text).toMatch(/<html>/);
    const empty = await ping("empty");
    expect([empty.status, empty.text]).toEqual([200, ""]);
    const whole = await call(srv, "Clock", {});
    const cut = await ping("truncated");
    expect(cut.status).toBe(200);
    expect(cut.text).toBe(whole.text.slice(0, Math.floor(whole.text.length / 2)));
    expect(() => JSON.parse(cut.text)).toThrow();
    expect(await ping("bogus").then((a) => [a.status, isErrorBody(a.text)])).toEqual([400, true]);
  });

  it("delays headers or the body", async () => {
    ({ srv } = await start({ faults: true }));
    let t = Date.now();
    await ping("slow-headers:200");
    expect(Date.now() - t).toBeGreaterThanOrEqual(190);
    t = Date.now();
    const res = await fetch(`${srv.url}/rpc/Service/Clock`, {
      method: "POST",
      body: "{}",
      headers: {
        "content-type": "application/json",
        "x-access-key": srv.accessKey,
        "x-dev-fault": "slow-body:300",
      },
    });
    const headersAt = Date.now() - t;
    const text = await res.text();
    expect(headersAt).toBeLessThan(250);
    expect(Date.now() - t).toBeGreaterThanOrEqual(290);
    expect(JSON.parse(text).serverTime).toBeDefined();
  });

  it("resets the connection before processing: nothing happens", async () => {
    ({ srv } = await start({ faults: true }));
    const { intent } = await quote(srv);
    const commit = (fault: string, via: "http" | "fetch") =>
      call(srv, "CommitIntent", { intent }, { headers: { "x-dev-fault": fault }, via });
    await expect(commit("reset-before", "http")).rejects.toThrow(TypeError);
    await expect(commit("reset-before", "fetch")).rejects.toThrow(TypeError);
    expect(srv.stats().commits).toBe(0);
    expect((await call(srv, "GetIntent", { intentId: intent.intentId })).body.intent.status).toBe(
      "QUOTED",
    );
  });

  it("resets the connection after processing: the commit took effect, once", async () => {
    ({ srv } = await start({ faults: true }));
    const { intent } = await quote(srv);
    await expect(
      call(srv, "CommitIntent", { intent }, { headers: { "x-dev-fault": "reset-after" } }),
    ).rejects.toThrow(TypeError);
    expect(srv.stats().commits).toBe(1);
    expect((await call(srv, "GetIntent", { intentId: intent.intentId })).body.intent.status).toBe(
      "COMMITTED",
    );
    const again = await call(srv, "CommitIntent", { intent });
    expect(again.body.intentId).toBe(intent.intentId);
    expect(srv.stats().commits).toBe(1);
    await expect(
      call(srv, "Clock", {}, { headers: { "x-dev-fault": "reset-after" }, via: "fetch" }),
    ).rejects.toThrow(TypeError);
  });

  it("schedules faults per operation, from options and at run time", async () => {
    ({ srv } = await start({ faults: [{ operation: "CommitIntent", fault: "503", times: 2 }] }));
    const { intent } = await quote(srv);
    expect((await call(srv, "CommitIntent", { intent })).status).toBe(503);
    expect((await call(srv, "CommitIntent", { intent })).status).toBe(503);
    expect((await call(srv, "CommitIntent", { intent })).status).toBe(200);
    srv.injectFaults([{ fault: "429" }]);
    expect((await call(srv, "Clock", {})).status).toBe(429);
    expect((await call(srv, "Clock", {})).status).toBe(200);
    expect(srv.stats()).toMatchObject({
      faults: 3,
      commits: 1,
      faultsByKind: { "503": 2, "429": 1 },
    });
    expect(() => srv.injectFaults([{ fault: "nope" }])).toThrow();
  });
});
