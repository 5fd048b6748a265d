/**
 * `executeWithWallet`: the whole step after CommitIntent. Asks the service first (an intent no
 * longer waiting for its deposit, or whose window closes before a deposit confirms, gets
 * nothing), sends the deposit from the wallet once (or signs an EIP-2612 permit, `method:
 * "permit"`), then calls ExecuteIntent through the client, whose reconciling path never repeats
 * an execution blindly. A deposit the service refuses is recorded as refused, never reused.
 */
import type {
  ExecuteIntentRequest,
  ExecuteIntentResponse,
  FeeOption,
  GasFeeOptions,
  Intent,
  IntentStatus,
} from "../../generated/types.js";
import { sleep } from "../client/wait.js";
import { DepositStrandedError } from "../errors/wallet-errors.js";
import { refusedBefore } from "./already-made.js";
import { checkCallerBounds } from "./caller-bounds.js";
import { checkedClocks, MAX_CLOCK_SKEW_MS } from "./chain-time.js";
import { confirm } from "./confirm.js";
import { afterSending, moneyLeft, refundAfter, shortMessage } from "./failures.js";
import { permitDeposit } from "./permit-path.js";
import { type Prepared, preflight } from "./preflight.js";
import { madeOrSent, type SendDepositOptions, storeOf, underClaim } from "./send-deposit.js";
import { askService, type MovedOn, type ReadingClient, TAKEN } from "./service-state.js";
import { sharedAttempt } from "./shared-attempt.js";
import { type Made, readRecord } from "./transfer.js";

/** The part of the client `executeWithWallet` uses (an `IntentClient` has it). */
export interface ExecutingClient extends ReadingClient {
  executeIntent(
    request: ExecuteIntentRequest,
    options?: { signal?: AbortSignal | undefined },
  ): Promise<ExecuteIntentResponse>;
}

/**
 * Options of `executeWithWallet` (those of `sendDeposit`, and what ExecuteIntent needs).
 * `maxAmount` is required for an EXACT_OUTPUT intent and whenever `request` is not passed.
 */
export interface ExecuteWithWalletOptions extends SendDepositOptions {
  /** The committed intent's id. */
  intentId: string;
  /** `"transfer"` (default): the wallet sends the deposit; `"permit"`: it signs an EIP-2612 permit. */
  method?: "transfer" | "permit" | undefined;
  /** The last moment to execute (`quoteAndCommit` gives it), in the service's time. */
  executeDeadline?: Date | undefined;
  /**
   * Time a deposit needs to confirm, in ms: nothing is signed when the execute window ends
   * sooner (`ExecuteWindowClosedError`). Default 60,000.
   */
  deadlineMarginMs?: number | undefined;
  /**
   * The quote response (`quoteAndCommit` gives it): its first gas fee option is the default, and
   * its intent must agree with `intent` on every field.
   */
  quote?: { gasFeeOptions: GasFeeOptions; intent?: Intent } | undefined;
  /** The gas fee option to pay with (permit only). */
  gasFeeOption?: FeeOption | undefined;
  /** Who may take the deposit under the permit. Default: the intent's entrypoint contract. */
  permitSpender?: `0x${string}` | undefined;
  /**
   * The service's contracts the caller trusts, per chain: a permit spender outside the origin
   * chain's list is refused (`DepositMismatchError`). Without it the spender is the service's word.
   */
  trustedContracts?: { readonly [chainId: number]: readonly string[] } | undefined;
  /**
   * The largest difference accepted between the service's clock and the origin chain's before a
   * deposit is sent or a permit deadline signed (`ClockSkewError` beyond), in ms. Default 300,000.
   */
  maxClockSkewMs?: number | undefined;
}

/** What `executeWithWallet` did. */
export interface ExecuteWithWalletResult {
  /**
   * The deposit's transaction hash when one is known (sent, found on chain, or read from the
   * service's receipt); undefined when a permit was signed and the service sends the deposit.
   */
  depositTransactionHash: `0x${string}` | undefined;
  /** The intent's status as ExecuteIntent (or, when it had moved on, GetIntent) answered. */
  intentStatus: IntentStatus;
  /** Whether the deposit was found already made instead of made by this call. */
  reused: boolean;
}

/**
 * Sends the deposit of a committed intent from `wallet` (never twice) and executes the intent.
 *
 * @example
 * const maxAmount = 30_000_000n; // the most the user agreed to pay (required for EXACT_OUTPUT)
 * const committed = await client.quoteAndCommit(request, { maxAmount });
 * const { intentStatus } = await executeWithWallet(client, { ...committed, wallet, maxAmount });
 * await client.waitForIntent(committed.intentId);
 */
export function executeWithWallet(
  client: ExecutingClient,
  options: ExecuteWithWalletOptions,
): Promise<ExecuteWithWalletResult> {
  // Concurrent calls for one intent share one attempt, ExecuteIntent included.
  return sharedAttempt("execute:", options.intent, () => run(client, options));
}

