import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCHEMA_VERSION } from "../../../generated/operations.js";
import { DEMO_OWNER, type DevServer, type ManualClock } from "../../../src/devserver/index.js";
import {
  call,
  executed,
  NATIVE,
  OWNER,
  quote,
  start,
  T0,
  USDC_BASE,
  USDC_ETH,
  USDT_ETH,
  usdcRequest,
} from "../../kit/devserver/helpers.js";

let srv: DevServer;
let clock: ManualClock;
beforeAll(async () => {
  ({ srv, clock } = await start({ accessKeys: [{ key: "one" }, { key: "seven", projectId: 7 }] }));
});
afterAll(() => srv.close());

describe("route listings", () => {
  it("lists origin tokens for an exact output in the documented order", async () => {
    const a = await call(srv, "GetExactOutputRoutes", {
      destinationChainId: 8453,
      destinationTokenAddress: USDC_BASE.toLowerCase(),
    });
    const tokens = a.body.tokens as {
      chainId: number;
      symbol: string;
      featured: boolean;
      featureIndex: number;
    }[];
    expect(tokens.length).toBeGreaterThan(10);
    expect(tokens.slice(0, 4).map((t) => `${t.symbol}@${t.chainId}`)).toEqual([
      "USDC@1",
      "USDC@10",
      "USDC@137",
      "USDC@42161",
    ]);
    const featured = tokens.filter((t) => t.featured);
    expect(tokens.slice(0, featured.length)).toEqual(featured);
    expect(featured.map((t) => t.featureIndex)).toEqual(
      [...featured.map((t) => t.featureIndex)].sort((x, y) => x - y),
    );
    expect(tokens.some((t) => t.symbol === "USDC" && t.chainId === 8453)).toBe(false);
  });

  it("applies the origin chain, origin token and owner filters; empty when nothing matches", async () => {
    const onEth = await call(srv, "GetExactOutputRoutes", {
      destinationChainId: 8453,
      destinationTokenAddress: USDC_BASE,
      originChainId: 1,
    });
    expect(onEth.body.tokens.every((t: { chainId: number }) => t.chainId === 1)).toBe(true);
    const one = await call(srv, "GetExactOutputRoutes", {
      destinationChainId: 8453,
      destinationTokenAddress: USDC_BASE,
      originTokenAddress: USDT_ETH.toLowerCase(),
    });
    expect(one.body.tokens.map((t: { address: string }) => t.address)).toEqual([USDT_ETH]);
    const held = await call(srv, "GetExactOutputRoutes", {
      destinationChainId: 8453,
      destinationTokenAddress: USDC_BASE,
      ownerAddress: DEMO_OWNER,
    });
    expect(
      held.body.tokens
        .map((t: { symbol: string; chainId: number }) => `${t.symbol}@${t.chainId}`)
        .sort(),
    ).toEqual(["ETH@42161", "ETH@8453", "USDC@42161", "USDT@1"]);
    const nobody = await call(srv, "GetExactOutputRoutes", {
      destinationChainId: 8453,
      destinationTokenAddress: USDC_BASE,
      ownerAddress: OWNER,
    });
    expect(nobody.body.tokens).toEqual([]);
    const unknown = await call(srv, "GetExactOutputRoutes", {
      destinationChainId: 8453,
      destinationTokenAddress: `0x${"77".repeat(20)}`,
    });
    expect(unknown.body.tokens).toEqual([]);
    const chain = await call(srv, "GetExactOutputRoutes", {
      destinationChainId: 5,
      destinationTokenAddress: USDC_BASE,
    });
    expect(chain.body.code).toBe(8008);
  });

  it("lists destination tokens for an exact input", async () => {
    const a = await call(srv, "GetExactInputRoutes", {
      originChainId: 1,
      originTokenAddress: USDT_ETH,
      destinationChainId: 8453,
    });
    expect(a.body.tokens.map((t: { symbol: string }) => t.symbol)).toEqual(["USDC", "ETH", "WETH"]);
    const same = await call(srv, "GetExactInputRoutes", {
      originChainId: 1,
      originTokenAddress: USDC_ETH,
      destinationTokenAddress: USDC_ETH,
    });
    expect(same.body.tokens).toEqual([]);
  });
});

