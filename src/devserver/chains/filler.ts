/**
 * The filler on a local chain: `DevFiller` (compiled into `generated/dev-filler.ts`) at a fixed
 * address, operated by the service account and holding the service's liquidity (native currency
 * and every token). It pays an intent out and runs its destination call in one transaction, so a
 * call that reverts takes the payout back with it; deposits are moved to it, and a refund goes back
 * from it. It fills or refunds each intent at most once (keyed by `intentKey`), so that an
 * execution resumed after a restart can ask again without paying twice.
 */
import { DEV_CALLER_BYTECODE, DEV_FILLER_BYTECODE } from "../../../generated/dev-filler.js";
import { checksumAddress, keccak, toHex } from "../core/index.js";
import { callData, encodeArgs } from "./abi.js";
import { SERVICE_ACCOUNT } from "./accounts.js";
import type { Rpc } from "./rpc.js";
import { sendAsService } from "./service-account.js";
import type { TxReceipt } from "./transactions.js";

/** Where the filler is on every local chain. */
export const FILLER_ADDRESS = checksumAddress("0xf111e70000000000000000000000000000000001");

/** Where the filler's `DevCaller` is (the sender of destination calls; it holds nothing). */
export const CALLER_ADDRESS = checksumAddress("0xf111e70000000000000000000000000000000002");

/** Native currency the filler holds: 1,000,000 whole units. */
export const FILLER_NATIVE = 1_000_000n * 10n ** 18n;

/** Places the filler on the chain behind `rpc` (its token balances are written with the tokens'). */
export async function placeFiller(rpc: Rpc): Promise<void> {
  const fillerArgs = encodeArgs([
    { type: "address", value: SERVICE_ACCOUNT.address },
    { type: "address", value: CALLER_ADDRESS },
  ]);
  const callerArgs = encodeArgs([{ type: "address", value: FILLER_ADDRESS }]);
  const [code, callerCode] = await rpc.batch<string>([
    {
      method: "eth_call",
      params: [
        { from: SERVICE_ACCOUNT.address, data: `${DEV_FILLER_BYTECODE}${fillerArgs}` },
        "latest",
      ],
    },
    {
      method: "eth_call",
      params: [
        { from: SERVICE_ACCOUNT.address, data: `${DEV_CALLER_BYTECODE}${callerArgs}` },
        "latest",
      ],
    },
  ]);
  await rpc.batch([
    { method: "anvil_setCode", params: [FILLER_ADDRESS, code] },
    { method: "anvil_setCode", params: [CALLER_ADDRESS, callerCode] },
    { method: "anvil_setBalance", params: [FILLER_ADDRESS, `0x${FILLER_NATIVE.toString(16)}`] },
  ]);
}

/** The filler's key of an intent: the keccak-256 of its id. */
export function intentKey(intentId: string): string {
  return toHex(keccak(intentId));
}

/** A payout. */
export interface Payout {
  /** The intent's key (`intentKey`). */
  key: string;
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
  const data = callData("fill(bytes32,address,address,uint256,address,address,bytes,uint256)", [
    { type: "bytes32", value: p.key },
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

/** Sends `amount` of `token` (the zero address: native) back to `to` for intent `key`, once. */
export function refund(
  rpc: Rpc,
  key: string,
  token: string,
  to: string,
  amount: bigint,
): Promise<TxReceipt> {
  const data = callData("refund(bytes32,address,address,uint256)", [
    { type: "bytes32", value: key },
    { type: "address", value: token },
    { type: "address", value: to },
    { type: "uint", value: amount },
  ]);
  return sendAsService(rpc, { to: FILLER_ADDRESS, data, gas: 300_000n });
}

/** How the filler settled an intent: filled or refunded, by which transaction. */
export interface Settlement {
  kind: "filled" | "refunded";
  /** The transaction that settled it. */
  hash: string;
}

const SETTLED_EVENTS = {
  filled: toHex(keccak("Filled(bytes32)")),
  refunded: toHex(keccak("Refunded(bytes32)")),
} as const;

/** How the filler on `rpc` settled intent `key`, or `undefined` when it has not. */
export async function settlementOf(rpc: Rpc, key: string): Promise<Settlement | undefined> {
  const logs = await rpc.call<{ topics: string[]; transactionHash: string }[]>("eth_getLogs", [
    {
      address: FILLER_ADDRESS,
      fromBlock: "0x0",
      toBlock: "latest",
      topics: [[SETTLED_EVENTS.filled, SETTLED_EVENTS.refunded], key],
    },
  ]);
  const log = logs[0];
  if (log === undefined) return undefined;
  const kind = log.topics[0] === SETTLED_EVENTS.filled ? "filled" : "refunded";
  return { kind, hash: log.transactionHash };
}
