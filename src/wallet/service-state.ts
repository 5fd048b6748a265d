/**
 * Asking the service before paying: an intent no longer waiting for its deposit gets nothing,
 * and one whose execute window ends before a deposit could confirm gets nothing either. The
 * intent the caller holds must be the one the service knows (same deposit address, token,
 * amount, owner and contracts).
 */
import type {
  GetIntentReceiptRequest,
  GetIntentReceiptResponse,
  GetIntentRequest,
  GetIntentResponse,
  IntentStatus,
} from "../../generated/types.js";
import { checkIntentAnswers } from "../client/answers-request.js";
import { abortable } from "../client/wait.js";
import {
  DepositMismatchError,
  ExecuteWindowClosedError,
  IntentNotAwaitingDepositError,
} from "../errors/wallet-errors.js";
import { EXECUTE_WINDOW_MS } from "../lifecycle/execute-deadline.js";
import { valueAt } from "./check-deposit.js";
import type { PreflightOptions } from "./preflight.js";

/** The reads of the client the wallet step makes (an `IntentClient` has them). */
export interface ReadingClient {
  getIntent(
    request: GetIntentRequest,
    options?: { signal?: AbortSignal | undefined },
  ): Promise<GetIntentResponse>;
  /** When present, read for the deposit hash of an intent no longer waiting for one. */
  getIntentReceipt?(
    request: GetIntentReceiptRequest,
    options?: { signal?: AbortSignal | undefined },
  ): Promise<GetIntentReceiptResponse>;
  /** The service's clock minus this machine's, in ms (measured on each response). */
  readonly clockSkewMs?: number;
}

/** `ms` (since the epoch) in RFC 3339. */
export const iso = (ms: number): string => new Date(ms).toISOString();

/** What the service said, for an intent that waits for its deposit. */
export interface Waiting {
  /** The last moment ExecuteIntent is accepted, epoch ms in the service's time. */
  deadline: number;
  /** The service's time now, epoch ms. */
  serviceNow(): number;
  /** Throws `ExecuteWindowClosedError` when a deposit can no longer confirm in time. */
  checkWindow(): void;
}

/** An intent the service has moved on: its status and deposit. */
export interface MovedOn {
  intentStatus: IntentStatus;
  depositTransactionHash: `0x${string}` | undefined;
}

/** The fields the service's intent must share with the caller's, as dotted paths. */
const FIELDS = [
  "intentId",
  "originChainId",
  "originIntentAddress",
  "ownerAddress",
  "depositTransaction.toAddress",
  "depositTransaction.tokenAddress",
  "depositTransaction.amount",
  "serviceContracts.serviceIntentEntrypointAddress",
];

/** Options of `askService`. */
export interface AskOptions extends PreflightOptions {
  intentId: string;
  executeDeadline?: Date | undefined;
  /** Time a deposit needs to confirm, in ms (default 60,000). */
  deadlineMarginMs?: number | undefined;
}

/** Statuses at which the service has taken the deposit. */
export const TAKEN = new Set(["EXECUTING", "SUCCEEDED"]);

/**
 * Reads the intent at the service. Resolves with the window when it waits for its deposit; with
 * `MovedOn` when it is EXECUTING or SUCCEEDED (its deposit was made); throws
 * `IntentNotAwaitingDepositError` for any other status, `ExecuteWindowClosedError` when the window
 * ends within `deadlineMarginMs`.
 */
export async function askService(client: ReadingClient, o: AskOptions): Promise<Waiting | MovedOn> {
  const { signal, intentId } = o;
  const { intent: seen } = await abortable(client.getIntent({ intentId }, { signal }), signal);
  for (const field of FIELDS) {
    const [mine, theirs] = [String(valueAt(o.intent, field)), String(valueAt(seen, field))];
    if (mine.toLowerCase() !== theirs.toLowerCase())
      throw new DepositMismatchError(`GetIntent ${field}`, mine, theirs);
  }
  if (o.request) checkIntentAnswers(seen, o.request);
  if (seen.status !== "COMMITTED") {
    const hash = await depositOf(client, intentId, signal);
    if (TAKEN.has(seen.status)) return { intentStatus: seen.status, depositTransactionHash: hash };
    throw new IntentNotAwaitingDepositError(seen.status, hash);
  }
  const serviceNow = () => Date.now() + (client.clockSkewMs ?? 0);
  // While COMMITTED, the intent was last updated by its commit; it was committed before its
  // quote expired in any case.
  const committed = Date.parse(seen.updatedAt ?? "") || Date.parse(seen.expiresAt);
  const byService = Number.isFinite(committed) ? committed + EXECUTE_WINDOW_MS : Infinity;
  const deadline = Math.min(o.executeDeadline?.getTime() ?? Infinity, byService);
  const marginMs = o.deadlineMarginMs ?? 60_000;
  const checkWindow = () => {
    const now = serviceNow();
    if (deadline - now < marginMs)
      throw new ExecuteWindowClosedError(iso(deadline), iso(now), marginMs);
  };
  checkWindow();
  return { deadline, serviceNow, checkWindow };
}

/** The deposit hash the service's receipt names, if it can be read. */
async function depositOf(
  client: ReadingClient,
  intentId: string,
  signal: AbortSignal | undefined,
): Promise<`0x${string}` | undefined> {
  try {
    const answer = await client.getIntentReceipt?.({ intentId }, { signal });
    return answer?.intentReceipt.depositTransaction?.txnHash as `0x${string}` | undefined;
  } catch {
    return undefined;
  }
}
