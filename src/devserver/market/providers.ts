/**
 * Route providers: which routes each serves, its fee, and how one is picked for a leg of a route
 * from the request's options (named provider, fallback flag, preference).
 */

import { invalidArgument } from "../core/index.js";
import type { Token } from "./catalogue.js";

/** A provider's fee rate in basis points of the amount sent. */
export const feeBps: Readonly<Record<string, bigint>> = {
  RELAY: 8n,
  LIFI: 12n,
  CCTP: 0n,
  LZ_OFT: 6n,
  WETH: 0n,
  SUSHI: 30n,
  ZEROX: 15n,
};

/** Bridge providers, in the order the automatic choice considers them. */
export const BRIDGES = ["RELAY", "CCTP", "LZ_OFT", "SUSHI", "ZEROX", "LIFI", "WETH"];
/** Swap providers; each serves every swap. */
export const SWAPS = ["RELAY", "SUSHI", "ZEROX"];
/** The route preferences of the interface. */
export const PREFERENCES = ["RECOMMENDED", "FASTEST", "CHEAPEST", "TRUSTLESS"];

const ethLike = (t: Token) => t.symbol === "ETH" || t.symbol === "WETH";

/**
 * Whether a route changes the kind of token (USDC into ETH…), so that it has a swap leg. ETH into
 * WETH counts: the gas model charges it as a swap as well.
 */
export function swapsTokens(from: Token, to: Token): boolean {
  return from.symbol !== to.symbol;
}

/** The bridge providers that serve the cross-chain route `from` → `to`. */
export function bridgesFor(from: Token, to: Token): string[] {
  return BRIDGES.filter((p) => {
    if (p === "CCTP") return from.symbol === "USDC" && to.symbol === "USDC";
    if (p === "WETH") return ethLike(from) && ethLike(to);
    if (p === "LZ_OFT") return from.symbol === "USDT" || to.symbol === "USDT";
    return true;
  });
}

/** The provider the service chooses among `candidates` (never empty) for `preference`. */
export function automatic(candidates: readonly string[], preference: string): string {
  const first = candidates[0] ?? "RELAY";
  if (preference === "CHEAPEST") {
    return candidates.reduce((best, p) => ((feeBps[p] ?? 0n) < (feeBps[best] ?? 0n) ? p : best));
  }
  if (preference === "TRUSTLESS") {
    return candidates.find((p) => p === "CCTP" || p === "WETH" || p === "LZ_OFT") ?? first;
  }
  if (preference === "FASTEST") return candidates.includes("RELAY") ? "RELAY" : first;
  return candidates.includes("CCTP") ? "CCTP" : candidates.includes("RELAY") ? "RELAY" : first;
}

/** One leg's request: the option's name, the provider asked for, and its fallback flag. */
export interface LegRequest {
  /** `bridgeProvider` or `swapProvider`. */
  field: string;
  /** The named provider, or `AUTO`. */
  wanted: string;
  fallback: boolean;
  /** Every provider this option may name. */
  known: readonly string[];
  /** The providers that serve this route. */
  candidates: readonly string[];
  preference: string;
  /** The route, for error messages. */
  route: string;
}

/** Refuses a provider name that `field` cannot take at all. */
export function requireKnown(field: string, wanted: string, known: readonly string[]): void {
  if (!known.includes(wanted)) {
    throw invalidArgument(`/options/${field}`, `unknown provider ${JSON.stringify(wanted)}`);
  }
}

/**
 * The provider of one leg. A named provider that does not serve the route is replaced by the
 * automatic choice when its fallback flag is set, and is an `InvalidArgument` otherwise.
 */
export function pickLeg(r: LegRequest): string {
  if (r.wanted === "AUTO") return automatic(r.candidates, r.preference);
  requireKnown(r.field, r.wanted, r.known);
  if (r.candidates.includes(r.wanted)) return r.wanted;
  if (r.fallback) return automatic(r.candidates, r.preference);
  throw invalidArgument(
    `/options/${r.field}`,
    `${r.wanted} does not serve ${r.route} (set ${r.field}Fallback to use another provider)`,
  );
}
