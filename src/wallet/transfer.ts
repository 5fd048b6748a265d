/**
 * The deposit by transfer, decided and sent while the store's claim is held: the store and then
 * the chain are asked whether the deposit was already made, the balance is checked, a "sending"
 * record is written before the wallet is asked, and the hash the moment it is known.
 */
import type { Account } from "viem";
import {
  estimateGas,
  getBlock,
  getBlockNumber,
  getGasPrice,
  getTransaction,
  sendTransaction,
} from "viem/actions";
import type { Intent } from "../../generated/types.js";
import { abortable } from "../wait/wait.js";
import { type CheckedDeposit, NATIVE_TOKEN } from "./check-deposit.js";
import { type DepositRecord, isRecord } from "./deposit-store.js";
import {
  DepositOutcomeUnknownError,
  DepositRevertedError,
  DepositStrandedError,
  InsufficientBalanceError,
} from "./errors.js";
import { balanceOf, findDeposit, fundedUnknown, type Reader } from "./find-deposit.js";
import type { Prepared } from "./preflight.js";
import { nextNonce, refusedSend } from "./unsent.js";
import { chainFor, type Wallet } from "./wallet-chain.js";
import { failureKind } from "./wallet-errors.js";

/** What the transfer path needs beyond the prepared deposit. */
export interface TransferOptions {
  intent: Intent;
  wallet: Wallet;
  signal?: AbortSignal | undefined;
  ifOutcomeUnknown?: "throw" | "send" | undefined;
  /** Called last before the wallet is asked (the execute window is checked again there). */
  beforeSign?: (() => void) | undefined;
  /** Set when the wallet is asked to send: from then on money may have moved. */
  asked?: { value: boolean } | undefined;
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

/** Where the money of a refused deposit is, as an error. */
export function stranded(record: DepositRecord, intent: Intent): DepositStrandedError {
  const unlock = intent.timedRefundUnlockTimestamp;
  return new DepositStrandedError(
    record.hash ?? "(unknown)",
    record.intentAddress,
    BigInt(record.amount),
    unlock === undefined ? undefined : new Date(Number(unlock) * 1000).toISOString(),
  );
}

/** No deposit can be older than the intent's quote: a minute before it, or 20 minutes before
 * the chain's latest block when the service dates it later than that (its clock is its own). */
export function notBefore(intent: Intent, chainTime: bigint): bigint {
  const quoted = Date.parse(intent.createdAt ?? "") || Date.parse(intent.expiresAt) - 300_000;
  const t = Number.isFinite(quoted) ? BigInt(Math.max(0, Math.floor(quoted / 1000) - 60)) : 0n;
  return t < chainTime - 1200n ? t : chainTime - 1200n;
}

/** The deposit already made (store, then chain), else `undefined`: it may be sent. */
export async function madeBefore(
  p: Prepared,
  o: TransferOptions,
  record: DepositRecord | undefined,
): Promise<Made | undefined> {
  if (record?.state === "refused") throw stranded(record, o.intent);
  const started = record?.state === "sending" || record?.state === "sent";
  if (record?.state === "sent" && record.hash) {
    const hash = record.hash as `0x${string}`;
    const known = await getTransaction(p.reader, { hash }).then(
      () => true,
      () => false,
    );
    if (known) return { hash, reused: true, fromBlock: record.fromBlock };
  }
  const since = started && record ? BigInt(record.fromBlock) : undefined;
  // The chain's time bounds the search only when no record says where it starts.
  const oldest =
    since === undefined ? notBefore(o.intent, (await getBlock(p.reader)).timestamp) : 0n;
  const found = await abortable(findDeposit(p.reader, p.d, p.from, since, oldest), o.signal);
  if (found === "funded") throw fundedUnknown(p.key, o.intent.originIntentAddress);
  const fromBlock = record?.fromBlock ?? "0";
  if (found) {
    await p.write({ state: "sent", hash: found, fromBlock });
    return { hash: found, reused: true, fromBlock };
  }
  if (started && o.ifOutcomeUnknown !== "send") throw new DepositOutcomeUnknownError(p.key);
  return undefined;
}

/** Sends the deposit (the claim held, nothing made before). */
export async function transfer(p: Prepared, o: TransferOptions): Promise<Made> {
  const { d, reader, from, account } = p;
  if (!d.native) {
    const have = await balanceOf(reader, d, from);
    if (have < d.amount) throw new InsufficientBalanceError(d.token, have, d.amount);
  }
  const gas = await estimate(reader, account, d);
  const native = await balanceOf(reader, { ...d, native: true }, from);
  const need = (d.native ? d.amount : 0n) + gas.cost;
  if (native < need) throw new InsufficientBalanceError(NATIVE_TOKEN, native, need);
  o.signal?.throwIfAborted();
  const fromBlock = `${await getBlockNumber(reader, { cacheTime: 0 })}`;
  const nonce = await nextNonce(o.wallet, p);
  o.beforeSign?.();
  await p.write({ state: "sending", fromBlock });
  p.progress({ step: "sign" });
  if (o.asked) o.asked.value = true;
  let hash: `0x${string}`;
  try {
    hash = await sendTransaction(o.wallet, {
      account,
      chain: chainFor(o.wallet, d.chainId),
      to: d.tx.to,
      data: d.tx.data,
      value: d.tx.value,
      gas: gas.limit,
    });
  } catch (cause) {
    const kind = failureKind(cause);
    // Not known whether it left: the record stays "sending".
    if (kind === undefined) throw cause;
    return refusedSend(p, cause, kind, nonce, fromBlock, need, o);
  }
  await p.write({ state: "sent", hash, fromBlock });
  return { hash, reused: false, fromBlock };
}

/** Gas limit and cost of the deposit; a deposit that would revert is refused unsent. */
async function estimate(reader: Reader, account: Account | `0x${string}`, d: CheckedDeposit) {
  let limit: bigint;
  try {
    limit = await estimateGas(reader, { account, to: d.tx.to, data: d.tx.data, value: d.tx.value });
  } catch (cause) {
    if (failureKind(cause) === "reverted") throw new DepositRevertedError(undefined, { cause });
    if (failureKind(cause) === "funds") return { limit: 0n, cost: 0n };
    throw cause;
  }
  return { limit, cost: limit * (await getGasPrice(reader)) };
}
