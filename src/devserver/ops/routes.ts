/**
 * GetExactOutputRoutes and GetExactInputRoutes: the tokens that can pay for, or be bought with, a
 * given token, with the interface's filters; an empty list when nothing matches.
 */
import type {
  GetExactInputRoutesRequest,
  GetExactInputRoutesResponse,
  GetExactOutputRoutesRequest,
  GetExactOutputRoutesResponse,
} from "../../../generated/types.js";
import type { CallContext } from "../context/index.js";
import { addressKey, invalidArgument, isAddress, unsupportedNetwork } from "../core/index.js";
import { heldOnChain } from "../execution/index.js";
import type { Token } from "../market/index.js";
import { hasRoute, holds, listRoutes } from "../market/index.js";

function checkAddress(value: string | undefined, pointer: string): void {
  if (value !== undefined && !isAddress(value))
    throw invalidArgument(pointer, "must be a 0x-prefixed 20-byte hex address");
}

function same(t: Token, address: string | undefined): boolean {
  return address === undefined || addressKey(t.address) === addressKey(address);
}

/**
 * Origin tokens that can pay an exact amount of the destination token; with `ownerAddress`, those
 * the owner holds (on real chains, what the chains say it holds).
 */
export async function getExactOutputRoutes(
  req: GetExactOutputRoutesRequest,
  ctx: CallContext,
): Promise<GetExactOutputRoutesResponse> {
  checkAddress(req.destinationTokenAddress, "/destinationTokenAddress");
  checkAddress(req.originTokenAddress, "/originTokenAddress");
  checkAddress(req.ownerAddress, "/ownerAddress");
  const cat = ctx.server.catalogue;
  if (!cat.chains.has(req.destinationChainId))
    throw unsupportedNetwork("/destinationChainId", req.destinationChainId);
  const target = cat.token(req.destinationChainId, req.destinationTokenAddress);
  if (target === undefined) return { tokens: [] };
  const owner = req.ownerAddress;
  const runtime = ctx.server.chains;
  const onChain =
    owner === undefined || runtime === undefined
      ? undefined
      : await heldOnChain(runtime, cat.tokens, owner);
  const held = (t: Token) =>
    onChain === undefined
      ? holds(ctx.server.balances, owner as string, t.chainId, t.address)
      : onChain.has(`${t.chainId}:${addressKey(t.address)}`);
  const tokens = listRoutes(
    cat.tokens,
    (t) =>
      hasRoute(t, target) &&
      (req.originChainId === undefined || t.chainId === req.originChainId) &&
      same(t, req.originTokenAddress) &&
      (owner === undefined || held(t)),
  );
  return { tokens };
}

/** Destination tokens the origin token can be turned into. */
export function getExactInputRoutes(
  req: GetExactInputRoutesRequest,
  ctx: CallContext,
): GetExactInputRoutesResponse {
  checkAddress(req.originTokenAddress, "/originTokenAddress");
  checkAddress(req.destinationTokenAddress, "/destinationTokenAddress");
  const cat = ctx.server.catalogue;
  if (!cat.chains.has(req.originChainId))
    throw unsupportedNetwork("/originChainId", req.originChainId);
  const source = cat.token(req.originChainId, req.originTokenAddress);
  if (source === undefined) return { tokens: [] };
  const tokens = listRoutes(
    cat.tokens,
    (t) =>
      hasRoute(source, t) &&
      (req.destinationChainId === undefined || t.chainId === req.destinationChainId) &&
      same(t, req.destinationTokenAddress),
  );
  return { tokens };
}
