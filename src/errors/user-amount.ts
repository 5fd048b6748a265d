/**
 * Amounts, tokens, chains and addresses as an end user reads them: token units with the symbol
 * and the chain's name, never base units or a whole address.
 */

/** A token `userMessage` can name: a route's `TokenInfo` or a receipt's `TokenMetadata` fits. */
export interface UserToken {
  /** The token's chain. */
  chainId: number;
  /** Its address (`TokenInfo.address`). */
  address?: string | undefined;
  /** Its address (`TokenMetadata.tokenAddress`). */
  tokenAddress?: string | undefined;
  /** Its symbol, e.g. `USDC`. */
  symbol: string;
  /** Its decimals; without them an amount is not shown. */
  decimals?: number | undefined;
}

/** The catalogue's chains, by id: a message names a chain, not a number. */
const CHAIN_NAMES: Readonly<Record<number, string>> = {
  1: "Ethereum",
  10: "OP Mainnet",
  137: "Polygon",
  8453: "Base",
  42161: "Arbitrum",
};

/** The chain's name: the caller's, the catalogue's, else "chain N". */
export function chainName(chainId: number, names?: Readonly<Record<number, string>>): string {
  return names?.[chainId] ?? CHAIN_NAMES[chainId] ?? `chain ${chainId}`;
}

/** `0xaf88…5831`: enough to recognise an address or hash, not a wall of hex. */
export function shorten(hex: string): string {
  const text = String(hex);
  return text.length > 12 ? `${text.slice(0, 6)}…${text.slice(-4)}` : text;
}

/**
 * The token at `address` among `tokens` (case-insensitive), on `chainId` when given or when
 * several chains have a token at that address; `undefined` when it is not one of them.
 */
export function findToken(
  tokens: readonly UserToken[] | undefined,
  address: string,
  chainId?: number,
): UserToken | undefined {
  const a = String(address).toLowerCase();
  const found = (tokens ?? []).filter(
    (t) => String(t.address ?? t.tokenAddress ?? "").toLowerCase() === a,
  );
  if (chainId !== undefined) return found.find((t) => t.chainId === chainId);
  return found.length === 1 ? found[0] : undefined;
}

/**
 * `value` base units in token units: two decimals from one unit up, else up to six significant
 * digits; rounded up when `up` (what is needed is never shown smaller than it is), else down.
 */
export function formatUnits(value: bigint, decimals: number, up: boolean): string {
  const unit = 10n ** BigInt(decimals);
  const whole = value / unit;
  const places = whole > 0n ? Math.min(2, decimals) : Math.min(decimals, 6);
  const step = 10n ** BigInt(decimals - places);
  let scaled = value / step;
  if (up && scaled * step < value) scaled += 1n;
  const digits = scaled.toString().padStart(places + 1, "0");
  const int = digits.slice(0, digits.length - places);
  const frac = digits.slice(digits.length - places).replace(/0+$/, "");
  return frac === "" ? int : `${int}.${frac}`;
}
