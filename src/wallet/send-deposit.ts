/**
 * `sendDeposit`: sends an intent's deposit from a viem wallet, once. Before the wallet is asked:
 * the instructions are checked against the intent, the wallet is put on the origin chain, the
 * store and then the chain are asked whether the deposit was already made, the balance is
 * checked, and a "sending" record is written. The hash is recorded the moment it is known.
 */
import type { Account } from "viem";
import {
  estimateGas,
  getBlockNumber,
  getChainId,
  getGasPrice,
  getTransaction,
  sendTransaction,
  waitForTransactionReceipt,
} from "viem/actions";
import type { Intent } from "../../generated/types.js";
import { type CheckedDeposit, checkDeposit, NATIVE_TOKEN } from "./check-deposit.js";
import {
  type DepositRecord,
  type DepositStore,
  depositKey,
  isRecord,
  memoryDepositStore,
} from "./deposit-store.js";
import {
  DepositOutcomeUnknownError,
  DepositRejectedError,
  DepositRevertedError,
  InsufficientBalanceError,
  WrongChainError,
} from "./errors.js";
import { balanceOf, findDeposit, type Reader } from "./find-deposit.js";
import { once } from "./once.js";
import { type OnProgress, report } from "./progress.js";
import { addressOf, chainFor, ensureChain, payingAccount, type Wallet } from "./wallet-chain.js";
import { abortable, failureKind } from "./wallet-errors.js";

/** Options of `sendDeposit`. */
export interface SendDepositOptions {
  /** The intent as quoted (its deposit instructions are checked against it). */
  intent: Intent;
  /** The paying wallet: a viem wallet client. */
  wallet: Wallet;
  /** Reads the origin chain; default: the wallet's own transport. */
  publicClient?: Reader | undefined;
  /** Confirmations to wait for. Default 1. */
  confirmations?: number | undefined;
  /** Where deposits are remembered. Default: one store in memory for the whole process. */
  store?: DepositStore | undefined;
  /** Receives each step. */
  onProgress?: OnProgress | undefined;
  /** Stops waiting; never takes back what the wallet was asked. */
  signal?: AbortSignal | undefined;
  /** The most the caller agrees to deposit, in base units. */
  maxAmount?: bigint | undefined;
  /** Accept paying from an account other than the intent's owner. */
  allowOtherPayer?: boolean | undefined;
  /**
   * When a deposit was started but neither its hash nor the deposit on chain can be found:
   * `"throw"` (default) raises `DepositOutcomeUnknownError`; `"send"` sends it again.
   */
  ifOutcomeUnknown?: "throw" | "send" | undefined;
}

/** The deposit's hash, and whether it was found already made instead of sent by this call. */
export interface SendDepositResult {
  hash: `0x${string}`;
  reused: boolean;
}

const defaultStore = memoryDepositStore();
const FUNDED =
  "the intent address already holds the deposit, but no transaction paying it was found";

/**
 * Sends the deposit of `intent` from `wallet` and waits for its confirmations, or returns the
 * deposit already made (`reused: true`). Concurrent calls for one intent share one attempt.
 *
 * @example
 * const { hash } = await sendDeposit({ intent, wallet, store: fileDepositStore(".deposits") });
 */
export function sendDeposit(options: SendDepositOptions): Promise<SendDepositResult> {
  const { intent } = options;
  const key = depositKey(intent.originChainId, String(intent.originIntentAddress));
  return once(key, () => send(options, key));
}

