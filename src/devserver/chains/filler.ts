/**
 * The filler on a local chain: `DevFiller` (compiled into `generated/dev-filler.ts`) at a fixed
 * address, operated by the service account and holding the service's liquidity (native currency
 * and every token). It pays an intent out and runs its destination call in one transaction, so a
 * call that reverts takes the payout back with it.
 */
import { DEV_FILLER_BYTECODE } from "../../../generated/dev-filler.js";
import { checksumAddress } from "../core/index.js";
import { callData, encodeArgs } from "./abi.js";
import { SERVICE_ACCOUNT } from "./accounts.js";
import type { Rpc } from "./rpc.js";
import { sendAsService } from "./service-account.js";
import type { TxReceipt } from "./transactions.js";

/** Where the filler is on every local chain. */
export const FILLER_ADDRESS = checksumAddress("0xf111e70000000000000000000000000000000001");

/** Native currency the filler holds: 1,000,000 whole units. */
export const FILLER_NATIVE = 1_000_000n * 10n ** 18n;

/** Places the filler on the chain behind `rpc` (its token balances are written with the tokens'). */
export async function placeFiller(rpc: Rpc): Promise<void> {
  const args = encodeArgs([{ type: "address", value: SERVICE_ACCOUNT.address }]);
  const code = await rpc.call<string>("eth_call", [
    { from: SERVICE_ACCOUNT.address, data: `${DEV_FILLER_BYTECODE}${args}` },
    "latest",
  ]);
  await rpc.batch([
    { method: "anvil_setCode", params: [FILLER_ADDRESS, code] },
    { method: "anvil_setBalance", params: [FILLER_ADDRESS, `0x${FILLER_NATIVE.toString(16)}`] },
  ]);
}

/** A payout. */
export interface Payout {
  /** Token paid; the zero address for native. */
  token: string;
  to: string;
  amount: bigint;
  /** The intent's destination call, when it has one. */
  call?: { target: string; data: string; value: bigint; spender?: string };
}

const ZERO = "0x0000000000000000000000000000000000000000";

/** Gas of a fill that is sent although it will revert (so that its revert is on chain). */
const REVERT_GAS = 1_000_000n;

/**
 * Pays `p` out from the filler. Resolves with the mined receipt, reverted or not, and the node's
 * reason when it reverted.
 */
export async function fill(rpc: Rpc, p: Payout): Promise<{ receipt: TxReceipt; reason?: string }> {
  const data = callData("fill(address,address,uint256,address,address,bytes,uint256)", [
    { type: "address", value: p.token },
    { type: "address", value: p.to },
    { type: "uint", value: p.amount },
    { type: "address", value: p.call?.spender ?? ZERO },
    { type: "address", value: p.call?.target ?? ZERO },
    { type: "bytes", value: p.call?.data ?? "0x" },
    { type: "uint", value: p.call?.value ?? 0n },
  ]);
  const tx = { to: FILLER_ADDRESS, data };
  let reason: string | undefined;
  let gas: bigint;
  try {
    const estimate = await rpc.call<string>("eth_estimateGas", [
      { ...tx, from: SERVICE_ACCOUNT.address },
    ]);
    gas = (BigInt(estimate) * 12n) / 10n;
  } catch (e) {
    reason = (e as Error).message;
    gas = REVERT_GAS;
  }
  const receipt = await sendAsService(rpc, { ...tx, gas });
  if (receipt.success) return { receipt };
  return { receipt, reason: reason ?? "the payout reverted" };
}
