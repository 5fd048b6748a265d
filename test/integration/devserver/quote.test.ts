import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateQuoteIntentResponse } from "../../../generated/validators.js";
import { stringifyJson } from "../../../src/codec/index.js";
import { checksumAddress, create2Address } from "../../../src/devserver/core/index.js";
import type { DevServer } from "../../../src/devserver/index.js";
import { deploymentFor } from "../../../src/devserver/market/service-contracts.js";
import {
  call,
  NATIVE,
  OWNER,
  quote,
  start,
  T0,
  USDC_ARB,
  USDC_BASE,
  usdcRequest,
  WETH_ARB,
  WETH_BASE,
} from "../../kit/devserver/helpers.js";

let srv: DevServer;
beforeAll(async () => {
  ({ srv } = await start());
});
afterAll(() => srv.close());

describe("QuoteIntent amounts", () => {
  it("quotes EXACT_INPUT with fees that add up, slippage and a 5-minute expiry", async () => {
    const { intent, gasFeeOptions } = await quote(
      srv,
      usdcRequest({ options: { slippageTolerance: 0.01 } }),
    );
    const q = intent.quote;
    const f = intent.fees;
    expect(q.fromAmount).toBe(250_000_000n);
    expect(q.fromAmountMin).toBe(250_000_000n);
    expect(f.totalFeeAmount).toBe(
      f.providerFeeTotal + f.serviceFeeTotal + f.gasFeeTotal + f.collectorFeeTotal,
    );
    expect(f.serviceFeeTotal).toBe((250_000_000n * 10n) / 10_000n);
    expect(q.toAmount).toBeLessThan(250_000_000n - f.totalFeeAmount + 1n);
    expect(q.toAmount).toBeGreaterThan(249_000_000n - f.totalFeeAmount);
    expect(q.toAmountMin).toBe((q.toAmount * 990_000n) / 1_000_000n);
    expect(q.maxSlippage).toBe(0.01);
    expect(intent.expiresAt).toBe(new Date(T0 + 5 * 60_000).toISOString());
    expect(intent.status).toBe("QUOTED");
    expect(intent.depositTransaction.amount).toBe(q.fromAmount);
    expect(gasFeeOptions.feeOptions.map((o) => o.tokenSymbol)).toEqual(["ETH", "USDC"]);
    expect(f.totalFeeUsd).toBeCloseTo(Number(f.totalFeeAmount) / 1e6, 6);
  });

  it("quotes EXACT_OUTPUT: the destination amount is exact, the origin amount covers it", async () => {
    const req = usdcRequest({
      tradeType: "EXACT_OUTPUT",
      originTokenAmount: undefined,
      destinationTokenAmount: 100_000_000n,
    });
    delete req.originTokenAmount;
    const { intent } = await quote(srv, req);
    expect(intent.quote.toAmount).toBe(100_000_000n);
    expect(intent.quote.toAmountMin).toBe(100_000_000n);
    expect(intent.quote.fromAmount).toBeGreaterThan(intent.quote.fromAmountMin);
    const back = await quote(srv, usdcRequest({ originTokenAmount: intent.quote.fromAmountMin }));
    expect(back.intent.quote.toAmount).toBeGreaterThanOrEqual(100_000_000n);
  });

  it("converts between tokens of different decimals through USD prices", async () => {
    const { intent } = await quote(
      srv,
      usdcRequest({
        originTokenAddress: WETH_ARB,
        destinationTokenAddress: USDC_BASE,
        originTokenAmount: 10n ** 18n,
      }),
    );
    expect(intent.quote.toAmount).toBeGreaterThan(2_980_000_000n);
    expect(intent.quote.toAmount).toBeLessThan(3_000_000_000n);
    expect(intent.quote.priceImpact).toBeGreaterThan(0);
    expect(intent.quote.priceImpactDetails.executionPriceImpact.priceImpact).toBeGreaterThan(0);
  });

  it("is deterministic: the same seed and the same calls give the same quotes", async () => {
    const run = async () => {
      const { srv: s, clock } = await start({ accessKeys: [{ key: "k" }] });
      const texts: string[] = [];
      for (const amount of [10_000_000n, 10_000_000n, 20_000_000n]) {
        texts.push(
          (await call(s, "QuoteIntent", usdcRequest({ originTokenAmount: amount }), { key: "k" }))
            .text,
        );
        clock.advance(1);
      }
      await s.close();
      return texts;
    };
    const [a, b] = [await run(), await run()];
    expect(b).toEqual(a);
    expect(new Set(a).size).toBe(3);
  });

  it("issues a new quote for each QuoteIntent, even the same request at the same millisecond", async () => {
    const { srv: s } = await start();
    const a = await quote(s);
    const b = await quote(s);
    expect(b.intent.intentId).not.toBe(a.intent.intentId);
    expect(b.intent.originIntentAddress).not.toBe(a.intent.originIntentAddress);
    expect(b.intent.salt).not.toBe(a.intent.salt);
    expect(b.intent.createdAt).toBe(a.intent.createdAt);
    // Executing the first leaves the second a fresh quote, QUOTED and committable on its own.
    expect((await call(s, "CommitIntent", { intent: a.intent })).status).toBe(200);
    const exec = await call(s, "ExecuteIntent", {
      intentId: a.intent.intentId,
      depositTransactionHash: `0x${"ab".repeat(32)}`,
    });
    expect(exec.status).toBe(200);
    const c = await quote(s);
    expect(c.intent.status).toBe("QUOTED");
    expect(c.intent.intentId).not.toBe(a.intent.intentId);
    const got = await call(s, "GetIntent", { intentId: a.intent.intentId });
    expect(got.body.intent.status).toBe("EXECUTING");
    expect((await call(s, "CommitIntent", { intent: b.intent })).status).toBe(200);
    await s.close();
  });

  it("refuses a price impact past the route's liquidity bound", async () => {
    const a = await call(
      srv,
      "QuoteIntent",
      usdcRequest({ originTokenAmount: 5_000_000n * 10n ** 6n }),
    );
    expect(a.status).toBe(422);
    expect(a.body).toMatchObject({ error: "HighPriceImpact", code: 7002 });
    const small = await quote(srv, usdcRequest({ originTokenAmount: 10_000n * 10n ** 6n }));
    const large = await quote(srv, usdcRequest({ originTokenAmount: 500_000n * 10n ** 6n }));
    expect(large.intent.quote.priceImpactDetails.executionPriceImpact.priceImpact).toBeGreaterThan(
      small.intent.quote.priceImpactDetails.executionPriceImpact.priceImpact,
    );
  });

  it("answers an unknown chain with UnsupportedNetwork and an unknown token with InvalidArgument", async () => {
    const chain = await call(srv, "QuoteIntent", usdcRequest({ destinationChainId: 999 }));
    expect(chain.body).toMatchObject({ error: "UnsupportedNetwork", code: 8008, status: 422 });
    const token = await call(
      srv,
      "QuoteIntent",
      usdcRequest({ destinationTokenAddress: `0x${"12".repeat(20)}` }),
    );
    expect(token.body).toMatchObject({ error: "InvalidArgument" });
    expect(token.body.cause).toMatch(/^\/destinationTokenAddress: unknown token/);
    const zero = await call(srv, "QuoteIntent", usdcRequest({ originTokenAmount: 0n }));
    expect(zero.body.cause).toMatch(/^\/originTokenAmount: /);
    const both = await call(srv, "QuoteIntent", usdcRequest({ destinationTokenAmount: 5n }));
    expect(both.body.cause).toMatch(/^\/destinationTokenAmount: must be absent: EXACT_INPUT/);
  });
});