async function send(o: SendDepositOptions, key: string): Promise<SendDepositResult> {
  const { wallet, signal, confirmations = 1 } = o;
  const store = o.store ?? defaultStore;
  const account = await abortable(payingAccount(wallet), signal);
  const from = addressOf(account);
  const d = checkDeposit(o.intent, {
    from,
    allowOtherPayer: o.allowOtherPayer,
    maxAmount: o.maxAmount,
  });
  const chainId = d.chainId;
  const progress = (p: Omit<Parameters<OnProgress>[0], "chainId">) =>
    report(o.onProgress, { chainId, ...p });
  progress({ step: "check" });
  if (await abortable(ensureChain(wallet, chainId), signal)) progress({ step: "switch-chain" });
  const reader = o.publicClient ?? wallet;
  if (o.publicClient) {
    const id = await getChainId(o.publicClient);
    if (id !== chainId)
      throw new WrongChainError(chainId, id, { message: `publicClient reads chain ${id}` });
  }
  const write = (r: Omit<DepositRecord, "chainId" | "intentAddress" | "from" | "amount" | "at">) =>
    store.set(key, {
      chainId,
      intentAddress: d.intentAddress,
      from,
      amount: `${d.amount}`,
      at: Date.now(),
      ...r,
    });
  const confirm = async (hash: `0x${string}`, reused: boolean, fromBlock: string) => {
    progress({ step: "sent", hash, reused });
    const receipt = await abortable(
      waitForTransactionReceipt(reader, { hash, confirmations }),
      signal,
    );
    if (receipt.status !== "success") {
      await write({ state: "failed", hash, fromBlock });
      throw new DepositRevertedError(hash);
    }
    progress({ step: "confirmed", hash, reused, confirmations });
    return { hash, reused };
  };

  const stored = await store.get(key);
  const record: DepositRecord | undefined =
    stored === undefined || isRecord(stored)
      ? stored
      : { ...(stored as DepositRecord), state: "sending", fromBlock: "0" };
  const started = record?.state === "sending" || record?.state === "sent";
  if (record?.state === "sent" && record.hash) {
    const hash = record.hash as `0x${string}`;
    const known = await getTransaction(reader, { hash }).then(
      () => true,
      () => false,
    );
    if (known) return confirm(hash, true, record.fromBlock);
  }
  const since = started && record ? BigInt(record.fromBlock) : undefined;
  const onChain = await abortable(findDeposit(reader, d, from, since, createdAt(o.intent)), signal);
  if (onChain === "funded") throw new DepositOutcomeUnknownError(key, { message: FUNDED });
  if (onChain) {
    await write({ state: "sent", hash: onChain, fromBlock: record?.fromBlock ?? "0" });
    return confirm(onChain, true, record?.fromBlock ?? "0");
  }
  if (started && o.ifOutcomeUnknown !== "send") throw new DepositOutcomeUnknownError(key);

  if (!d.native) {
    const have = await balanceOf(reader, d, from);
    if (have < d.amount) throw new InsufficientBalanceError(d.token, have, d.amount);
  }
  const gas = await estimate(reader, account, d);
  const native = await balanceOf(reader, { ...d, native: true }, from);
  const need = (d.native ? d.amount : 0n) + gas.cost;
  if (native < need) throw new InsufficientBalanceError(NATIVE_TOKEN, native, need);
  signal?.throwIfAborted();
  const fromBlock = `${await getBlockNumber(reader, { cacheTime: 0 })}`;
  await write({ state: "sending", fromBlock });
  progress({ step: "sign" });
  let hash: `0x${string}`;
  try {
    hash = await sendTransaction(wallet, {
      account,
      chain: chainFor(wallet, chainId),
      to: d.tx.to,
      data: d.tx.data,
      value: d.tx.value,
      gas: gas.limit,
    });
  } catch (cause) {
    const kind = failureKind(cause);
    if (kind === undefined) throw cause; // the record stays "sending": the outcome is not known
    await write({ state: "failed", fromBlock });
    if (kind === "rejected") throw new DepositRejectedError({ cause });
    if (kind === "reverted") throw new DepositRevertedError(undefined, { cause });
    const have = await balanceOf(reader, { ...d, native: true }, from);
    throw new InsufficientBalanceError(NATIVE_TOKEN, have, (d.native ? d.amount : 0n) + gas.cost, {
      cause,
    });
  }
  await write({ state: "sent", hash, fromBlock });
  return confirm(hash, false, fromBlock);
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

/** When the intent was quoted, in unix seconds, a minute early (clocks differ); 0 if unknown. */
export function createdAt(intent: Intent): bigint {
  const quoted = Date.parse(intent.createdAt ?? "") || Date.parse(intent.expiresAt) - 300_000;
  return Number.isFinite(quoted) ? BigInt(Math.max(0, Math.floor(quoted / 1000) - 60)) : 0n;
}
