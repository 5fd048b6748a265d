/**
 * The one answer to "was this intent's deposit already made?", for the transfer and the permit
 * alike, asked while the store's claim is held: the store's record, then the paying account's
 * pending transactions (a deposit waiting in the pool is made), then the chain since the intent
 * was quoted, bounded by the chain's own clock. A deposit found is reused, never repeated.
 */
import { getBlock, getTransaction } from "viem/actions";
import type { Intent } from "../../generated/types.js";
import { abortable } from "../client/wait.js";
import { DepositOutcomeUnknownError, DepositStrandedError } from "../errors/wallet-errors.js";
import type { DepositRecord } from "./deposit-store.js";
import { refundAfter } from "./failures.js";
import { findDeposit, fundedUnknown } from "./find-deposit.js";
import { settlePending } from "./pending.js";
import type { Prepared } from "./preflight.js";
import type { Made } from "./transfer.js";
import type { Wallet } from "./wallet-chain.js";

/** What the check needs beyond the prepared deposit. */
export interface MadeOptions {
  intent: Intent;
  wallet: Wallet;
  signal?: AbortSignal | undefined;
  ifOutcomeUnknown?: "throw" | "send" | undefined;
  pendingTimeoutMs?: number | undefined;
}

/**
 * No deposit can be older than the intent's quote: a minute before it, or 20 minutes before the
 * chain's latest block when the service dates it later than that (its clock is its own).
 */
export function notBefore(intent: Intent, chainTime: bigint): bigint {
  const quoted = Date.parse(intent.createdAt ?? "") || Date.parse(intent.expiresAt) - 300_000;
  const t = Number.isFinite(quoted) ? BigInt(Math.max(0, Math.floor(quoted / 1000) - 60)) : 0n;
  return t < chainTime - 1200n ? t : chainTime - 1200n;
}

/** Throws `DepositStrandedError` when the store records the deposit as refused by the service. */
export function refusedBefore(record: DepositRecord | undefined, intent: Intent): void {
  if (record?.state === "refused")
    throw new DepositStrandedError(
      record.hash ?? "(unknown)",
      record.intentAddress,
      BigInt(record.amount),
      refundAfter(intent),
    );
}

/**
 * The deposit already made (recorded, pending, or on chain), else `undefined`: it may be made
 * now. Throws `DepositStrandedError` for a deposit the service refused, and
 * `DepositOutcomeUnknownError` when a deposit was started but cannot be found (unless
 * `ifOutcomeUnknown: "send"`), when the address holds the deposit paid by no transaction found,
 * or when the account's transactions stay pending.
 */
export async function alreadyMade(
  p: Prepared,
  o: MadeOptions,
  record: DepositRecord | undefined,
): Promise<Made | undefined> {
  refusedBefore(record, o.intent);
  const started = record?.state === "sending" || record?.state === "sent";
  const fromBlock = record?.fromBlock ?? "0";
  const reuse = async (hash: `0x${string}`): Promise<Made> => {
    await p.write({ state: "sent", hash, fromBlock });
    return { hash, reused: true, fromBlock };
  };
  if (record?.state === "sent" && record.hash) {
    const hash = record.hash as `0x${string}`;
    const known = await getTransaction(p.reader, { hash }).then(
      () => true,
      () => false,
    );
    if (known) return { hash, reused: true, fromBlock };
  }
  const pending = await settlePending(p, o);
  if (pending) return reuse(pending);
  const since = started ? BigInt(fromBlock) : undefined;
  // The chain's time bounds the search only when no record says where it starts.
  const oldest =
    since === undefined ? notBefore(o.intent, (await getBlock(p.reader)).timestamp) : 0n;
  const found = await abortable(findDeposit(p.reader, p.d, p.from, since, oldest), o.signal);
  if (found === "funded") throw fundedUnknown(p.key, o.intent.originIntentAddress);
  if (found) return reuse(found);
  if (started && o.ifOutcomeUnknown !== "send")
    throw new DepositOutcomeUnknownError(p.key, undefined, undefined);
  return undefined;
}
