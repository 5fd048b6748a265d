/**
 * What ExecuteIntent's answer means once the deposit has left the wallet, checked against the
 * service's own intent (GetIntent): a refusal is recorded as "refused" only when the intent is
 * neither executing nor done (an answer that lies is not believed), any other failure says the
 * money left and not to pay again, and an answered status is the one GetIntent confirms.
 */
import type { IntentStatus } from "../../generated/types.js";
import { DepositStrandedError } from "./errors.js";
import type { Prepared } from "./preflight.js";
import type { ReadingClient } from "./service-state.js";
import type { TransferOptions } from "./transfer.js";
import { moneyLeft, refundAfter, shortMessage } from "./wallet-errors.js";

/** Errors of ExecuteIntent that refuse the deposit itself (it will never be used). */
const REFUSALS = new Set(["InvalidArgument", "QuoteExpired"]);

/** Statuses at which the service has taken the deposit. */
const TAKEN = new Set(["EXECUTING", "SUCCEEDED"]);

/**
 * The intent's status after its deposit `hash` left and ExecuteIntent answered `answered` or
 * failed with `failure`. Throws `DepositStrandedError` (a refusal the intent confirms) or
 * `DepositOutcomeUnknownError` (anything else not known), the service's error as `cause`.
 */
export async function afterDeposit(
  client: ReadingClient,
  o: Pick<TransferOptions, "intent" | "signal"> & { intentId: string },
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