async function run(
  client: ExecutingClient,
  o: ExecuteWithWalletOptions,
): Promise<ExecuteWithWalletResult> {
  checkCallerBounds(o);
  const store = storeOf(o);
  const p = await preflight(o, store);
  // A deposit the service refused is never reused nor repeated, whatever the service says now.
  const record = await readRecord(p, (k) => store.get(k));
  refusedBefore(record, o.intent);
  const state = await askService(client, o);
  if (!("deadline" in state)) return movedOn(p, state);
  if (o.method === "permit") {
    const feeOption = o.gasFeeOption ?? o.quote?.gasFeeOptions.feeOptions[0];
    const outcome = await underClaim(p, o, (record) =>
      permitDeposit(p, { ...o, feeOption }, state, record),
    );
    if ("request" in outcome) return execute(client, o, p, outcome.request, undefined, false);
    // A deposit already made (perhaps still pending) is confirmed as a transfer would be.
    return confirmAndExecute(client, o, p, { hash: outcome.hash, reused: true, fromBlock: "0" });
  }
  // The service's clock measures the window: believed only within a bound of the chain's.
  const beforeSign = async () => {
    await checkedClocks(p.reader, state, o.maxClockSkewMs ?? MAX_CLOCK_SKEW_MS);
    state.checkWindow();
  };
  return confirmAndExecute(client, o, p, await madeOrSent(p, o, beforeSign));
}

/** The deposit `made` confirmed, then executed; any failure says the money left. */
function confirmAndExecute(
  client: ExecutingClient,
  o: ExecuteWithWalletOptions,
  p: Prepared,
  made: Made,
): Promise<ExecuteWithWalletResult> {
  return afterSending(made.hash, o.intent, async () => {
    const { hash, reused } = await confirm(
      p,
      made,
      o.confirmations ?? 1,
      o.signal,
      o.seenTimeoutMs,
    );
    return execute(client, o, p, { depositTransactionHash: hash }, hash, reused);
  });
}

function movedOn(p: Prepared, s: MovedOn): ExecuteWithWalletResult {
  const hash = s.depositTransactionHash;
  p.progress({ step: "done", ...(hash && { hash, reused: true }) });
  return { depositTransactionHash: hash, intentStatus: s.intentStatus, reused: true };
}

/**
 * ExecuteIntent; when it answers `IntentStatus` (another process or tab is executing the same
 * deposit and the service is checking it), asked again a few times: the same execution then
 * answers the intent's status.
 */
async function executeAnswered(
  client: ExecutingClient,
  request: ExecuteIntentRequest,
  signal: AbortSignal | undefined,
): Promise<ExecuteIntentResponse> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await client.executeIntent(request, { signal });
    } catch (e) {
      if ((e as { error?: unknown }).error !== "IntentStatus" || attempt >= 8) throw e;
    }
    await sleep(Math.min(1_000, 50 * 2 ** attempt), signal);
  }
}

async function execute(
  client: ExecutingClient,
  o: ExecuteWithWalletOptions,
  p: Prepared,
  request: Omit<ExecuteIntentRequest, "intentId">,
  hash: `0x${string}` | undefined,
  reused: boolean,
): Promise<ExecuteWithWalletResult> {
  p.progress({ step: "execute", ...(hash && { hash }) });
  let answered: IntentStatus | undefined;
  let failure: unknown;
  try {
    ({ intentStatus: answered } = await executeAnswered(
      client,
      { intentId: o.intentId, ...request },
      o.signal,
    ));
  } catch (e) {
    // Before a deposit left (a permit not taken), the service's error is the answer.
    if (!hash) throw e;
    failure = e;
  }
  const intentStatus = hash ? await afterDeposit(client, o, p, hash, answered, failure) : answered;
  p.progress({ step: "done", ...(hash && { hash }) });
  return { depositTransactionHash: hash, intentStatus: intentStatus as IntentStatus, reused };
}

// What ExecuteIntent's answer means once the deposit has left the wallet, checked against the
// service's own intent (GetIntent): a refusal is recorded as "refused" only when the intent is
// neither executing nor done (an answer that lies is not believed), any other failure says the
// money left and not to pay again, and an answered status is the one GetIntent confirms. It sits
// beside `execute`, its one caller, so the options are read in one file from ExecuteIntent on.

/** Errors of ExecuteIntent that refuse the deposit itself (it will never be used). */
const REFUSALS = new Set(["InvalidArgument", "QuoteExpired"]);

/**
 * The intent's status after its deposit `hash` left and ExecuteIntent answered `answered` or
 * failed with `failure`. Throws `DepositStrandedError` (a refusal the intent confirms) or
 * `DepositOutcomeUnknownError` (anything else not known), the service's error as `cause`.
 */
async function afterDeposit(
  client: ReadingClient,
  o: ExecuteWithWalletOptions,
  p: Prepared,
  hash: `0x${string}`,
  answered: IntentStatus | undefined,
  failure: unknown,
): Promise<IntentStatus> {
  // An aborted caller is answered at once: what became of the deposit is then not known.
  const seen = o.signal?.aborted
    ? undefined
    : await client.getIntent({ intentId: o.intentId }, { signal: o.signal }).then(
        (r) => r.intent.status,
        () => undefined,
      );
  if (seen !== undefined && TAKEN.has(seen)) return seen;
  const name = (failure as { error?: unknown } | undefined)?.error;
  const after = refundAfter(o.intent);
  if (seen !== undefined && typeof name === "string" && REFUSALS.has(name)) {
    await p.write({ state: "refused", hash, fromBlock: "0" });
    throw new DepositStrandedError(hash, p.d.intentAddress, p.d.amount, after, { cause: failure });
  }
  if (failure === undefined && seen !== undefined && seen !== "COMMITTED") return seen;
  if (failure === undefined && seen === undefined && answered !== undefined) return answered;
  const why =
    failure === undefined
      ? `ExecuteIntent answered ${answered}, GetIntent ${seen}`
      : `ExecuteIntent failed (${shortMessage(failure)})`;
  throw moneyLeft(p.key, hash, after, why, failure);
}
