/**
 * Builds a complete QuoteIntent answer from a checked request: amounts and fees, deterministic
 * intent addresses (CREATE2 from a salt derived from the request, the seed and the clock), the
 * call batches, preconditions, meta-transactions, gas fee options and the 5-minute expiry.
 */
import type {
  Intent,
  IntentCalls,
  MetaTxn,
  QuoteIntentResponse,
  TransactionStateInfo,
} from "../../../generated/types.js";
import {
  bytesToBigint,
  canonical,
  create2Address,
  type Digest,
  derive,
  deriveBigint,
  deriveHex,
  deriveNumber,
  deriveUuid,
  digestOfInSlices,
  QUOTE_TTL_MS,
  rfc3339,
  toFloat,
} from "../core/index.js";
import type { CatalogueIndex } from "./catalogue.js";
import { depositTransaction, destinationCalls, originCalls, precondition } from "./intent-calls.js";
import { gasFee, gasFeeOptions, intentFees, priceImpactDetails } from "./intent-fees.js";
import { metaTxn } from "./meta-txn.js";
import { swapsTokens } from "./providers.js";
import {
  type MathInput,
  type QuoteAmounts,
  quoteExactInput,
  quoteExactOutput,
  usdE8,
} from "./quote-math.js";
import type { QuoteSpec } from "./quote-spec.js";
import { splitProviderFee } from "./route-providers.js";

/** What a quote depends on besides the request. */
export interface QuoteContext {
  catalogue: CatalogueIndex;
  seed: string;
  now: number;
  projectId: number;
  /**
   * How many quotes the server issued before this one: two identical requests at the same
   * millisecond (a frozen clock) still get two quotes, and a server with the same seed given the
   * same sequence of calls derives the same ids.
   */
  sequence: number;
  /**
   * Whether ids also take the clock (the default seed: two runs of a server never issue the same
   * id); with a seed of the caller's they do not, so the same calls give the same ids every run.
   */
  clockInIds: boolean;
  maxImpactPpm: bigint;
  /** Expected execution time, seconds (the server's own execution timing). */
  estimatedDurationS: number;
  /**
   * Awaited between two slices of hashing (a request with 64 KiB of calldata is hashed whole,
   * twice): the server gives the event loop to other requests there.
   */
  pause: () => Promise<void>;
}

function gasLimits(s: QuoteSpec): { origin: bigint; destination: bigint } {
  const swap = swapsTokens(s.from, s.to);
  let origin = 150_000n + (s.from.native ? 0n : 50_000n) + (swap ? 60_000n : 0n);
  let destination = s.fromChain.chainId === s.toChain.chainId ? 0n : 100_000n;
  const callGas =
    s.call === undefined ? 0n : 200_000n + (s.call.approve === undefined ? 0n : 50_000n);
  if (destination === 0n) origin += callGas;
  else destination += callGas;
  return { origin, destination };
}

function states(s: QuoteSpec, passthrough: boolean): TransactionStateInfo[] {
  const list = [{ id: "deposit", label: "Deposit", chainId: s.fromChain.chainId }];
  if (!passthrough)
    list.push({
      id: "origin",
      label: `${s.provider.name} on origin`,
      chainId: s.fromChain.chainId,
    });
  if (s.fromChain.chainId !== s.toChain.chainId) {
    list.push({ id: "destination", label: "Delivery on destination", chainId: s.toChain.chainId });
  }
  return list;
}

/** Gas of the quote: the limits on each chain, their cost in wei, and the total. */
interface QuoteGas {
  origin: bigint;
  destination: bigint;
  originWei: bigint;
  destinationWei: bigint;
  totalGas: bigint;
}

/** Where the intent's money goes: the CREATE2 salt and the intent address on each chain. */
interface IntentAddresses {
  salt: bigint;
  origin: string;
  destination: string;
}

/** The call batches on each chain and their meta-transactions. */
interface IntentBatches {
  originCalls: IntentCalls;
  destinationCalls: IntentCalls;
  originMetaTxn: MetaTxn;
  destinationMetaTxn: MetaTxn;
}

