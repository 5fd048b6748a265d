/**
 * The balance table behind the `ownerAddress` filter of the route operations: which tokens an
 * owner holds. The built-in table has one demo owner; pass `balances` to use your own.
 */
import { NATIVE_TOKEN } from "../../internal/native-token.js";
import { addressKey } from "../core/index.js";

/** A token balance of an owner, for the `ownerAddress` filter of the route operations. */
export interface BalanceEntry {
  /** Chain of the token. */
  chainId: number;
  /** Token address (any letter case). */
  tokenAddress: string;
  /** Balance in base units. */
  amount: bigint;
}

/** The demo owner of the built-in balance table. */
export const DEMO_OWNER = "0x1111111111111111111111111111111111111111";

/** Built-in balances: the demo owner holds USDC and ETH on Base and Arbitrum, USDT on Ethereum. */
export const DEMO_BALANCES: Record<string, BalanceEntry[]> = {
  [DEMO_OWNER]: [
    {
      chainId: 8453,
      tokenAddress: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
      amount: 2_500_000_000n,
    },
    {
      chainId: 8453,
      tokenAddress: NATIVE_TOKEN,
      amount: 10n ** 18n,
    },
    {
      chainId: 42161,
      tokenAddress: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831",
      amount: 750_000_000n,
    },
    {
      chainId: 42161,
      tokenAddress: NATIVE_TOKEN,
      amount: 5n * 10n ** 17n,
    },
    {
      chainId: 1,
      tokenAddress: "0xdAC17F958D2ee523a2206206994597C13D831ec7",
      amount: 1_000_000_000n,
    },
  ],
};

/** Positive balances by owner, as a set of `chainId:address` keys per lowercase owner. */
export type BalanceIndex = ReadonlyMap<string, ReadonlySet<string>>;

/** Indexes a balance table (zero balances left out). */
export function indexBalances(table: Record<string, BalanceEntry[]>): BalanceIndex {
  const out = new Map<string, Set<string>>();
  for (const [owner, entries] of Object.entries(table)) {
    const held = new Set<string>();
    for (const e of entries)
      if (e.amount > 0n) held.add(`${e.chainId}:${addressKey(e.tokenAddress)}`);
    out.set(addressKey(owner), held);
  }
  return out;
}

/** Whether `owner` holds a positive balance of the token. */
export function holds(
  index: BalanceIndex,
  owner: string,
  chainId: number,
  tokenAddress: string,
): boolean {
  return index.get(addressKey(owner))?.has(`${chainId}:${addressKey(tokenAddress)}`) ?? false;
}
