/**
 * The dev server's bounds, each at its edge with the clock injected: the request field caps, the
 * quote that must fit a CommitIntent body, the store's eviction order and `QuotaExceeded`, and
 * the count and byte bounds of SearchIntents and GetIntentHistory.
 */
import { afterEach, describe, expect, it } from "vitest";
import { stringifyJson } from "../../../src/codec/index.js";
import type { DevServer, StartOptions } from "../../../src/devserver/index.js";
import { call, OWNER, quote, start, usdcRequest } from "../../kit/devserver/helpers.js";

const HASH = `0x${"ab".repeat(32)}`;
const servers: DevServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
async function server(options: StartOptions = {}) {
  const started = await start(options);
  servers.push(started.srv);
  return started;
}
const hex = (bytes: number) => `0x${"ab".repeat(bytes)}`;
const ids = (body: { intents: { intentId: string }[] }) => body.intents.map((i) => i.intentId);

describe("request field caps", () => {
  it("accepts calldata up to maxCallDataBytes and names the field past it", async () => {
    const { srv } = await server({ maxCallDataBytes: 1000 });
    const ok = await quote(srv, usdcRequest({ destinationCallData: hex(1000) }));
    expect((await call(srv, "CommitIntent", { intent: ok.intent })).status).toBe(200);
    const over = await call(srv, "QuoteIntent", usdcRequest({ destinationCallData: hex(1001) }));
    expect(over.body).toMatchObject({ error: "InvalidArgument", code: 2000 });
    expect(over.body.cause).toBe(
      "/destinationCallData: is 1001 bytes of calldata; at most 1000 (maxCallDataBytes)",
    );
  });

  it("caps other strings, arrays and objects, naming the path", async () => {
    const { srv } = await server();
    const long = await call(srv, "GetIntent", { intentId: "x".repeat(4097) });
    expect(long.body.error).toBe("InvalidArgument");
    expect(long.body.cause).toBe("/intentId: must NOT have more than 4096 characters");
    const list = await call(srv, "QuoteIntent", { ...usdcRequest(), list: Array(1001).fill(0) });
    expect(list.body.cause).toMatch(/^\/list: has more than 1000 items/);
    // An unknown member is not the schema's to bound: the body limit bounds it.
    const memo = await call(srv, "QuoteIntent", { ...usdcRequest(), memo: "x".repeat(5000) });
    expect(memo.status).toBe(200);
    const sig = await call(srv, "ExecuteIntent", {
      intentId: "00000000-0000-4000-8000-000000000000",
      depositSignature: {
        intentSignature: `0x${"1".repeat(5000)}`,
        selectedGasFeeOption: {
          tokenAddress: OWNER,
          tokenSymbol: "USDC",
          tokenDecimals: 6,
          amount: 1n,
          amountUsd: 0,
          feeCollectorAddress: OWNER,
          is2612: false,
        },
        deadline: 1,
      },
    });
    expect(sig.body.cause).toBe(
      "/depositSignature/intentSignature: must NOT have more than 4096 characters",
    );
  });

  it("issues only quotes whose CommitIntent body fits the body limit", async () => {
    const { srv } = await server({ maxBodyBytes: 64 * 1024 });
    for (const bytes of [1_000, 8_000, 12_000, 16_000, 24_000, 30_000]) {
      const q = await call(srv, "QuoteIntent", usdcRequest({ destinationCallData: hex(bytes) }));
      if (q.status === 200) {
        const commit = await call(srv, "CommitIntent", { intent: q.body.intent });
        expect(commit.status, `calldata ${bytes}`).toBe(200);
      } else {
        expect(q.body.error).toBe("InvalidArgument");
        expect(q.body.cause).toMatch(
          /^\/destinationCallData: the quoted intent would take \d+ bytes/,
        );
      }
    }
    const small = await call(srv, "QuoteIntent", usdcRequest({ destinationCallData: hex(1_000) }));
    expect(small.status).toBe(200);
    const big = await call(srv, "QuoteIntent", usdcRequest({ destinationCallData: hex(30_000) }));
    expect(big.status).toBe(400);
  });
});

