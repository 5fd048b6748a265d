/**
 * The catalogue the dev server quotes from: chains (gas price, liquidity of routes through them)
 * and tokens (decimals, USD price, bridging, featured order). Addresses are looked up in any
 * letter case and returned EIP-55 checksummed.
 */
import { addressKey, checksumAddress, parseDecimal } from "../core/index.js";

/** A chain of the catalogue. */
export interface ChainEntry {
  /** EVM chain id. */
  chainId: number;
  /** Display name. */
  name: string;
  /** Symbol of the native token (ETH, POL). */
  nativeSymbol: string;
  /** Gas price quoted on this chain, in wei. */
  gasPriceWei: bigint;
  /** Liquidity of routes touching this chain, in USD (decimal string): the price impact scale. */
  liquidityUsd: string;
}

/** A token of the catalogue. */
export interface TokenEntry {
  /** Chain of the token. */
  chainId: number;
  /** Contract address; the zero address for the native token. */
  address: string;
  /** Token name. */
  name: string;
  /** Token symbol. */
  symbol: string;
  /** Decimals of the base unit. */
  decimals: number;
  /** USD price of one whole token, as a decimal string (exact). */
  priceUsd: string;
  /** Whether the token can be bridged across chains. */
  supportsBridging: boolean;
  /** Whether the token is featured. */
  featured: boolean;
  /** Order among featured tokens. */
  featureIndex: number;
  /** URL of the token logo. */
  logoUri?: string;
  /** Whether the token supports EIP-2612 permits. */
  permit?: boolean;
}

/** Chains and tokens. */
export interface Catalogue {
  /** Every chain served. */
  chains: ChainEntry[];
  /** Every token served. */
  tokens: TokenEntry[];
}

/** A token with its derived, exact values. */
export interface Token extends TokenEntry {
  /** Checksummed address. */
  address: string;
  /** USD price × 10^8, exact. */
  priceE8: bigint;
  /** Whether this is the chain's native token. */
  native: boolean;
}

/** A chain with its derived, exact values. */
export interface Chain extends ChainEntry {
  /** Route liquidity in USD × 10^8. */
  liquidityE8: bigint;
  /** The native token. */
  nativeToken: Token;
}

/** Lookup tables over a catalogue. */
export interface CatalogueIndex {
  /** Chains by id. */
  readonly chains: ReadonlyMap<number, Chain>;
  /** Every token, in catalogue order. */
  readonly tokens: readonly Token[];
  /** The token at `address` on `chainId`, in any letter case. */
  token(chainId: number, address: string): Token | undefined;
}

const tokenKey = (chainId: number, address: string) => `${chainId}:${addressKey(address)}`;

/** Builds the lookup tables of `catalogue`; throws on a token without its chain's native token. */
export function indexCatalogue(catalogue: Catalogue): CatalogueIndex {
  const byKey = new Map<string, Token>();
  const tokens: Token[] = [];
  for (const t of catalogue.tokens) {
    const token: Token = {
      ...t,
      address: checksumAddress(t.address),
      priceE8: parseDecimal(t.priceUsd, 8),
      native: /^0x0{40}$/.test(t.address),
    };
    tokens.push(token);
    byKey.set(tokenKey(t.chainId, t.address), token);
  }
  const chains = new Map<number, Chain>();
  for (const c of catalogue.chains) {
    const nativeToken = tokens.find((t) => t.chainId === c.chainId && t.native);
    if (nativeToken === undefined)
      throw new Error(`catalogue: chain ${c.chainId} has no native token`);
    chains.set(c.chainId, { ...c, liquidityE8: parseDecimal(c.liquidityUsd, 8), nativeToken });
  }
  return {
    chains,
    tokens: tokens.filter((t) => chains.has(t.chainId)),
    token: (chainId, address) => byKey.get(tokenKey(chainId, address)),
  };
}
