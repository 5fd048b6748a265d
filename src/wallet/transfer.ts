/**
 * The deposit by transfer, decided and sent while the store's claim is held: the store and then
 * the chain are asked whether the deposit was already made, the balance is checked, a "sending"
 * record is written before the wallet is asked, and the hash the moment it is known.
 */
import type { Account } from "viem";
import { estimateGas, getBlockNumber, getGasPrice, sendTransaction } from "viem/actions";
import type { Intent } from "../../generated/types.js";
import { DepositRevertedError } from "../errors/wallet-errors.js";
import type { CheckedDeposit } from "./check-deposit.js";
import { type DepositRecord, isRecord } from "./deposit-store.js";
import { afterSending, failureKind, moneyLeft, refundAfter, shortMessage } from "./failures.js";
import { checkBalance, type Reader } from "./find-deposit.js";
import type { Prepared } from "./preflight.js";
import { nextNonce, refusedSend } from "./unsent.js";
import { chainFor, type Wallet } from "./wallet-chain.js";

/** What the transfer path needs beyond the prepared deposit. */
export interface TransferOptions {
  intent: Intent;
  wallet: Wallet;
  signal?: AbortSignal | undefined;
  ifOutcomeUnknown?: "throw" | "send" | undefined;
  /** Called last before the wallet is asked (the clocks and the execute window are checked there). */
  beforeSign?: (() => unknown) | undefined;
}

/** A deposit known by its hash (not yet confirmed). */
export interface Made {
  hash: `0x${string}`;
  reused: boolean;
  fromBlock: string;
}

/** The record under the key, a damaged one read as a started deposit. */
export async function readRecord(
  p: Prepared,
  get: (key: string) => unknown,
): Promise<DepositRecord | undefined> {
  const stored = (await get(p.key)) as DepositRecord | undefined;
  return stored === undefined || isRecord(stored)
    ? stored
    : { ...(stored as DepositRecord), state: "sending", fromBlock: "0" };
}

/** Sends the deposit (the claim held, nothing made before). */
export async function transfer(p: Prepared, o: TransferOptions): Promise<Made> {
  const { d, reader, from, account } = p;
  if (!d.native) await checkBalance(reader, d, from, d.amount);
  const [gas, cost] = await estimate(reader, account, d);
  const need = (d.native ? d.amount : 0n) + cost;
  await checkBalance(reader, d, from, need, true);
  o.signal?.throwIfAborted();
  const fromBlock = `${await getBlockNumber(reader, { cacheTime: 0 })}`;
  const nonce = await nextNonce(o.wallet, p);
  await o.beforeSign?.();
  await p.write({ state: "sending", fromBlock });
  p.progress({ step: "sign" });
  let hash: `0x${string}`;
  try {
    hash = await sendTransaction(o.wallet, {
      account,
      chain: chainFor(o.wallet, d.chainId),
      to: d.tx.to,
      data: d.tx.data,
      value: d.tx.value,
      gas,
    });
  } catch (cause) {
    const kind = failureKind(cause);
    // Not known whether it left: the record stays "sending".
    if (kind === undefined)
      throw moneyLeft(p.key, undefined, refundAfter(o.intent), shortMessage(cause), cause);
    return refusedSend(p, cause, kind, nonce, fromBlock, need, o);
  }
  await afterSending(hash, o.intent, () => p.write({ state: "sent", hash, fromBlock }));
  return { hash, reused: false, fromBlock };
}

/** Gas limit and cost of the deposit, in this order; a deposit that would revert is refused unsent. */
async function estimate(
  reader: Reader,
  account: Account | `0x${string}`,
  d: CheckedDeposit,
): Promise<[limit: bigint, cost: bigint]> {
  let limit: bigint;
  try {
    limit = await estimateGas(reader, { account, to: d.tx.to, data: d.tx.data, value: d.tx.value });
  } catch (cause) {
    const kind = failureKind(cause);
    if (kind === "reverted") throw new DepositRevertedError(undefined, { cause });
    if (kind === "funds") return [0n, 0n];
    throw cause;
  }
  return [limit, limit * (await getGasPrice(reader))];
}