/** The QuoteIntent answer for `s`. */
export async function buildQuote(s: QuoteSpec, ctx: QuoteContext): Promise<QuoteIntentResponse> {
  const digest = await digestOfInSlices(
    ctx.pause,
    ctx.seed,
    ctx.clockInIds ? String(ctx.now) : "",
    String(ctx.projectId),
    String(ctx.sequence),
    canonical(s.request),
  );
  const gas = quoteGas(s);
  const q = quoteAmounts(s, ctx, gas);
  const addresses = intentAddresses(s, digest);
  const batches = await intentBatches(s, q, gas, addresses, digest, ctx.pause);
  const intent = intentOf(s, ctx, { q, gas, addresses, batches, digest });
  return responseOf(s, ctx, intent, q, gas);
}

function quoteGas(s: QuoteSpec): QuoteGas {
  const { origin, destination } = gasLimits(s);
  return {
    origin,
    destination,
    originWei: origin * s.fromChain.gasPriceWei,
    destinationWei: destination * s.toChain.gasPriceWei,
    totalGas: origin + destination,
  };
}

function quoteAmounts(s: QuoteSpec, ctx: QuoteContext, gas: QuoteGas): QuoteAmounts {
  const m: MathInput = {
    from: s.from,
    to: s.to,
    fromChain: s.fromChain,
    toChain: s.toChain,
    providerBps: s.provider.bps,
    originGasWei: gas.originWei,
    destinationGasWei: gas.destinationWei,
    slippagePpm: s.slippagePpm,
    maxImpactPpm: ctx.maxImpactPpm,
  };
  return s.tradeType === "EXACT_INPUT"
    ? quoteExactInput(m, s.amount)
    : quoteExactOutput(m, s.amount);
}

function intentAddresses(s: QuoteSpec, digest: Digest): IntentAddresses {
  const { walletFactory, initCodeHash } = s.deployment;
  const salt = deriveBigint(digest, "salt");
  const destinationSalt = bytesToBigint(derive(digest, `destination-salt:${salt}`));
  return {
    salt,
    origin: create2Address(walletFactory, salt, initCodeHash),
    destination: create2Address(walletFactory, destinationSalt, initCodeHash),
  };
}

async function intentBatches(
  s: QuoteSpec,
  q: QuoteAmounts,
  gas: QuoteGas,
  addresses: IntentAddresses,
  digest: Digest,
  pause: () => Promise<void>,
): Promise<IntentBatches> {
  const { origin, destination } = addresses;
  const oCalls = originCalls(s, q, gas.origin, origin, digest);
  const dCalls = destinationCalls(s, q, destination, digest);
  const guest = s.deployment.walletGuestModule;
  const oMeta = await metaTxn(oCalls, origin, guest, gas.destination, digest, "origin", pause);
  const dMeta = await metaTxn(dCalls, destination, guest, 0n, digest, "destination", pause);
  return {
    originCalls: oCalls,
    destinationCalls: dCalls,
    originMetaTxn: oMeta,
    destinationMetaTxn: dMeta,
  };
}

/** Whether the deposit may go straight to the router (CCTP across chains, not an onramp). */
function isPassthrough(s: QuoteSpec): boolean {
  return (
    s.fromChain.chainId !== s.toChain.chainId &&
    s.provider.name === "CCTP" &&
    !String(s.request.fundMethod ?? "").startsWith("ONRAMP")
  );
}

/** What the intent is made of. */
interface IntentParts {
  q: QuoteAmounts;
  gas: QuoteGas;
  addresses: IntentAddresses;
  batches: IntentBatches;
  digest: Digest;
}

