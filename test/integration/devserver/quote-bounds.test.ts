/**
 * The numbers a quote is bounded by: the gas fee formula (gas limit × gas price × native token
 * price), the slippage tolerance's range and the `maxPriceImpact` option.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import { call, quote, start, usdcRequest } from "../../kit/devserver/helpers.js";

let srv: DevServer;
beforeAll(async () => {
  ({ srv } = await start());
});
afterAll(() => srv.close());

/** Wei of ETH (3000 USD) in USDC base units (1 USD, 6 decimals), rounded up as fees are. */
const weiInUsdc = (wei: bigint) => (wei * 3000n * 10n ** 6n + 10n ** 18n - 1n) / 10n ** 18n;

describe("gas fees", () => {
  it("are gas limit × the chain's gas price, priced at the native token's USD price", async () => {
    const { intent, gasFeeOptions } = await quote(srv);
    const origin = intent.fees.originGas;
    const destination = intent.fees.destinationGas;
    if (destination === undefined) throw new Error("a cross-chain quote has destination gas");
    // Arbitrum One and Base of the built-in catalogue: 0.02 and 0.01 gwei, ETH at 3000 USD.
    expect([origin.gasPrice, destination.gasPrice]).toEqual([20_000_000n, 10_000_000n]);
    // An ERC-20 deposit on the origin (150k + 50k), a delivery on the destination.
    expect([origin.totalGasLimit, destination.totalGasLimit]).toEqual([200_000n, 100_000n]);
    for (const gas of [origin, destination]) {
      expect(gas.totalFeeAmount).toBe(gas.totalGasLimit * gas.gasPrice);
      expect(gas.metaTxnGasQuote).toBe(gas.totalFeeAmount.toString());
      expect(gas.nativeTokenPriceUsd).toBe(3000);
      expect(Number(gas.totalFeeUsd)).toBeCloseTo((Number(gas.totalFeeAmount) * 3000) / 1e18, 9);
    }
    const gasInUsdc = weiInUsdc(origin.totalFeeAmount) + weiInUsdc(destination.totalFeeAmount);
    expect(intent.fees.gasFeeTotal).toBe(gasInUsdc);
    expect(intent.fees.collectorFeeTotal).toBe(gasInUsdc / 10n);
    expect(gasFeeOptions.gasEstimate.nativeCost).toBe(
      (origin.totalFeeAmount + destination.totalFeeAmount).toString(),
    );
  });
});

describe("slippageTolerance", () => {
  it("takes a fraction from 0 to 0.5 and refuses anything outside", async () => {
    for (const slippageTolerance of [0, 0.5]) {
      const { intent } = await quote(srv, usdcRequest({ options: { slippageTolerance } }));
      expect(intent.quote.maxSlippage).toBe(slippageTolerance);
    }
    for (const slippageTolerance of [-0.001, 0.5001, 1, 50]) {
      const a = await call(srv, "QuoteIntent", usdcRequest({ options: { slippageTolerance } }));
      expect(a.status, String(slippageTolerance)).toBe(400);
      expect(a.body).toMatchObject({ error: "InvalidArgument", code: 2000 });
      expect(a.body.cause).toMatch(/^\/options\/slippageTolerance: must be [<>]= 0(\.5)?$/);
    }
  });
});

describe("maxPriceImpact", () => {
  it("moves the HighPriceImpact bound", async () => {
    const { srv: strict } = await start({ maxPriceImpact: 0.001 });
    // Arbitrum → Base routes have 20M USD of liquidity: 10k USDC moves the price 0.05 %, 50k 0.25 %.
    const small = usdcRequest({ originTokenAmount: 10_000n * 10n ** 6n });
    const large = usdcRequest({ originTokenAmount: 50_000n * 10n ** 6n });
    expect((await call(strict, "QuoteIntent", small)).status).toBe(200);
    const refused = await call(strict, "QuoteIntent", large);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ error: "HighPriceImpact", code: 7002 });
    expect(refused.body.cause).toMatch(/^price impact 0\.24\d*% exceeds the 0\.1% bound/);
    expect((await call(srv, "QuoteIntent", large)).status).toBe(200);
    await strict.close();
  });
});