describe("QuoteIntent intent", () => {
  it("fills every field, passes the response validator, checksums every address", async () => {
    const a = await call(
      srv,
      "QuoteIntent",
      usdcRequest({ originTokenAddress: USDC_ARB.toLowerCase() }),
    );
    expect(validateQuoteIntentResponse(JSON.parse(a.text))).toBe(true);
    const i = a.body.intent;
    for (const key of [
      "destinationCalls",
      "destinationPrecondition",
      "destinationMetaTxn",
      "createdAt",
      "updatedAt",
      "timedRefundUnlockTimestamp",
      "id",
      "projectId",
    ]) {
      expect(i[key]).toBeDefined();
    }
    expect(i.fees.destinationGas).toBeDefined();
    expect(i.quoteRequest.originTokenAddress).toBe(USDC_ARB.toLowerCase());
    const addresses = a.text.match(/0x[0-9a-fA-F]{40}(?![0-9a-fA-F])/g) ?? [];
    const fields = [
      i.originIntentAddress,
      i.destinationIntentAddress,
      i.depositTransaction.tokenAddress,
      i.serviceContracts.serviceRouterAddress,
    ];
    for (const addr of fields) expect(addr).toBe(checksumAddress(addr));
    expect(addresses.length).toBeGreaterThan(10);
    expect(i.originCalls.calls[1].data).toMatch(/^0x095ea7b3/);
  });

  it("derives intent addresses with CREATE2 from the salt", async () => {
    const { intent } = await quote(srv);
    const d = deploymentFor("v1_5", {});
    expect(intent.originIntentAddress).toBe(
      create2Address(d.walletFactory, intent.salt, d.initCodeHash),
    );
    const factory = `0x${"ab".repeat(20)}`;
    const o = await quote(
      srv,
      usdcRequest({ options: { serviceAddressOverrides: { coreWalletFactoryAddress: factory } } }),
    );
    expect(o.intent.originIntentAddress).toBe(
      create2Address(checksumAddress(factory), o.intent.salt, d.initCodeHash),
    );
  });

  it("honours providers, fallbacks, preference and protocol", async () => {
    const cctp = await quote(srv, usdcRequest({ options: { bridgeProvider: "CCTP" } }));
    expect(cctp.intent.quote.routeProviders).toEqual(["CCTP"]);
    expect(cctp.passthrough?.eligible).toBe(true);
    const weth = usdcRequest({
      originTokenAddress: WETH_ARB,
      destinationTokenAddress: WETH_BASE,
      originTokenAmount: 10n ** 17n,
      options: { bridgeProvider: "CCTP" },
    });
    const refused = await call(srv, "QuoteIntent", weth);
    expect(refused.body.cause).toMatch(/^\/options\/bridgeProvider: CCTP does not serve/);
    const fell = await quote(srv, {
      ...weth,
      options: { bridgeProvider: "CCTP", bridgeProviderFallback: true },
    });
    expect(fell.intent.quote.routeProviders).toEqual(["RELAY"]);
    const cheap = await quote(srv, { ...weth, options: { preference: "CHEAPEST" } });
    expect(cheap.intent.quote.routeProviders).toEqual(["WETH"]);
    const v1 = await quote(srv, usdcRequest({ options: { intentProtocol: "v1" } }));
    expect(v1.intent.serviceVersion).toBe("v1");
    expect(v1.intent.serviceContracts.serviceRouterAddress).not.toBe(
      cctp.intent.serviceContracts.serviceRouterAddress,
    );
    const bad = await call(srv, "QuoteIntent", usdcRequest({ options: { intentProtocol: "v9" } }));
    expect(bad.body.cause).toMatch(/^\/options\/intentProtocol: /);
    const swap = await quote(
      srv,
      usdcRequest({
        destinationChainId: 42161,
        destinationTokenAddress: NATIVE,
        options: { swapProvider: "ZEROX" },
      }),
    );
    expect(swap.intent.quote.routeProviders).toEqual(["ZEROX"]);
  });

  it("restricts gas fee options to the native token with onlyNativeGasFee", async () => {
    const { gasFeeOptions } = await quote(srv, usdcRequest({ onlyNativeGasFee: true }));
    expect(gasFeeOptions.feeOptions.map((o) => o.tokenAddress)).toEqual([NATIVE]);
  });

  it("turns destination call data, value and approval into destination calls", async () => {
    const spender = `0x${"cd".repeat(20)}`;
    const { intent } = await quote(
      srv,
      usdcRequest({
        destinationCallData: "0xdeadbeef",
        destinationCallValue: 5n,
        destinationApproveAddress: spender,
        destinationToAddress: OWNER,
      }),
    );
    const calls = intent.destinationCalls?.calls ?? [];
    expect(calls[1]?.data).toMatch(new RegExp(`^0x095ea7b30{24}${"cd".repeat(20)}`));
    expect(calls[2]).toMatchObject({ to: checksumAddress(OWNER), data: "0xdeadbeef", value: 5n });
    const bad = await call(srv, "QuoteIntent", usdcRequest({ destinationCallData: "0xzz" }));
    expect(bad.body.cause).toMatch(/^\/destinationCallData: /);
    const lonely = await call(srv, "QuoteIntent", usdcRequest({ destinationCallValue: 1n }));
    expect(lonely.body.cause).toBe(
      "/destinationCallData: is required: destinationCallValue needs destinationCallData.",
    );
  });

  it("accepts every fund method and refuses an unknown one", async () => {
    for (const fundMethod of ["WALLET", "DIRECT_TRANSFER", "ONRAMP_MESH", "ONRAMP_MELD"]) {
      expect((await call(srv, "QuoteIntent", usdcRequest({ fundMethod }))).status).toBe(200);
    }
    const bad = await call(srv, "QuoteIntent", usdcRequest({ fundMethod: "CASH" }));
    expect(bad.body.cause).toMatch(/^\/fundMethod: /);
  });

  it("keeps the quoted intent for GetIntent", async () => {
    const { intent } = await quote(srv);
    const got = await call(srv, "GetIntent", { intentId: intent.intentId });
    expect(got.text).toBe(stringifyJson({ intent }, "GetIntentResponse"));
  });
});
