import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QuoteIntentRequestOptions } from "../../../generated/types.js";
import type { DevServer } from "../../../src/devserver/index.js";
import {
  call,
  NATIVE,
  quote,
  start,
  USDC_ARB,
  USDT_ETH,
  usdcRequest,
  WETH_ARB,
  WETH_BASE,
} from "../../kit/devserver/helpers.js";

let srv: DevServer;
beforeAll(async () => {
  ({ srv } = await start());
});
afterAll(() => srv.close());

const AMOUNT = 250_000_000n;
/** Arbitrum USDC into ETH on Base: cross-chain, and a swap (USDC into ETH). */
const swapRoute = (options: QuoteIntentRequestOptions) =>
  usdcRequest({ destinationTokenAddress: NATIVE, options });
/** Arbitrum USDC into USDC on Base: cross-chain, no swap. */
const bridgeRoute = (options: QuoteIntentRequestOptions) => usdcRequest({ options });
/** Arbitrum USDC into ETH on Arbitrum: one chain. */
const sameChain = (options: QuoteIntentRequestOptions) =>
  usdcRequest({ destinationChainId: 42161, destinationTokenAddress: NATIVE, options });

describe("swapProvider on a cross-chain route", () => {
  it("runs the swap leg with the named provider after the bridge; both fees apply", async () => {
    const { intent } = await quote(srv, swapRoute({ swapProvider: "SUSHI" }));
    const q = intent.quote;
    expect(q.routeProviders).toEqual(["RELAY", "SUSHI"]);
    expect(intent.fees.providerFeeTotal).toBe((AMOUNT * (8n + 30n)) / 10_000n);
    expect(q.routeProvidersRequestIds).toHaveLength(2);
    expect(new Set(q.routeProvidersRequestIds).size).toBe(2);
    expect(q.routeProvidersFeeUsd).toHaveLength(2);
    const [bridge = 0, swap = 0] = q.routeProvidersFeeUsd;
    expect(bridge + swap).toBeCloseTo(intent.fees.providerFeeUsd, 9);
    expect(swap / bridge).toBeCloseTo(30 / 8, 3);
  });

  it("lets the bridge swap by itself when swapProvider is AUTO, absent or the bridge", async () => {
    for (const options of [{}, { swapProvider: "AUTO" }]) {
      const { intent } = await quote(srv, swapRoute(options));
      expect(intent.quote.routeProviders).toEqual(["RELAY"]);
      expect(intent.fees.providerFeeTotal).toBe((AMOUNT * 8n) / 10_000n);
    }
    const same = await quote(srv, swapRoute({ bridgeProvider: "RELAY", swapProvider: "RELAY" }));
    expect(same.intent.quote.routeProviders).toEqual(["RELAY"]);
    expect(same.intent.fees.providerFeeTotal).toBe((AMOUNT * 8n) / 10_000n);
  });

  it("refuses it on a route with no swap, unless swapProviderFallback is set", async () => {
    const refused = await call(srv, "QuoteIntent", bridgeRoute({ swapProvider: "ZEROX" }));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: "InvalidArgument", code: 2000 });
    expect(refused.body.cause).toBe(
      "/options/swapProvider: ZEROX cannot apply: USDC on 42161 to USDC on 8453 has no swap leg (leave it AUTO, or set swapProviderFallback to ignore it)",
    );
    const ignored = await quote(
      srv,
      bridgeRoute({ swapProvider: "ZEROX", swapProviderFallback: true }),
    );
    expect(ignored.intent.quote.routeProviders).toEqual(["CCTP"]);
    const auto = await quote(srv, bridgeRoute({ swapProvider: "AUTO" }));
    expect(auto.intent.quote.routeProviders).toEqual(["CCTP"]);
  });
});

describe("bridgeProvider on a same-chain route", () => {
  it("is refused unless AUTO or bridgeProviderFallback; the swap provider still applies", async () => {
    const refused = await call(srv, "QuoteIntent", sameChain({ bridgeProvider: "CCTP" }));
    expect(refused.body.cause).toMatch(
      /^\/options\/bridgeProvider: CCTP cannot apply: the route stays on one chain/,
    );
    const ignored = await quote(
      srv,
      sameChain({ bridgeProvider: "CCTP", bridgeProviderFallback: true, swapProvider: "ZEROX" }),
    );
    expect(ignored.intent.quote.routeProviders).toEqual(["ZEROX"]);
    const auto = await quote(srv, sameChain({ bridgeProvider: "AUTO" }));
    expect(auto.intent.quote.routeProviders).toEqual(["RELAY"]);
  });
});

describe("preference", () => {
  it("FASTEST takes RELAY and adds 3 bps for priority", async () => {
    const { intent } = await quote(srv, bridgeRoute({ preference: "FASTEST" }));
    expect(intent.quote.routeProviders).toEqual(["RELAY"]);
    expect(intent.fees.providerFeeTotal).toBe((AMOUNT * (8n + 3n)) / 10_000n);
    const recommended = await quote(srv, bridgeRoute({}));
    expect(recommended.intent.quote.routeProviders).toEqual(["CCTP"]);
    expect(recommended.intent.fees.providerFeeTotal).toBe(0n);
  });

  it("TRUSTLESS takes the canonical bridge of the token, else RELAY", async () => {
    const trustless = async (extra: Parameters<typeof usdcRequest>[0]) =>
      (await quote(srv, usdcRequest({ ...extra, options: { preference: "TRUSTLESS" } }))).intent
        .quote.routeProviders;
    expect(await trustless({})).toEqual(["CCTP"]);
    const weth = { originTokenAddress: WETH_ARB, originTokenAmount: 10n ** 17n };
    expect(await trustless({ ...weth, destinationTokenAddress: WETH_BASE })).toEqual(["WETH"]);
    expect(
      await trustless({
        originTokenAddress: USDC_ARB,
        destinationChainId: 1,
        destinationTokenAddress: USDT_ETH,
      }),
    ).toEqual(["LZ_OFT"]);
    expect(await trustless({ destinationTokenAddress: NATIVE })).toEqual(["RELAY"]);
  });
});
