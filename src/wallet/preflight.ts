/**
 * The one preparation of every deposit, by transfer or by permit: the paying account, the
 * instructions checked against the intent (and the intent against the caller's request), the
 * wallet put on the origin chain, the chain reader checked to read that chain.
 */
import type { Account } from "viem";
import { getChainId } from "viem/actions";
import type { Intent, QuoteIntentRequest } from "../../generated/types.js";
import { checkAmountBounds } from "../client/amount-bounds.js";
import { checkIntentAnswers } from "../client/answers-request.js";
import { abortable } from "../client/wait.js";
import { WrongChainError } from "../errors/wallet-errors.js";
import { type CheckedDeposit, checkDeposit } from "./check-deposit.js";
import { type DepositRecord, type DepositStore, depositKey } from "./deposit-store.js";
import type { Reader } from "./find-deposit.js";
import { type DepositProgress, type OnProgress, report } from "./progress.js";
import {
  addressOf,
  checkServesChain,
  ensureChain,
  payingAccount,
  type Wallet,
} from "./wallet-chain.js";

/** What every deposit path is given. */
export interface PreflightOptions {
  /** The intent as quoted (its deposit instructions are checked against it). */
  intent: Intent;
  /** The paying wallet: a viem wallet client. */
  wallet: Wallet;
  /** Reads the origin chain; default: the wallet's own transport. */
  publicClient?: Reader | undefined;
  /** Receives each step. */
  onProgress?: OnProgress | undefined;
  /** Stops waiting; never takes back what the wallet was asked. */
  signal?: AbortSignal | undefined;
  /**
   * The most the caller agrees to deposit, in base units of the origin token. `executeWithWallet`
   * requires it for an EXACT_OUTPUT intent and whenever `request` is not passed.
   */
  maxAmount?: bigint | undefined;
  /**
   * The least the caller agrees to receive, in base units of the destination token: a quote
   * whose `toAmountMin` is lower is refused before signing (`IntentMismatchError`).
   */
  minAmountOut?: bigint | undefined;
  /** Accept paying from an account other than the intent's owner. */
  allowOtherPayer?: boolean | undefined;
  /**
   * The request that was quoted (`quoteAndCommit` gives it): the intent must answer it (owner,
   * chains, tokens, recipient, trade type, amounts), else `IntentMismatchError` before signing.
   */
  request?: QuoteIntentRequest | undefined;
}

/** A prepared deposit. */
export interface Prepared {
  account: Account | `0x${string}`;
  from: `0x${string}`;
  d: CheckedDeposit;
  reader: Reader;
  key: string;
  /** Writes the intent's record (chain, address, payer and amount filled in). */
  write(r: Pick<DepositRecord, "state" | "fromBlock" | "hash">): Promise<unknown>;
  progress(p: Omit<DepositProgress, "chainId">): void;
}

/** Prepares the deposit of `o.intent`; nothing is signed or sent. */
export async function preflight(o: PreflightOptions, store: DepositStore): Promise<Prepared> {
  const { wallet, signal } = o;
  const account = await abortable(payingAccount(wallet), signal);
  const from = addressOf(account);
  const d = checkDeposit(o.intent, { ...o, from });
  if (o.request) checkIntentAnswers(o.intent, o.request);
  checkAmountBounds(o.intent, o);
  const chainId = d.chainId;
  const progress = (p: Omit<DepositProgress, "chainId">) => report(o.onProgress, { chainId, ...p });
  progress({ step: "check" });
  if (await abortable(ensureChain(wallet, chainId), signal)) progress({ step: "switch-chain" });
  if (o.publicClient) {
    const id = await abortable(getChainId(o.publicClient), signal);
    if (id !== chainId)
      throw new WrongChainError(chainId, id, { message: `publicClient reads chain ${id}` });
  }
  await abortable(checkServesChain(wallet, d), signal);

  const key = depositKey(chainId, d.intentAddress);
  const write: Prepared["write"] = async (r) =>
    store.set(key, {
      chainId,
      intentAddress: d.intentAddress,
      from,
      amount: `${d.amount}`,
      at: Date.now(),
      ...r,
    });
  return { account, from, d, reader: o.publicClient ?? wallet, key, write, progress };
}
