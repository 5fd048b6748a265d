/** Steps 1 and 2 of the demo: the pay routes of the target token, then a quote from one of them. */
import { quoteExpiresAt, quoteTimeLeftMs } from "../index.js";
import type { QuoteIntentResponse, TokenInfo } from "../types.js";
import { formatPercent, formatTokenAmount, formatUsd } from "./amounts.js";
import { type DemoContext, heading, PREFERRED_ORIGIN, TARGET } from "./context.js";
import { chainName, formatDuration } from "./describe.js";

/**
 * Step 1: asks which tokens can pay exactly `TARGET`, lists them and picks one (USDC on Arbitrum
 * One when offered, else the first token on another chain, else the first).
 */
export async function payRoutes(ctx: DemoContext): Promise<TokenInfo> {
  heading(ctx, 1, "Pay routes");
  const { tokens } = await ctx.client.getExactOutputRoutes({
    destinationChainId: TARGET.chainId,
    destinationTokenAddress: TARGET.tokenAddress,
    ownerAddress: ctx.owner,
  });
  ctx.line(
    `  ${tokens.length} tokens held by ${ctx.owner} can pay ${formatTokenAmount(TARGET.amount, TARGET)} on ${chainName(TARGET.chainId)}:`,
  );
  for (const t of tokens) ctx.line(`    ${t.symbol.padEnd(6)} on ${chainName(t.chainId)}`);
  const same = (t: TokenInfo, chainId: number, address: string) =>
    t.chainId === chainId && t.address.toLowerCase() === address.toLowerCase();
  const chosen =
    tokens.find((t) => same(t, PREFERRED_ORIGIN.chainId, PREFERRED_ORIGIN.tokenAddress)) ??
    tokens.find((t) => t.chainId !== TARGET.chainId) ??
    tokens[0];
  if (chosen === undefined) throw new Error("the service offers no pay route for the demo's token");
  ctx.line(`  → paying with ${ctx.style.cyan(`${chosen.symbol} on ${chainName(chosen.chainId)}`)}`);
  return chosen;
}

/** Step 2: quotes the exact output amount from `origin` and shows amounts, fees and expiry. */
export async function quote(ctx: DemoContext, origin: TokenInfo): Promise<QuoteIntentResponse> {
  heading(ctx, 2, "Quote");
  const response = await ctx.client.quoteIntent({
    ownerAddress: ctx.owner,
    originChainId: origin.chainId,
    originTokenAddress: origin.address,
    destinationChainId: TARGET.chainId,
    destinationTokenAddress: TARGET.tokenAddress,
    tradeType: "EXACT_OUTPUT",
    destinationTokenAmount: TARGET.amount,
  });
  const { quote: q, fees } = response.intent;
  const feeToken = feeTokenOf(response, origin);
  const usd = (n: number) => ctx.style.dim(`(${formatUsd(n)})`);
  ctx.line(`  intent      ${response.intent.intentId} (${response.intent.status})`);
  ctx.line(
    `  you pay     ${formatTokenAmount(q.fromAmount, origin)} ${usd(q.fromAmountUsd)} on ${chainName(origin.chainId)}`,
  );
  ctx.line(
    `  you get     ${formatTokenAmount(q.toAmount, TARGET)} ${usd(q.toAmountUsd)} on ${chainName(TARGET.chainId)}`,
  );
  ctx.line(
    `  minimums    pay ${formatTokenAmount(q.fromAmountMin, origin)} · get ${formatTokenAmount(q.toAmountMin, TARGET)} · slippage ≤ ${formatPercent(q.maxSlippage)}`,
  );
  if (q.fromAmount !== q.fromAmountMin)
    ctx.line(
      ctx.style.dim(
        `              you pay the minimum the route needs at the quoted price plus a slippage margin of ${formatTokenAmount(q.fromAmount - q.fromAmountMin, origin)} (≤ ${formatPercent(q.maxSlippage)}), in case the price moves before it settles`,
      ),
    );
  ctx.line(
    `  fees        ${formatTokenAmount(fees.totalFeeAmount, feeToken)} ${usd(fees.totalFeeUsd)}`,
  );
  ctx.line(
    `              gas ${formatUsd(fees.gasFeeUsd)} · service ${formatUsd(fees.serviceFeeUsd)} · collector ${formatUsd(fees.collectorFeeUsd)} · provider ${formatUsd(fees.providerFeeUsd)}`,
  );
  ctx.line(
    `  impact      ${formatPercent(q.priceImpact)} ${usd(q.priceImpactUsd)} via ${q.routeProviders.join(", ")}`,
  );
  const expires = quoteExpiresAt(response.intent);
  ctx.line(
    `  expires     ${expires.toISOString()} (in ${formatDuration(quoteTimeLeftMs(response.intent, undefined, { skewMs: ctx.client.clockSkewMs }))})`,
  );
  return response;
}

/** The token fees are paid in, with its decimals: from the gas fee options, or the origin token. */
export function feeTokenOf(
  response: QuoteIntentResponse,
  origin: TokenInfo,
): { decimals: number; symbol: string } {
  const address = response.intent.fees.feeTokenAddress.toLowerCase();
  const option = response.gasFeeOptions.feeOptions.find(
    (o) => o.tokenAddress.toLowerCase() === address,
  );
  if (option) return { decimals: option.tokenDecimals, symbol: option.tokenSymbol };
  return origin;
}
