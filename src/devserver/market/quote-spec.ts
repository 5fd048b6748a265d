/**
 * Reads a QuoteIntent request into what the quote needs, checking every member: addresses,
 * chains, tokens, the trade type and its amount, slippage, providers, protocol version,
 * destination call members and address overrides.
 */
import type { QuoteIntentRequest, ServiceAddressOverrides } from "../../../generated/types.js";
import {
  checksumAddress,
  invalidArgument,
  isAddress,
  isCalldata,
  unsupportedNetwork,
} from "../core/index.js";
import type { CatalogueIndex, Chain, Token } from "./catalogue.js";
import { chooseProviders, type ProviderChoice } from "./route-providers.js";
import { hasRoute } from "./routes.js";
import { deploymentFor, type ServiceDeployment } from "./service-contracts.js";

/** Largest amount accepted (a uint256). */
export const MAX_UINT256 = 2n ** 256n - 1n;

/** A checked quote request. */
export interface QuoteSpec {
  /** The request as received. */
  request: QuoteIntentRequest;
  /** Owner, checksummed. */
  owner: string;
  /** Recipient on the destination chain, checksummed. */
  recipient: string;
  from: Token;
  to: Token;
  fromChain: Chain;
  toChain: Chain;
  tradeType: "EXACT_INPUT" | "EXACT_OUTPUT";
  /** The fixed amount: origin units for EXACT_INPUT, destination units for EXACT_OUTPUT. */
  amount: bigint;
  /** Slippage tolerance, parts per million. */
  slippagePpm: bigint;
  provider: ProviderChoice;
  /** Protocol version and contract addresses. */
  deployment: ServiceDeployment;
  /** Destination call: calldata, value and the contract to approve first. */
  call: { data: string; value: bigint; approve?: string } | undefined;
  onlyNativeGasFee: boolean;
}

function address(value: string | undefined, pointer: string): string | undefined {
  if (value === undefined) return undefined;
  if (!isAddress(value))
    throw invalidArgument(pointer, "must be a 0x-prefixed 20-byte hex address");
  return checksumAddress(value);
}

function chain(index: CatalogueIndex, id: number, pointer: string): Chain {
  const c = index.chains.get(id);
  if (c === undefined) throw unsupportedNetwork(pointer, id);
  return c;
}

function token(index: CatalogueIndex, chainId: number, addr: string, pointer: string): Token {
  const t = index.token(chainId, addr);
  if (t === undefined) throw invalidArgument(pointer, `unknown token ${addr} on chain ${chainId}`);
  if (t.priceE8 <= 0n)
    throw invalidArgument(pointer, `token ${t.symbol} on chain ${chainId} has no price`);
  return t;
}

function tradeOf(req: QuoteIntentRequest): {
  tradeType: "EXACT_INPUT" | "EXACT_OUTPUT";
  amount: bigint;
} {
  const type =
    req.tradeType ?? (req.destinationTokenAmount !== undefined ? "EXACT_OUTPUT" : "EXACT_INPUT");
  if (type !== "EXACT_INPUT" && type !== "EXACT_OUTPUT") {
    throw invalidArgument("/tradeType", `unknown trade type ${JSON.stringify(type)}`);
  }
  const [field, other] =
    type === "EXACT_INPUT"
      ? (["originTokenAmount", "destinationTokenAmount"] as const)
      : (["destinationTokenAmount", "originTokenAmount"] as const);
  const amount = req[field];
  if (amount === undefined) throw invalidArgument(`/${field}`, `is required for ${type}`);
  if (req[other] !== undefined) throw invalidArgument(`/${other}`, `must be absent for ${type}`);
  if (amount <= 0n) throw invalidArgument(`/${field}`, "must be greater than 0");
  if (amount > MAX_UINT256) throw invalidArgument(`/${field}`, "must be at most 2^256-1");
  return { tradeType: type as "EXACT_INPUT" | "EXACT_OUTPUT", amount };
}

