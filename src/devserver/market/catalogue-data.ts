/**
 * The built-in catalogue: five chains with their native token, USDC, USDT and WETH (public
 * addresses, EIP-55 checksummed), fixed USD prices, gas prices and route liquidity.
 */
import { NATIVE_TOKEN } from "../../internal/native-token.js";
import type { Catalogue, ChainEntry, TokenEntry } from "./catalogue.js";

export { NATIVE_TOKEN };

const USDC_LOGO = "https://assets.xchain-intents.dev/tokens/usdc.svg";
const USDT_LOGO = "https://assets.xchain-intents.dev/tokens/usdt.svg";
const WETH_LOGO = "https://assets.xchain-intents.dev/tokens/weth.svg";
const ETH_LOGO = "https://assets.xchain-intents.dev/tokens/eth.svg";
const POL_LOGO = "https://assets.xchain-intents.dev/tokens/pol.svg";

const chains: ChainEntry[] = [
  {
    chainId: 1,
    name: "Ethereum",
    nativeSymbol: "ETH",
    gasPriceWei: 12_000_000_000n,
    liquidityUsd: "50000000",
  },
  {
    chainId: 8453,
    name: "Base",
    nativeSymbol: "ETH",
    gasPriceWei: 10_000_000n,
    liquidityUsd: "20000000",
  },
  {
    chainId: 42161,
    name: "Arbitrum One",
    nativeSymbol: "ETH",
    gasPriceWei: 20_000_000n,
    liquidityUsd: "20000000",
  },
  {
    chainId: 10,
    name: "OP Mainnet",
    nativeSymbol: "ETH",
    gasPriceWei: 5_000_000n,
    liquidityUsd: "10000000",
  },
  {
    chainId: 137,
    name: "Polygon PoS",
    nativeSymbol: "POL",
    gasPriceWei: 40_000_000_000n,
    liquidityUsd: "10000000",
  },
];

interface Row {
  chainId: number;
  usdc: string;
  usdt?: string;
  weth: string;
}

const rows: Row[] = [
  {
    chainId: 1,
    usdc: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
    usdt: "0xdAC17F958D2ee523a2206206994597C13D831ec7",
    weth: "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
  },
  {
    chainId: 8453,
    usdc: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
    weth: "0x4200000000000000000000000000000000000006",
  },
  {
    chainId: 42161,
    usdc: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831",
    usdt: "0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9",
    weth: "0x82aF49447D8a07e3bd95BD0d56f35241523fBab1",
  },
  {
    chainId: 10,
    usdc: "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
    usdt: "0x94b008aA00579c1307B0EF2c499aD98a8ce58e58",
    weth: "0x4200000000000000000000000000000000000006",
  },
  {
    chainId: 137,
    usdc: "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359",
    usdt: "0xc2132D05D31c914a87C6611C10748AEb04B58e8F",
    weth: "0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619",
  },
];

/** Featured order: USDC first, then the native token, then USDT; WETH is not featured. */
function tokensOf(row: Row): TokenEntry[] {
  const polygon = row.chainId === 137;
  const list: TokenEntry[] = [
    {
      chainId: row.chainId,
      address: NATIVE_TOKEN,
      name: polygon ? "POL" : "Ether",
      symbol: polygon ? "POL" : "ETH",
      decimals: 18,
      priceUsd: polygon ? "0.25" : "3000",
      supportsBridging: true,
      featured: true,
      featureIndex: 1,
      logoUri: polygon ? POL_LOGO : ETH_LOGO,
    },
    {
      chainId: row.chainId,
      address: row.usdc,
      name: "USD Coin",
      symbol: "USDC",
      decimals: 6,
      priceUsd: "1",
      supportsBridging: true,
      featured: true,
      featureIndex: 0,
      logoUri: USDC_LOGO,
      permit: true,
    },
  ];
  if (row.usdt !== undefined) {
    list.push({
      chainId: row.chainId,
      address: row.usdt,
      name: "Tether USD",
      symbol: "USDT",
      decimals: 6,
      priceUsd: "1",
      supportsBridging: false,
      featured: true,
      featureIndex: 2,
      logoUri: USDT_LOGO,
    });
  }
  list.push({
    chainId: row.chainId,
    address: row.weth,
    name: "Wrapped Ether",
    symbol: "WETH",
    decimals: 18,
    priceUsd: "3000",
    supportsBridging: true,
    featured: false,
    featureIndex: 0,
    logoUri: WETH_LOGO,
  });
  return list;
}

/**
 * A fresh copy of the built-in catalogue, to pass modified as the `catalogue` option.
 *
 * @example
 * const cat = defaultCatalogue();
 * cat.tokens.find((t) => t.symbol === "WETH" && t.chainId === 1)!.priceUsd = "2500";
 * await startDevServer({ catalogue: cat });
 */
export function defaultCatalogue(): Catalogue {
  return {
    chains: chains.map((c) => ({ ...c })),
    tokens: rows.flatMap(tokensOf),
  };
}
