/**
 * The catalogue's tokens on a local chain, each at its canonical address, in two JSON-RPC batches
 * and no transaction. `DevToken` (an OpenZeppelin ERC20Permit compiled into
 * `generated/dev-token.ts`) is constructed by an `eth_call` of its creation code with the token's
 * name, symbol and decimals, which returns its runtime code; that code goes to the canonical
 * address with `anvil_setCode` (its immutables, the permit domain's name included, come along;
 * the domain separator is rebuilt for the new address and chain), and the balances of the user
 * accounts and of the service account, and the total supply, are written into its storage with
 * `anvil_setStorageAt` (slots from the compiler's storage layout). An address that already holds
 * code (a fork of a real network) keeps its real contract, and each holder below its holding is
 * raised to it with anvil's `anvil_dealERC20` (which finds the balance slot of any standard token),
 * so that the filler can pay out a real token and the test accounts can deposit it.
 */
import { DEV_TOKEN_BYTECODE, DEV_TOKEN_SLOTS } from "../../../generated/dev-token.js";
import { concatBytes, fromHex, keccak, toHex, word } from "../core/index.js";
import type { TokenEntry } from "../market/index.js";
import { callData, decodeUint, encodeArgs } from "./abi.js";
import { SERVICE_ACCOUNT, SERVICE_TOKENS, type TestAccount, USER_TOKENS } from "./accounts.js";
import type { Rpc, RpcCall } from "./rpc.js";

/** What happened to each token of a chain. */
export interface PlacedToken {
  /** Canonical address. */
  address: string;
  /** `"placed"`: DevToken put there; `"existing"`: code was already there (a fork), kept. */
  how: "placed" | "existing";
  /**
   * For an existing token: whether every holder now holds at least its holding (`false` when the
   * node could not find the token's balance slot; the holders keep what they had).
   */
  funded?: boolean;
}

/** The storage slot of `owner`'s balance in a `DevToken`. */
export function balanceSlot(owner: string): string {
  const slot = fromHex(word(BigInt(DEV_TOKEN_SLOTS.balances)));
  return toHex(keccak(concatBytes(fromHex(owner.slice(2).padStart(64, "0")), slot)));
}

/** The creation code of `DevToken` for `token`, its constructor arguments appended. */
function creationCode(token: TokenEntry): string {
  return `${DEV_TOKEN_BYTECODE}${encodeArgs([
    { type: "string", value: token.name },
    { type: "string", value: token.symbol },
    { type: "uint", value: BigInt(token.decimals) },
    { type: "address", value: SERVICE_ACCOUNT.address },
  ])}`;
}

const slotWord = (value: bigint) => `0x${word(value)}`;

/** Who holds how many whole tokens of each token. */
export type Holdings = readonly (readonly [address: string, wholeTokens: bigint])[];

/** The holdings of the local chains: each user account, the service account and the filler. */
export function defaultHoldings(users: readonly TestAccount[], filler: string): Holdings {
  return [
    ...users.map((u) => [u.address, USER_TOKENS] as const),
    [SERVICE_ACCOUNT.address, SERVICE_TOKENS],
    [filler, SERVICE_TOKENS],
  ];
}

/** Places `tokens` (ERC-20s of one chain) on the chain behind `rpc` and writes `holdings`. */
export async function placeTokens(
  rpc: Rpc,
  tokens: readonly TokenEntry[],
  holdings: Holdings,
): Promise<PlacedToken[]> {
  const reads: RpcCall[] = tokens.flatMap((t) => [
    { method: "eth_getCode", params: [t.address, "latest"] },
    {
      method: "eth_call",
      params: [{ from: SERVICE_ACCOUNT.address, data: creationCode(t) }, "latest"],
    },
  ]);
  const read = await rpc.batch<string>(reads);
  const writes: RpcCall[] = [];
  const placed: PlacedToken[] = tokens.map((token, i) => {
    const existing = read[2 * i] as string;
    if (existing !== "0x" && existing !== "") return { address: token.address, how: "existing" };
    const code = read[2 * i + 1] as string;
    const unit = 10n ** BigInt(token.decimals);
    const balances = holdings.map(([owner, whole]) => [owner, whole * unit] as const);
    const supply = balances.reduce((n, [, v]) => n + v, 0n);
    writes.push({ method: "anvil_setCode", params: [token.address, code] });
    for (const [owner, amount] of balances)
      writes.push({
        method: "anvil_setStorageAt",
        params: [token.address, balanceSlot(owner), slotWord(amount)],
      });
    writes.push({
      method: "anvil_setStorageAt",
      params: [token.address, slotWord(BigInt(DEV_TOKEN_SLOTS.totalSupply)), slotWord(supply)],
    });
    return { address: token.address, how: "placed" };
  });
  await rpc.batch(writes);
  for (const [i, entry] of placed.entries())
    if (entry.how === "existing")
      entry.funded = await fundExisting(rpc, tokens[i] as TokenEntry, holdings);
  return placed;
}

/** Raises each holder of the existing `token` to its holding; `false` when the node cannot. */
async function fundExisting(rpc: Rpc, token: TokenEntry, holdings: Holdings): Promise<boolean> {
  const unit = 10n ** BigInt(token.decimals);
  const balanceCall = (owner: string) => ({
    method: "eth_call",
    params: [
      {
        to: token.address,
        data: callData("balanceOf(address)", [{ type: "address", value: owner }]),
      },
      "latest",
    ],
  });
  try {
    const held = await rpc.batch<string>(holdings.map(([owner]) => balanceCall(owner)));
    for (const [i, [owner, whole]] of holdings.entries()) {
      const want = whole * unit;
      if (decodeUint(held[i] as string) >= want) continue;
      await rpc.call("anvil_dealERC20", [owner, token.address, `0x${want.toString(16)}`]);
    }
    return true;
  } catch {
    // Not a standard token (or not one anvil can find the balances of): left as it is.
    return false;
  }
}