function slippage(value: number | undefined): bigint {
  const s = value ?? 0.005;
  if (!Number.isFinite(s) || s < 0 || s > 0.5) {
    throw invalidArgument("/options/slippageTolerance", "must be a fraction between 0 and 0.5");
  }
  return BigInt(Math.round(s * 1e6));
}

function overrides(o: ServiceAddressOverrides | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(o ?? {})) {
    if (typeof v === "string")
      out[k] = address(v, `/options/serviceAddressOverrides/${k}`) as string;
  }
  return out;
}

function destinationCall(req: QuoteIntentRequest): QuoteSpec["call"] {
  const approve = address(req.destinationApproveAddress, "/destinationApproveAddress");
  if (req.destinationCallData === undefined) {
    if (approve !== undefined)
      throw invalidArgument("/destinationApproveAddress", "needs destinationCallData");
    if (req.destinationCallValue !== undefined) {
      throw invalidArgument("/destinationCallValue", "needs destinationCallData");
    }
    return undefined;
  }
  if (!isCalldata(req.destinationCallData)) {
    throw invalidArgument("/destinationCallData", "must be 0x-prefixed hex of whole bytes");
  }
  const value = req.destinationCallValue ?? 0n;
  if (value < 0n || value > MAX_UINT256)
    throw invalidArgument("/destinationCallValue", "must be between 0 and 2^256-1");
  return approve === undefined
    ? { data: req.destinationCallData, value }
    : { data: req.destinationCallData, value, approve };
}

/** Checks `req` against the catalogue; throws the interface's errors naming the field. */
export function readQuoteSpec(req: QuoteIntentRequest, index: CatalogueIndex): QuoteSpec {
  const owner = address(req.ownerAddress, "/ownerAddress") as string;
  const recipient = address(req.destinationToAddress, "/destinationToAddress") ?? owner;
  const fromChain = chain(index, req.originChainId, "/originChainId");
  const toChain = chain(index, req.destinationChainId, "/destinationChainId");
  address(req.originTokenAddress, "/originTokenAddress");
  address(req.destinationTokenAddress, "/destinationTokenAddress");
  const from = token(index, fromChain.chainId, req.originTokenAddress, "/originTokenAddress");
  const to = token(index, toChain.chainId, req.destinationTokenAddress, "/destinationTokenAddress");
  if (!hasRoute(from, to)) {
    throw invalidArgument(
      "/destinationTokenAddress",
      from.address === to.address && from.chainId === to.chainId
        ? "is the origin token on the origin chain: nothing to route"
        : `no route from ${from.symbol} on ${from.chainId} to ${to.symbol} on ${to.chainId}`,
    );
  }
  const fundMethod = req.fundMethod;
  if (
    fundMethod !== undefined &&
    !["WALLET", "DIRECT_TRANSFER", "ONRAMP_MESH", "ONRAMP_MELD"].includes(fundMethod)
  ) {
    throw invalidArgument("/fundMethod", `unknown fund method ${JSON.stringify(fundMethod)}`);
  }
  const options = req.options ?? {};
  const protocol = options.intentProtocol ?? "v1_5";
  if (protocol !== "v1" && protocol !== "v1_5") {
    throw invalidArgument(
      "/options/intentProtocol",
      `unknown protocol ${JSON.stringify(protocol)}`,
    );
  }
  return {
    request: req,
    owner,
    recipient,
    from,
    to,
    fromChain,
    toChain,
    ...tradeOf(req),
    slippagePpm: slippage(options.slippageTolerance),
    provider: chooseProviders(from, to, options),
    deployment: deploymentFor(
      protocol as "v1" | "v1_5",
      overrides(options.serviceAddressOverrides),
    ),
    call: destinationCall(req),
    onlyNativeGasFee: req.onlyNativeGasFee ?? false,
  };
}
