/**
 * The providers of a whole route, from the request's options. A same-chain route is one swap. A
 * cross-chain route is one bridge; when it also changes the kind of token (USDC into ETH) and the
 * request names a `swapProvider`, that provider runs the swap leg too, after the bridge, and both
 * fees apply. With `swapProvider` AUTO or absent the bridge does the swap itself.
 *
 * A provider option that cannot apply to the route (`bridgeProvider` on one chain, `swapProvider`
 * on a cross-chain route without a swap) is an `InvalidArgument` naming it, unless it is AUTO or
 * its fallback flag is set: then it is ignored, as a provider that does not serve the route would
 * be replaced.
 */
import type { QuoteIntentRequestOptions } from "../../../generated/types.js";
import { invalidArgument } from "../core/index.js";
import type { Token } from "./catalogue.js";
import {
  BRIDGES,
  bridgesFor,
  feeBps,
  PREFERENCES,
  pickLeg,
  requireKnown,
  SWAPS,
  swapsTokens,
} from "./providers.js";

/** The providers chosen for a route, with their fee rates. */
export interface ProviderChoice {
  /** The provider that carries the route: the bridge across chains, the swap on one chain. */
  name: string;
  /** Every provider of the route in order (the bridge, then a named swap provider). */
  route: string[];
  /** Fee rate of each provider of `route`, basis points. */
  routeBps: bigint[];
  /** Total fee rate, basis points. */
  bps: bigint;
}

/** FASTEST costs a little more: priority fees, charged once, on the first provider. */
const FASTEST_SURCHARGE_BPS = 3n;

/** Refuses a provider option that has no leg to apply to, unless AUTO, absent or with fallback. */
function unusable(
  field: string,
  wanted: string | undefined,
  fallback: boolean,
  known: readonly string[],
  why: string,
): void {
  if (wanted === undefined || wanted === "AUTO") return;
  requireKnown(field, wanted, known);
  if (fallback) return;
  throw invalidArgument(
    `/options/${field}`,
    `${wanted} cannot apply: ${why} (leave it AUTO, or set ${field}Fallback to ignore it)`,
  );
}

/** Picks the providers of the route `from` → `to`; throws `InvalidArgument` naming the option. */
export function chooseProviders(
  from: Token,
  to: Token,
  o: QuoteIntentRequestOptions,
): ProviderChoice {
  const preference = o.preference ?? "RECOMMENDED";
  if (!PREFERENCES.includes(preference)) {
    throw invalidArgument(
      "/options/preference",
      `unknown preference ${JSON.stringify(preference)}`,
    );
  }
  const route = `${from.symbol} on ${from.chainId} to ${to.symbol} on ${to.chainId}`;
  const swapFallback = o.swapProviderFallback ?? false;
  const swapLeg = (wanted: string) =>
    pickLeg({
      field: "swapProvider",
      wanted,
      fallback: swapFallback,
      known: SWAPS,
      candidates: SWAPS,
      preference,
      route,
    });
  const names: string[] = [];
  if (from.chainId === to.chainId) {
    unusable(
      "bridgeProvider",
      o.bridgeProvider,
      o.bridgeProviderFallback ?? false,
      BRIDGES,
      "the route stays on one chain",
    );
    names.push(swapLeg(o.swapProvider ?? "AUTO"));
  } else {
    names.push(
      pickLeg({
        field: "bridgeProvider",
        wanted: o.bridgeProvider ?? "AUTO",
        fallback: o.bridgeProviderFallback ?? false,
        known: BRIDGES,
        candidates: bridgesFor(from, to),
        preference,
        route,
      }),
    );
    if (!swapsTokens(from, to)) {
      unusable("swapProvider", o.swapProvider, swapFallback, SWAPS, `${route} has no swap leg`);
    } else if (o.swapProvider !== undefined && o.swapProvider !== "AUTO") {
      const swap = swapLeg(o.swapProvider);
      // The same provider bridging and swapping does both in one step, for one fee.
      if (!names.includes(swap)) names.push(swap);
    }
  }
  const routeBps = names.map((p) => feeBps[p] ?? 0n);
  if (preference === "FASTEST") routeBps[0] = (routeBps[0] ?? 0n) + FASTEST_SURCHARGE_BPS;
  return {
    name: names[0] ?? "RELAY",
    route: names,
    routeBps,
    bps: routeBps.reduce((a, b) => a + b, 0n),
  };
}

/** Splits the provider fee of a quote between the route's providers, by rate; the parts sum to it. */
export function splitProviderFee(total: bigint, choice: ProviderChoice): bigint[] {
  let left = total;
  return choice.routeBps.map((bps, i) => {
    const part =
      i === choice.routeBps.length - 1 || choice.bps === 0n ? left : (total * bps) / choice.bps;
    left -= part;
    return part;
  });
}