describe("SearchIntents", () => {
  it("serves every filter, combined with AND, newest first", async () => {
    const a = await executed(srv, `0x${"a1".repeat(32)}`);
    clock.advance(1000);
    const b = await executed(
      srv,
      `0x${"b2".repeat(32)}`,
      usdcRequest({ originTokenAmount: 99_000_000n }),
    );
    const seven = await call(srv, "QuoteIntent", usdcRequest({ ownerAddress: DEMO_OWNER }), {
      key: "seven",
    });
    const other = seven.body.intent;
    const got = async (filter: Record<string, unknown>) =>
      ((await call(srv, "SearchIntents", filter)).body.intents as { intentId: string }[]).map(
        (i) => i.intentId,
      );
    const ia = (await call(srv, "GetIntent", { intentId: a })).body.intent;
    expect(await got({ byOwnerAddress: OWNER.toUpperCase().replace("0X", "0x") })).toEqual([b, a]);
    expect(await got({ byIntentId: a })).toEqual([a]);
    // Project 1's key sees its own project only: project 7's intent is not found by any filter.
    expect(await got({ byProjectId: 1 })).toEqual([b, a]);
    expect(await got({ byIntentId: other.intentId })).toEqual([]);
    expect(await got({ byOwnerAddress: DEMO_OWNER })).toEqual([]);
    const foreign = await call(srv, "SearchIntents", { byProjectId: 7 });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ error: "PermissionDenied", code: 1001 });
    expect(foreign.body.cause).toMatch(/^\/byProjectId: /);
    const asSeven = await call(srv, "SearchIntents", { byProjectId: 7 }, { key: "seven" });
    expect(asSeven.body.intents.map((i: { intentId: string }) => i.intentId)).toEqual([
      other.intentId,
    ]);
    expect(await got({ byDepositTransactionHash: `0x${"A1".repeat(32)}` })).toEqual([a]);
    expect(await got({ byOriginIntentAddress: ia.originIntentAddress.toLowerCase() })).toEqual([a]);
    expect(await got({ byDestinationIntentAddress: ia.destinationIntentAddress })).toEqual([a]);
    const receipt = (await call(srv, "GetIntentReceipt", { intentId: b })).body.intentReceipt;
    clock.advance(60_000);
    const r2 = (await call(srv, "GetIntentReceipt", { intentId: b })).body.intentReceipt;
    expect(await got({ byTransactionHash: r2.originTransaction.txnHash })).toEqual([b]);
    expect(receipt.intentId).toBe(b);
    expect(await got({ byQueryString: a.toUpperCase() })).toEqual([a]);
    expect(await got({ byOwnerAddress: OWNER, byProjectId: 1 })).toEqual([b, a]);
    expect(await got({ byOwnerAddress: OWNER, byIntentId: a })).toEqual([a]);
    expect(await got({ byOwnerAddress: `0x${"00".repeat(20)}` })).toEqual([]);
    const none = await call(srv, "SearchIntents", {});
    expect(none.body).toMatchObject({ error: "InvalidArgument", code: 2000 });
  });
});

describe("GetIntentHistory", () => {
  it("pages newest first with a cursor, bounded page size, and filters", async () => {
    const { srv: s, clock: c } = await start();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      ids.push(
        (await quote(s, usdcRequest({ originTokenAmount: BigInt(10_000_000 + i) }))).intent
          .intentId,
      );
      c.advance(1);
    }
    const seen: string[] = [];
    let page: unknown;
    for (let n = 0; n < 10; n++) {
      const r = await call(
        s,
        "GetIntentHistory",
        page === undefined ? { page: { pageSize: 3 } } : { page },
      );
      seen.push(...r.body.intents.map((i: { intentId: string }) => i.intentId));
      page = r.body.nextPage;
      if (page === undefined) break;
    }
    expect(seen).toEqual([...ids].reverse());
    const asc = await call(s, "GetIntentHistory", {
      page: { pageSize: 2, sort: [{ column: "createdAt", order: "ASC" }] },
    });
    expect(asc.body.intents.map((i: { intentId: string }) => i.intentId)).toEqual(ids.slice(0, 2));
    const big = await call(s, "GetIntentHistory", { page: { pageSize: 100_000 } });
    expect(big.body.intents).toHaveLength(7);
    const byStatus = await call(s, "GetIntentHistory", { byStatus: "COMMITTED" });
    expect(byStatus.body.intents).toEqual([]);
    const byOwner = await call(s, "GetIntentHistory", {
      byOwnerAddress: OWNER.toLowerCase(),
      page: { pageSize: 1 },
    });
    expect(byOwner.body.intents[0].receipt.intentId).toBe(ids[6]);
    expect(byOwner.body.nextPage).toMatchObject({ column: "id", more: true, pageSize: 1 });
    const badSort = await call(s, "GetIntentHistory", {
      page: { sort: [{ column: "amount", order: "ASC" }] },
    });
    expect(badSort.body.cause).toMatch(/^\/page\/sort\/0\/column: /);
    await s.close();
  });
});

describe("GetTokenPrices, Ping, Clock", () => {
  it("prices catalogue tokens and leaves unknown ones without a price", async () => {
    const a = await call(srv, "GetTokenPrices", {
      tokens: [
        { chainId: 1, tokenAddress: NATIVE },
        { chainId: 1, tokenAddress: USDC_ETH.toLowerCase() },
        { chainId: 1, tokenAddress: `0x${"55".repeat(20)}` },
      ],
    });
    const prices = a.body.tokenPrices;
    expect(prices[0].priceUsd).toBe(3000);
    expect(prices[1]).toMatchObject({
      priceUsd: 1,
      token: { tokenAddress: USDC_ETH, tokenSymbol: "USDC" },
    });
    expect(prices[2].priceUsd).toBeUndefined();
  });

  it("reports the version and the injected clock", async () => {
    expect((await call(srv, "Ping", {})).body.version).toBe(SCHEMA_VERSION);
    const now = clock.now();
    expect((await call(srv, "Clock", {})).body.serverTime).toBe(new Date(now).toISOString());
    expect(now).toBeGreaterThanOrEqual(T0);
  });
});
