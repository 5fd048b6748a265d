/**
 * Money stranded at an intent address, on its origin chain: what is there for the owner, and the
 * refund that sends it back (a plain transfer from the intent address to the owner, sent as the
 * service acts for the address, as for its origin transaction).
 *
 * Whose is the money at an intent address: every token there is the owner's (the service never
 * sends tokens to it), less what an executed intent accounts for (the caller's to say). Native currency there is the owner's except the service's gas money left
 * over from the transactions it sent from the address (`reserve`, kept by the caller): the owner's
 * money never pays gas, because the service tops the address up above all it holds before each
 * transaction.
 *
 * A refund is sent at most once: the caller records the address's nonce before sending, and a
 * refund found by that nonce (`sentAt`) was sent, whatever happened to the process after.
 */
import { NATIVE_TOKEN } from "../market/index.js";
import { callData, decodeUint } from "./abi.js";
import type { Rpc } from "./rpc.js";
import { nativeBalance, sendAs } from "./service-account.js";
import { receiptOf, type TxReceipt } from "./transactions.js";
import { transferCall } from "./transfer-call.js";

/** An intent address on its origin chain, and the token its intent takes. */
export interface IntentWallet {
  /** The origin intent address. */
  address: string;
  /** The deposit's token; the zero address for native. */
  token: string;
  /** The owner, who gets what is refunded. */
  owner: string;
  /** Native currency at the address that is the service's (gas money), in wei. */
  reserve: bigint;
}

/** How many transactions `address` has sent (mined). */
export async function nonceOf(rpc: Rpc, address: string): Promise<number> {
  return Number(BigInt(await rpc.call<string>("eth_getTransactionCount", [address, "latest"])));
}

/** What of `w.token` at `w.address` is the owner's. */
export async function strandedAmount(rpc: Rpc, w: IntentWallet): Promise<bigint> {
  if (w.token === NATIVE_TOKEN) {
    const owned = (await nativeBalance(rpc, w.address)) - w.reserve;
    return owned > 0n ? owned : 0n;
  }
  const data = callData("balanceOf(address)", [{ type: "address", value: w.address }]);
  return decodeUint(await rpc.call<string>("eth_call", [{ to: w.token, data }, "latest"]));
}

/** A refund sent: its receipt, and the service's native reserve at the address after it. */
export interface RefundSent {
  receipt: TxReceipt;
  reserve: bigint;
}

/**
 * Sends `amount` of `w.token` from `w.address` back to `w.owner` and waits for it to be mined
 * (reverted or not). The gas money given to the address for it stays the service's (`reserve`).
 */
export async function sendRefund(rpc: Rpc, w: IntentWallet, amount: bigint): Promise<RefundSent> {
  const before = await nativeBalance(rpc, w.address);
  const [receipt] = await sendAs(rpc, w.address, [transferCall(w.token, w.owner, amount)], before);
  if (receipt === undefined) throw new Error("the refund was not sent");
  return { receipt, reserve: await reserveAfter(rpc, w, before, receipt, amount) };
}

/**
 * The service's native reserve at the address after a refund of `amount`: what is there, less
 * what of it is the owner's (what was the owner's before, less what was refunded when it was
 * native and the refund went through). A token refund leaves the owner's native money as it was.
 */
async function reserveAfter(
  rpc: Rpc,
  w: IntentWallet,
  before: bigint,
  r: TxReceipt,
  amount: bigint,
): Promise<bigint> {
  const after = await nativeBalance(rpc, w.address);
  const refunded = w.token === NATIVE_TOKEN && r.success ? amount : 0n;
  const owned = before - w.reserve - refunded;
  const reserve = after - (owned > 0n ? owned : 0n);
  return reserve > 0n ? reserve : 0n;
}

/**
 * The transaction `address` sent with `nonce`, once mined: how a refund recorded as being sent
 * is found after a restart. `undefined` when the address has not sent it.
 */
export async function sentAt(
  rpc: Rpc,
  address: string,
  nonce: number,
): Promise<TxReceipt | undefined> {
  if ((await nonceOf(rpc, address)) <= nonce) return undefined;
  const hash = await rpc.call<string | null>("ots_getTransactionBySenderAndNonce", [
    address,
    `0x${nonce.toString(16)}`,
  ]);
  return hash === null ? undefined : receiptOf(rpc, hash);
}
