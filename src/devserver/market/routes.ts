/**
 * Which token pairs the dev server can route, and the route listings of GetExactOutputRoutes and
 * GetExactInputRoutes in their documented order.
 *
 * A route exists between two different tokens on the same chain (a swap), and across chains when
 * at least one side supports bridging (the other side swaps into it). Listings are ordered:
 * featured tokens first by `featureIndex`, then by chain id, then by symbol (then address).
 */
import type { TokenInfo } from "../../../generated/types.js";
import type { Token } from "./catalogue.js";

/** Whether the dev server can route `from` into `to`. */
export function hasRoute(from: Token, to: Token): boolean {
  if (from.chainId === to.chainId) return from.address !== to.address;
  return from.supportsBridging || to.supportsBridging;
}

/** Orders tokens as the route listings return them. */
export function compareTokens(a: Token, b: Token): number {
  if (a.featured !== b.featured) return a.featured ? -1 : 1;
  if (a.featured && a.featureIndex !== b.featureIndex) return a.featureIndex - b.featureIndex;
  if (a.chainId !== b.chainId) return a.chainId - b.chainId;
  if (a.symbol !== b.symbol) return a.symbol < b.symbol ? -1 : 1;
  return a.address < b.address ? -1 : a.address > b.address ? 1 : 0;
}

/** The wire form of a catalogue token. */
export function tokenInfo(t: Token): TokenInfo {
  const info: TokenInfo = {
    chainId: t.chainId,
    address: t.address,
    name: t.name,
    symbol: t.symbol,
    decimals: t.decimals,
    supportsBridging: t.supportsBridging,
    featured: t.featured,
    featureIndex: t.featureIndex,
  };
  if (t.logoUri !== undefined) info.logoUri = t.logoUri;
  return info;
}

/** The tokens of `candidates` that pass `keep`, sorted, in wire form. */
export function listRoutes(candidates: readonly Token[], keep: (t: Token) => boolean): TokenInfo[] {
  return candidates.filter(keep).sort(compareTokens).map(tokenInfo);
}
