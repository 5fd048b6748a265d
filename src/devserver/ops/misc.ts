/**
 * GetTokenPrices, Ping and Clock.
 */
import { SCHEMA_VERSION } from "../../../generated/operations.js";
import type {
  ClockResponse,
  GetTokenPricesRequest,
  GetTokenPricesResponse,
  PingResponse,
  TokenPrice,
} from "../../../generated/types.js";
import type { CallContext } from "../context/index.js";
import { invalidArgument, rfc3339, toFloat } from "../core/index.js";

/** Most tokens priced in one request. */
export const MAX_PRICED_TOKENS = 500;

/** USD prices of catalogue tokens; a token outside the catalogue comes back without a price. */
export function getTokenPrices(
  req: GetTokenPricesRequest,
  ctx: CallContext,
): GetTokenPricesResponse {
  if (req.tokens.length > MAX_PRICED_TOKENS)
    throw invalidArgument("/tokens", `at most ${MAX_PRICED_TOKENS} tokens per request`);
  const updatedAt = rfc3339(ctx.now);
  const tokenPrices = req.tokens.map((token): TokenPrice => {
    const t = ctx.server.catalogue.token(token.chainId, token.tokenAddress);
    if (t === undefined) return { token, updatedAt };
    return {
      token: { chainId: t.chainId, tokenAddress: t.address, tokenSymbol: t.symbol },
      priceUsd: toFloat(t.priceE8, 8),
      updatedAt,
    };
  });
  return { tokenPrices };
}

/** The running version. */
export function ping(): PingResponse {
  return { version: SCHEMA_VERSION };
}

/** The server's clock. */
export function clock(_req: unknown, ctx: CallContext): ClockResponse {
  return { serverTime: rfc3339(ctx.now) };
}
