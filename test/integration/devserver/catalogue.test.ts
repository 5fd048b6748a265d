/**
 * The `catalogue` and `balances` options: the chains, tokens and holdings a server knows replace
 * the built-in ones.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  DEMO_OWNER,
  type DevServer,
  defaultCatalogue,
  NATIVE_TOKEN,
  type StartOptions,
} from "../../../src/devserver/index.js";
import {
  call,
  OWNER,
  quote,
  start,
  USDC_ARB,
  USDC_BASE,
  usdcRequest,
} from "../../kit/devserver/helpers.js";

let srv: DevServer | undefined;
afterEach(async () => {
  await srv?.close();
  srv = undefined;
});
async function server(options: StartOptions): Promise<DevServer> {
  ({ srv } = await start(options));
  return srv;
}

describe("catalogue", () => {
  it("quotes and lists only the chains and tokens it is given, at their prices", async () => {
    const base = defaultCatalogue();
    const eth = base.tokens.find((t) => t.chainId === 8453 && t.address === NATIVE_TOKEN);
    if (eth === undefined) throw new Error("no ETH on Base");
    const devnet = { chainId: 31337, name: "Devnet", nativeSymbol: "ETH" };
    const dev = "0x00000000000000000000000000000000000dE71c";
    const srv = await server({
      catalogue: {
        chains: [
          ...base.chains.filter((c) => c.chainId === 8453),
          { ...devnet, gasPriceWei: 1_000_000n, liquidityUsd: "1000000000" },
        ],
        tokens: [
          ...base.tokens.filter((t) => t.chainId === 8453),
          { ...eth, chainId: 31337 },
          {
            chainId: 31337,
            address: dev,
            name: "Dev",
            symbol: "DEV",
            decimals: 18,
            priceUsd: "2",
            supportsBridging: true,
            featured: false,
            featureIndex: 0,
          },
        ],
      },
    });
    const req = usdcRequest({
      originChainId: 8453,
      originTokenAddress: USDC_BASE,
      destinationChainId: 31337,
      destinationTokenAddress: dev,
      originTokenAmount: 100_000_000n,
    });
    const { intent } = await quote(srv, req);
    expect(intent.quote.toAmount).toBeGreaterThan(49n * 10n ** 18n);
    expect(intent.quote.toAmount).toBeLessThan(50n * 10n ** 18n);
    const listed = await call(srv, "GetExactInputRoutes", {
      originChainId: 8453,
      originTokenAddress: USDC_BASE,
      destinationChainId: 31337,
    });
    expect(listed.body.tokens.map((t: { symbol: string }) => t.symbol).sort()).toEqual([
      "DEV",
      "ETH",
    ]);
    const gone = await call(srv, "QuoteIntent", usdcRequest({ originTokenAddress: USDC_ARB }));
    expect(gone.body).toMatchObject({ error: "UnsupportedNetwork" });
    expect(gone.body.cause).toBe("/originChainId: chain 42161 is not supported");
  });
});

describe("balances", () => {
  it("replaces the demo table; addresses in any case; zero balances hold nothing", async () => {
    const srv = await server({
      balances: {
        [OWNER]: [
          { chainId: 8453, tokenAddress: USDC_BASE.toLowerCase(), amount: 5n },
          { chainId: 8453, tokenAddress: NATIVE_TOKEN, amount: 0n },
        ],
      },
    });
    const held = async (ownerAddress: string) =>
      (
        await call(srv, "GetExactOutputRoutes", {
          destinationChainId: 42161,
          destinationTokenAddress: USDC_ARB,
          ownerAddress,
        })
      ).body.tokens.map((t: { symbol: string; chainId: number }) => `${t.symbol}@${t.chainId}`);
    expect(await held(OWNER)).toEqual(["USDC@8453"]);
    expect(await held(DEMO_OWNER)).toEqual([]);
  });
});
