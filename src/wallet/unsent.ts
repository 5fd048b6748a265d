/**
 * "Nothing was sent" only when the chain agrees. A wallet (or its node) that answers a send with
 * a refusal, a revert, missing funds or another chain is believed only when the account's next
 * nonce has not moved since before the wallet was asked: then no transaction from the account
 * left, the record says "failed" and a new attempt may send. When it moved, a transaction left
 * meanwhile (perhaps this deposit, whatever the wallet said): the outcome is unknown, the record
 * stays "sending", and the error says how to find out.
 */
import { getTransactionCount } from "viem/actions";
import {
  DepositOutcomeUnknownError,
  DepositRejectedError,
  DepositRevertedError,
  InsufficientBalanceError,
} from "../errors/wallet-errors.js";
import { NATIVE_TOKEN } from "./check-deposit.js";
import { CHECK, type FailureKind } from "./failures.js";
import { balanceOf } from "./find-deposit.js";
import type { Prepared } from "./preflight.js";
import type { Wallet } from "./wallet-chain.js";

/**
 * The account's next nonce, its pending transactions included, as the wallet's node counts it
 * (the node a wallet sends through sees its transaction first), else as the chain reader does.
 */
export function nextNonce(wallet: Wallet, p: Prepared): Promise<number> {
  const read = (client: Wallet | Prepared["reader"]) =>
    getTransactionCount(client, { address: p.from, blockTag: "pending" });
  return read(wallet).catch(() => read(p.reader));
}

/**
 * Throws what a send answered with `kind` means, after reading the account's nonce again
 * (`nonce`: before the wallet was asked). `need`: the native balance the deposit needed.
 */
export async function refusedSend(
  p: Prepared,
  cause: unknown,
  kind: FailureKind,
  nonce: number,
  fromBlock: string,
  need: bigint,
  o: { wallet: Wallet },
): Promise<never> {
  // Another sender took the nonce: this transaction was not sent, but which one was is not known.
  if (kind === "nonce") throw cause;
  const now = await nextNonce(o.wallet, p).catch(() => undefined);
  if (now !== nonce)
    throw new DepositOutcomeUnknownError(p.key, undefined, undefined, {
      message: `the wallet refused, but nonce ${nonce} of ${p.from} ${now === undefined ? "could not be read" : "was used meanwhile"}: ${CHECK}`,
      cause,
    });
  await p.write({ state: "failed", fromBlock });
  const unused = `: nonce ${nonce} of ${p.from} is unused on chain, nothing was sent`;
  if (kind === "chain") throw cause;
  if (kind === "rejected")
    throw new DepositRejectedError({
      message: `the deposit was refused in the wallet${unused}`,
      cause,
    });
  if (kind === "reverted")
    throw new DepositRevertedError(undefined, {
      message: `the deposit would revert${unused}`,
      cause,
    });
  const have = await balanceOf(p.reader, { ...p.d, native: true }, p.from);
  throw new InsufficientBalanceError(NATIVE_TOKEN, have, need, { cause });
}
