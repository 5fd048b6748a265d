/**
 * What an owner really holds on the real chains, for the `ownerAddress` filter of the route
 * operations: one JSON-RPC batch per chain (the native balance and `balanceOf` of every catalogue
 * token), read when asked.
 */
import { ChainNodeHealthError } from "../../../generated/errors.js";
import { callData, decodeUint } from "../chains/index.js";
import type { ChainRuntime } from "../context/index.js";
import { addressKey } from "../core/index.js";
import type { Token } from "../market/index.js";

/** `chainId:address` keys (lowercase) of the catalogue tokens `owner` holds a positive amount of. */
export async function heldOnChain(
  runtime: ChainRuntime,
  tokens: readonly Token[],
  owner: string,
): Promise<Set<string>> {
  const byChain = new Map<number, Token[]>();
  for (const t of tokens) byChain.set(t.chainId, [...(byChain.get(t.chainId) ?? []), t]);
  const held = new Set<string>();
  try {
    await Promise.all(
      [...byChain].map(async ([chainId, list]) => {
        const rpc = runtime.set.rpc(chainId);
        if (rpc === undefined) return;
        const results = await rpc.batch<string>(
          list.map((t) =>
            t.native
              ? { method: "eth_getBalance", params: [owner, "latest"] }
              : {
                  method: "eth_call",
                  params: [
                    {
                      to: t.address,
                      data: callData("balanceOf(address)", [{ type: "address", value: owner }]),
                    },
                    "latest",
                  ],
                },
          ),
        );
        list.forEach((t, i) => {
          const r = results[i] ?? "0x";
          const amount = t.native ? BigInt(r === "0x" ? 0 : r) : decodeUint(r);
          if (amount > 0n) held.add(`${chainId}:${addressKey(t.address)}`);
        });
      }),
    );
  } catch (e) {
    throw new ChainNodeHealthError({
      cause: `a local chain did not answer: ${(e as Error).message}`,
    });
  }
  return held;
}
