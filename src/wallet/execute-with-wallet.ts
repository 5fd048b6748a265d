/**
 * `executeWithWallet`: the whole step after CommitIntent. Sends the deposit from the wallet (or
 * signs an EIP-2612 permit, `method: "permit"`), then calls ExecuteIntent through the client,
 * whose reconciling path never repeats an execution blindly.
 */
import type {
  ExecuteIntentRequest,
  ExecuteIntentResponse,
  FeeOption,
  GasFeeOptions,
  IntentStatus,
} from "../../generated/types.js";
import { checkDeposit } from "./check-deposit.js";
import { depositKey } from "./deposit-store.js";
import {
  DepositMismatchError,
  DepositOutcomeUnknownError,
  DepositRejectedError,
  InsufficientBalanceError,
} from "./errors.js";
import { balanceOf, findDeposit } from "./find-deposit.js";
import { once } from "./once.js";
import { signPermit } from "./permit.js";
import { report } from "./progress.js";
import { createdAt, type SendDepositOptions, sendDeposit } from "./send-deposit.js";
import { addressOf, ensureChain, payingAccount } from "./wallet-chain.js";
import { abortable, failureKind } from "./wallet-errors.js";

/** The part of the client `executeWithWallet` uses (an `IntentClient` has it). */
export interface ExecutingClient {
  executeIntent(
    request: ExecuteIntentRequest,
    options?: { signal?: AbortSignal | undefined },
  ): Promise<ExecuteIntentResponse>;
}

/** Options of `executeWithWallet` (those of `sendDeposit`, and what ExecuteIntent needs). */
export interface ExecuteWithWalletOptions extends SendDepositOptions {
  /** The committed intent's id. */
  intentId: string;
  /** `"transfer"` (default): the wallet sends the deposit; `"permit"`: it signs an EIP-2612 permit. */
  method?: "transfer" | "permit" | undefined;
  /** The last moment to execute (`quoteAndCommit` gives it); the permit's deadline. */
  executeDeadline?: Date | undefined;
  /** The quote response (`quoteAndCommit` gives it): its first gas fee option is the default. */
  quote?: { gasFeeOptions: GasFeeOptions } | undefined;
  /** The gas fee option to pay with (permit only). */
  gasFeeOption?: FeeOption | undefined;
  /** Who may take the deposit under the permit. Default: the intent's entrypoint contract. */
  permitSpender?: `0x${string}` | undefined;
}

/** What `executeWithWallet` did. */
export interface ExecuteWithWalletResult {
  /** The deposit's transaction hash (undefined for a permit: the service sends it). */
  depositTransactionHash: `0x${string}` | undefined;
  /** The intent's status as ExecuteIntent answered. */
  intentStatus: IntentStatus;
  /** Whether the deposit was found already made instead of made by this call. */
  reused: boolean;
}

/**
 * Sends the deposit of a committed intent from `wallet` (never twice) and executes the intent.
 *
 * @example
 * const committed = await client.quoteAndCommit(request);
 * const { intentStatus } = await executeWithWallet(client, { ...committed, wallet, onProgress });
 * await client.waitForIntent(committed.intentId);
 */
export function executeWithWallet(
  client: ExecutingClient,
  options: ExecuteWithWalletOptions,
): Promise<ExecuteWithWalletResult> {
  const { intent } = options;
  const key = depositKey(intent.originChainId, String(intent.originIntentAddress));
  // Concurrent calls for one intent share one attempt, ExecuteIntent included.
  return once(`execute:${key}`, () => run(client, options));
}

async function run(
  client: ExecutingClient,
  options: ExecuteWithWalletOptions,
): Promise<ExecuteWithWalletResult> {
  const { intentId, intent, signal } = options;
  const execute = async (
    request: Omit<ExecuteIntentRequest, "intentId">,
    hash?: `0x${string}`,
    reused = false,
  ) => {
    const chainId = intent.originChainId;
    report(options.onProgress, { step: "execute", chainId, ...(hash && { hash }) });
    const { intentStatus } = await client.executeIntent({ intentId, ...request }, { signal });
    report(options.onProgress, { step: "done", chainId, ...(hash && { hash }) });
    return { depositTransactionHash: hash, intentStatus, reused };
  };
  if (options.method === "permit") return viaPermit(options, execute);
  const { hash, reused } = await sendDeposit(options);
  return execute({ depositTransactionHash: hash }, hash, reused);
}

type Execute = (
  request: Omit<ExecuteIntentRequest, "intentId">,
  hash?: `0x${string}`,
  reused?: boolean,
) => Promise<ExecuteWithWalletResult>;

async function viaPermit(
  o: ExecuteWithWalletOptions,
  execute: Execute,
): Promise<ExecuteWithWalletResult> {
  const { wallet, intent, signal } = o;
  const account = await abortable(payingAccount(wallet), signal);
  const from = addressOf(account);
  const d = checkDeposit(intent, {
    from,
    allowOtherPayer: o.allowOtherPayer,
    maxAmount: o.maxAmount,
  });
  if (d.native)
    throw new DepositMismatchError(
      "depositTransaction.tokenAddress",
      "a token with a permit",
      d.token,
    );
  const feeOption = o.gasFeeOption ?? o.quote?.gasFeeOptions.feeOptions[0];
  if (!feeOption) throw new TypeError("a permit needs gasFeeOption (or the quote's gasFeeOptions)");
  report(o.onProgress, { step: "check", chainId: d.chainId });
  if (await abortable(ensureChain(wallet, d.chainId), signal))
    report(o.onProgress, { step: "switch-chain", chainId: d.chainId });
  const reader = o.publicClient ?? wallet;
  const made = await abortable(findDeposit(reader, d, from, undefined, createdAt(intent)), signal);
  if (made === "funded")
    throw new DepositOutcomeUnknownError(depositKey(d.chainId, d.intentAddress));
  if (made) return execute({ depositTransactionHash: made }, made, true);
  const have = await balanceOf(reader, d, from);
  if (have < d.amount) throw new InsufficientBalanceError(d.token, have, d.amount);
  const at = o.executeDeadline?.getTime() ?? Date.now() + 10 * 60_000;
  const deadline = BigInt(Math.floor(at / 1000));
  const spender = (o.permitSpender ??
    intent.serviceContracts.serviceIntentEntrypointAddress) as `0x${string}`;
  report(o.onProgress, { step: "sign", chainId: d.chainId });
  const permit = await signPermit(wallet, reader, account, from, d, spender, deadline).catch(
    (cause) => {
      throw failureKind(cause) === "rejected" ? new DepositRejectedError({ cause }) : cause;
    },
  );
  return execute({
    depositSignature: {
      permitSignature: permit.signature,
      permitDeadline: deadline,
      permitAmount: d.amount,
      selectedGasFeeOption: feeOption,
      userNonce: permit.nonce,
      deadline,
    },
  });
}