describe("the store's eviction order", () => {
  it("drops settled intents first, then quotes never committed; full of live intents it is QuotaExceeded", async () => {
    const { srv, clock } = await server({ maxIntents: 4, durations: { stageMs: 10 } });
    const q = async (n: number) =>
      (await quote(srv, usdcRequest({ originTokenAmount: BigInt(10_000_000 + n) }))).intent;
    const executed = await q(1);
    await call(srv, "CommitIntent", { intent: executed });
    await call(srv, "ExecuteIntent", { intentId: executed.intentId, depositTransactionHash: HASH });
    const pending = await q(2);
    const live = [await q(3), await q(4)];
    for (const intent of live)
      expect((await call(srv, "CommitIntent", { intent })).status).toBe(200);
    clock.advance(1_000); // the execution is final: settled
    const fifth = await q(5);
    const has = async (id: string) =>
      (await call(srv, "GetIntent", { intentId: id })).body.error === undefined;
    expect(await has(executed.intentId)).toBe(false);
    expect(await has(pending.intentId)).toBe(true);
    await q(6); // nothing settled: the oldest quote never committed goes
    expect(await has(pending.intentId)).toBe(false);
    expect(await has(fifth.intentId)).toBe(true);
    for (const intent of [fifth])
      expect((await call(srv, "CommitIntent", { intent })).status).toBe(200);
    const sixth = (await call(srv, "GetIntentHistory", {})).body.intents[0].intentId;
    const last = await call(srv, "CommitIntent", {
      intent: (await call(srv, "GetIntent", { intentId: sixth })).body.intent,
    });
    expect(last.status).toBe(200);
    // Four committed, live intents: no room.
    const full = await call(srv, "QuoteIntent", usdcRequest());
    expect(full.status).toBe(429);
    expect(full.body).toMatchObject({ error: "QuotaExceeded", code: 1200 });
    expect(full.body.cause).toMatch(/store is full of live intents/);
    clock.advance(10 * 60_000 + 1); // their execution windows close: settled
    expect((await call(srv, "QuoteIntent", usdcRequest())).status).toBe(200);
  });

  it("counts bytes: past maxStoreBytes the oldest quotes go, the newest stay", async () => {
    const { srv } = await server({ maxStoreBytes: 200_000 });
    const made: string[] = [];
    for (let i = 0; i < 40; i++)
      made.push(
        (await quote(srv, usdcRequest({ originTokenAmount: BigInt(1e7 + i) }))).intent.intentId,
      );
    const kept = ids((await call(srv, "GetIntentHistory", { page: { pageSize: 100 } })).body);
    expect(kept.length).toBeGreaterThan(5);
    expect(kept.length).toBeLessThan(40);
    expect(kept).toEqual(made.slice(-kept.length).reverse());
    const stats = srv.stats();
    expect(stats.stored.intents).toBe(kept.length);
    expect(stats.stored.bytes).toBeLessThanOrEqual(200_000);
    expect(stats.stored.bytes).toBeGreaterThan(200_000 / 2);
    expect(stats.evicted).toBe(40 - kept.length);
  });
});

describe("search and history bounds", () => {
  it("answers the newest maxSearchResults matches, with X-Total-Count of all", async () => {
    const { srv, clock } = await server({ maxSearchResults: 3 });
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      made.push(
        (await quote(srv, usdcRequest({ originTokenAmount: BigInt(1e7 + i) }))).intent.intentId,
      );
      clock.advance(1);
    }
    const a = await call(srv, "SearchIntents", { byOwnerAddress: OWNER });
    expect(ids(a.body)).toEqual(made.slice(2).reverse());
    expect(a.headers.get("x-total-count")).toBe("5");
  });

  it("stops a search at maxResponseBytes (one intent at least), and a history page with a nextPage", async () => {
    const { srv } = await server({ maxResponseBytes: 20_000 });
    const made: string[] = [];
    for (let i = 0; i < 6; i++)
      made.push(
        (await quote(srv, usdcRequest({ originTokenAmount: BigInt(1e7 + i) }))).intent.intentId,
      );
    const a = await call(srv, "SearchIntents", { byOwnerAddress: OWNER });
    expect(a.status).toBe(200);
    expect(a.text.length).toBeLessThanOrEqual(20_000);
    expect(ids(a.body).length).toBeGreaterThanOrEqual(1);
    expect(ids(a.body).length).toBeLessThan(6);
    expect(a.headers.get("x-total-count")).toBe("6");
    const seen: string[] = [];
    let page: unknown;
    for (let n = 0; n < 10; n++) {
      const h = await call(srv, "GetIntentHistory", { page: page ?? { pageSize: 100 } });
      expect(h.text.length).toBeLessThanOrEqual(20_000);
      seen.push(...ids(h.body));
      page = h.body.nextPage;
      if (page === undefined) break;
    }
    expect(seen).toEqual([...made].reverse());
    const one = await server({ maxResponseBytes: 10 });
    await quote(one.srv);
    const tiny = await call(one.srv, "SearchIntents", { byOwnerAddress: OWNER });
    expect(ids(tiny.body)).toHaveLength(1);
    expect(stringifyJson(tiny.body, "SearchIntentsResponse")).toBe(tiny.text);
  });

  it("looks at 2,000 records per history page: a rare match is reached through short pages", async () => {
    const { srv } = await server();
    const f = { via: "fetch" } as const; // no socket: the loop is busy for seconds
    const first = (await call(srv, "QuoteIntent", usdcRequest(), f)).body.intent;
    expect((await call(srv, "CommitIntent", { intent: first }, f)).status).toBe(200);
    for (let i = 0; i < 2_050; i++) {
      const q = await call(
        srv,
        "QuoteIntent",
        usdcRequest({ originTokenAmount: BigInt(2e7 + i) }),
        {
          via: "fetch",
        },
      );
      expect(q.status).toBe(200);
    }
    const one = await call(srv, "GetIntentHistory", { byStatus: "COMMITTED" }, f);
    expect(one.body.intents).toEqual([]);
    expect(one.body.nextPage).toMatchObject({ more: true, column: "id" });
    const two = await call(
      srv,
      "GetIntentHistory",
      {
        byStatus: "COMMITTED",
        page: one.body.nextPage,
      },
      f,
    );
    expect(ids(two.body)).toEqual([first.intentId]);
    expect(two.body.nextPage).toBeUndefined();
  }, 60_000);
});
