/**
 * Route providers: which routes each serves, its fee, and how the service picks one from the
 * request's options (provider, fallback, preference).
 */
import type { QuoteIntentRequestOptions } from "../../generated/types.js";
import type { Token } from "./catalogue.js";
import { invalidArgument } from "./failures.js";

/** A provider's fee rate in basis points of the amount sent. */
const feeBps: Record<string, bigint> = {
  RELAY: 8n,
  LIFI: 12n,
  CCTP: 0n,
  LZ_OFT: 6n,
  WETH: 0n,
  SUSHI: 30n,
  ZEROX: 15n,
};

const ethLike = (t: Token) => t.symbol === "ETH" || t.symbol === "WETH";

/** Whether a bridge provider serves the cross-chain route `from` → `to`. */
function bridgeServes(provider: string, from: Token, to: Token): boolean {
  switch (provider) {
    case "CCTP":
      return from.symbol === "USDC" && to.symbol === "USDC";
    case "WETH":
      return ethLike(from) && ethLike(to);
    case "LZ_OFT":
      return from.symbol === "USDT" || to.symbol === "USDT";
    default:
      return true;
  }
}

const bridges = ["RELAY", "CCTP", "LZ_OFT", "SUSHI", "ZEROX", "LIFI", "WETH"];
const swaps = ["RELAY", "SUSHI", "ZEROX"];

/** The provider chosen for a route, with its fee rate. */
export interface ProviderChoice {
  /** Provider name (`RELAY`, `CCTP`…). */
  name: string;
  /** Fee rate, basis points. */
  bps: bigint;
}

function automatic(candidates: string[], preference: string): string {
  if (preference === "CHEAPEST") {
    return candidates.reduce((best, p) => ((feeBps[p] ?? 0n) < (feeBps[best] ?? 0n) ? p : best));
  }
  if (preference === "TRUSTLESS") {
    return candidates.find((p) => p === "CCTP" || p === "WETH" || p === "LZ_OFT") ?? "RELAY";
  }
  if (preference === "FASTEST") return "RELAY";
  return candidates.includes("CCTP") ? "CCTP" : "RELAY";
}

/**
 * Picks the provider of a route. A named provider that does not serve the route is replaced by the
 * automatic choice when its fallback flag is set, and is an `InvalidArgument` otherwise.
 */
export function chooseProvider(
  from: Token,
  to: Token,
  options: QuoteIntentRequestOptions,
): ProviderChoice {
  const sameChain = from.chainId === to.chainId;
  const field = sameChain ? "swapProvider" : "bridgeProvider";
  const known = sameChain ? swaps : bridges;
  const wanted = (sameChain ? options.swapProvider : options.bridgeProvider) ?? "AUTO";
  const fallback =
    (sameChain ? options.swapProviderFallback : options.bridgeProviderFallback) ?? false;
  const preference = options.preference ?? "RECOMMENDED";
  if (!["RECOMMENDED", "FASTEST", "CHEAPEST", "TRUSTLESS"].includes(preference)) {
    throw invalidArgument(
      "/options/preference",
      `unknown preference ${JSON.stringify(preference)}`,
    );
  }
  const candidates = sameChain ? swaps : bridges.filter((p) => bridgeServes(p, from, to));
  let name: string;
  if (wanted === "AUTO") {
    name = automatic(candidates, preference);
  } else if (!known.includes(wanted)) {
    throw invalidArgument(`/options/${field}`, `unknown provider ${JSON.stringify(wanted)}`);
  } else if (candidates.includes(wanted)) {
    name = wanted;
  } else if (fallback) {
    name = automatic(candidates, preference);
  } else {
    throw invalidArgument(
      `/options/${field}`,
      `${wanted} does not serve ${from.symbol} on ${from.chainId} to ${to.symbol} on ${to.chainId} (set ${field}Fallback to use another provider)`,
    );
  }
  let bps = feeBps[name] ?? 0n;
  if (preference === "FASTEST") bps += 3n;
  return { name, bps };
}
