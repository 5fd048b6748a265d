/**
 * The call that moves `amount` of a token (or of the native currency) to an address: what an
 * intent address sends when its deposit moves on to the filler or back to its owner.
 */
import { NATIVE_TOKEN } from "../market/index.js";
import { callData } from "./abi.js";
import type { TxRequest } from "./transactions.js";

/** A plain transfer of `amount` of `token` (the zero address: native value) to `to`. */
export function transferCall(token: string, to: string, amount: bigint): Omit<TxRequest, "from"> {
  return token === NATIVE_TOKEN
    ? { to, value: amount }
    : {
        to: token,
        data: callData("transfer(address,uint256)", [
          { type: "address", value: to },
          { type: "uint", value: amount },
        ]),
        gas: 200_000n,
      };
}
