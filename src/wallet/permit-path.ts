/**
 * The deposit by EIP-2612 permit: after the shared preparation and the service's answer, the
 * spender is checked (against the caller's pinned contracts when given), the deadline set by the
 * chain's clock (never past the execute deadline), and the permit signed while the store's claim
 * is held; the service then moves the tokens itself.
 */
import type { ExecuteIntentRequest, FeeOption, Intent } from "../../generated/types.js";
import { DepositMismatchError, DepositRejectedError } from "../errors/wallet-errors.js";
import { alreadyMade } from "./already-made.js";
import { chainDeadline, MAX_CLOCK_SKEW_MS } from "./chain-time.js";
import { checkedAddress } from "./check-deposit.js";
import type { DepositRecord } from "./deposit-store.js";
import { failureKind } from "./failures.js";
import { checkBalance } from "./find-deposit.js";
import { signPermit } from "./permit.js";
import type { Prepared } from "./preflight.js";
import type { Waiting } from "./service-state.js";
import type { Wallet } from "./wallet-chain.js";

/** What the permit path needs beyond the prepared deposit. */
export interface PermitOptions {
  intent: Intent;
  wallet: Wallet;
  signal?: AbortSignal | undefined;
  feeOption: FeeOption | undefined;
  permitSpender?: `0x${string}` | undefined;
  trustedContracts?: { readonly [chainId: number]: readonly string[] } | undefined;
  maxClockSkewMs?: number | undefined;
  pendingTimeoutMs?: number | undefined;
}

/** The ExecuteIntent arguments of the deposit: a found transfer's hash, or a signed permit. */
export type PermitOutcome =
  | { hash: `0x${string}` }
  | { request: Omit<ExecuteIntentRequest, "intentId"> };

/** The spender, checked: an address, and one of the pinned contracts when the caller pins any. */
export function checkedSpender(p: Prepared, o: PermitOptions): `0x${string}` {
  const spender = checkedAddress(
    "permit spender",
    o.permitSpender ?? o.intent.serviceContracts.serviceIntentEntrypointAddress,
  );
  const pinned = o.trustedContracts?.[p.d.chainId];
  if (pinned && !pinned.some((a) => a.toLowerCase() === spender))
    throw new DepositMismatchError(
      "permit spender",
      `one of the trusted contracts of chain ${p.d.chainId} (${pinned.join(", ")})`,
      spender,
    );
  return spender;
}

/** Signs the permit (or finds the deposit already made), the claim held. */
export async function permitDeposit(
  p: Prepared,
  o: PermitOptions,
  window: Waiting,
  record: DepositRecord | undefined,
): Promise<PermitOutcome> {
  const { d, reader, from } = p;
  if (d.native)
    throw new DepositMismatchError(
      "depositTransaction.tokenAddress",
      "a token with a permit",
      d.token,
    );
  const feeOption = o.feeOption;
  if (!feeOption) throw new TypeError("a permit needs gasFeeOption (or the quote's gasFeeOptions)");
  const spender = checkedSpender(p, o);
  // A permit signed before moves nothing by itself (its nonce is spent once): only a deposit
  // recorded as sent, or found pending or on chain, counts as made.
  const made = await alreadyMade(p, o, record?.state === "sending" ? undefined : record);
  if (made) return { hash: made.hash };
  await checkBalance(reader, d, from, d.amount);
  const deadline = await chainDeadline(reader, window, o.maxClockSkewMs ?? MAX_CLOCK_SKEW_MS);
  window.checkWindow();
  await p.write({ state: "sending", fromBlock: "0" });
  p.progress({ step: "sign" });
  let permit: Awaited<ReturnType<typeof signPermit>>;
  try {
    permit = await signPermit(o.wallet, reader, p.account, from, d, spender, deadline);
  } catch (cause) {
    if (failureKind(cause) !== "rejected") throw cause;
    await p.write({ state: "failed", fromBlock: "0" });
    throw new DepositRejectedError({ cause });
  }
  return {
    request: {
      depositSignature: {
        permitSignature: permit.signature,
        permitDeadline: deadline,
        permitAmount: d.amount,
        selectedGasFeeOption: feeOption,
        userNonce: permit.nonce,
        deadline,
      },
    },
  };
}