function intentOf(s: QuoteSpec, ctx: QuoteContext, parts: IntentParts): Intent {
  const { q, gas, addresses, batches, digest } = parts;
  const { origin, destination } = addresses;
  const crossChain = s.fromChain.chainId !== s.toChain.chainId;
  const oGas = gasFee(s.fromChain, gas.origin, batches.originMetaTxn.id);
  const dGas = crossChain
    ? gasFee(s.toChain, gas.destination, batches.destinationMetaTxn.id)
    : undefined;
  const issued = rfc3339(ctx.now);
  return {
    id: deriveNumber(digest, "id"),
    projectId: ctx.projectId,
    intentId: deriveUuid(digest, "intent-id"),
    status: "QUOTED",
    quoteRequest: s.request,
    ownerAddress: s.owner,
    originChainId: s.fromChain.chainId,
    destinationChainId: s.toChain.chainId,
    originIntentAddress: origin,
    destinationIntentAddress: destination,
    salt: addresses.salt,
    depositTransaction: depositTransaction(s.from, origin, q.fromAmount),
    originCalls: batches.originCalls,
    originPrecondition: precondition(s.from, origin, q.fromAmountMin),
    originMetaTxn: batches.originMetaTxn,
    destinationCalls: batches.destinationCalls,
    destinationPrecondition: precondition(s.to, destination, q.toAmountMin),
    destinationMetaTxn: batches.destinationMetaTxn,
    quote: quoteOf(s, ctx, q, digest),
    fees: intentFees(s, q, oGas, dGas),
    serviceVersion: s.deployment.version,
    serviceContracts: {
      serviceIntentEntrypointAddress: s.deployment.entrypoint,
      serviceRouterAddress: s.deployment.router,
      serviceRouterShimAddress: s.deployment.routerShim,
    },
    expiresAt: rfc3339(ctx.now + QUOTE_TTL_MS),
    passthrough: isPassthrough(s),
    timedRefundUnlockTimestamp: Math.floor(ctx.now / 1000) + 24 * 3600,
    createdAt: issued,
    updatedAt: issued,
  };
}

function quoteOf(
  s: QuoteSpec,
  ctx: QuoteContext,
  q: QuoteAmounts,
  digest: Digest,
): Intent["quote"] {
  const usd = (amount: bigint, t: typeof s.from) => toFloat(usdE8(amount, t), 8);
  const impact = priceImpactDetails(s, q);
  return {
    routeProviders: s.provider.route,
    routeProvidersRequestIds: s.provider.route.map((p, i) =>
      deriveHex(digest, i === 0 ? "provider-request" : `provider-request:${p}`).slice(0, 34),
    ),
    routeProvidersFeeUsd: splitProviderFee(q.providerFee, s.provider).map((f) => usd(f, s.from)),
    fromAmount: q.fromAmount,
    fromAmountMin: q.fromAmountMin,
    fromAmountUsd: usd(q.fromAmount, s.from),
    fromAmountMinUsd: usd(q.fromAmountMin, s.from),
    toAmount: q.toAmount,
    toAmountMin: q.toAmountMin,
    toAmountUsd: usd(q.toAmount, s.to),
    toAmountMinUsd: usd(q.toAmountMin, s.to),
    maxSlippage: Number(s.slippagePpm) / 1e6,
    priceImpact: impact.netPriceImpact.priceImpact,
    priceImpactUsd: impact.netPriceImpact.priceImpactUsd,
    priceImpactDetails: impact,
    estimatedDuration: ctx.estimatedDurationS,
  };
}

function responseOf(
  s: QuoteSpec,
  ctx: QuoteContext,
  intent: Intent,
  q: QuoteAmounts,
  gas: QuoteGas,
): QuoteIntentResponse {
  const usdc = ctx.catalogue.tokens.find(
    (t) => t.chainId === s.fromChain.chainId && t.symbol === "USDC",
  );
  const passthrough = intent.passthrough === true;
  const response: QuoteIntentResponse = {
    intent,
    gasFeeOptions: gasFeeOptions(s, gas, usdc, intent.expiresAt),
    transactionStates: states(s, false),
    passthrough: { eligible: passthrough },
  };
  if (passthrough && response.passthrough !== undefined) {
    response.passthrough.passthroughTransaction = depositTransaction(
      s.from,
      s.deployment.router,
      q.fromAmount,
    );
    response.passthrough.transactionStates = states(s, true);
  }
  return response;
}
