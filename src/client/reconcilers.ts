/**
 * How to reconcile each state-changing operation, by operation name: what the generator cannot
 * know. After an ambiguous failure the intent is read back; its status says whether the server
 * acted (`done`, answered with `outcome`), provably did not (`resend`), or cannot tell. An
 * `@retry:unsafe` operation without an entry here is never re-sent after an ambiguous failure.
 */
import type { IntentStatus } from "../../generated/types.js";
import { type Reconciliation, reconcileCommit, reconcileExecute } from "../retry/reconcile.js";

/** The reconciliation of one state-changing operation. */
export interface Reconciler {
  /** The intent the request acts on, read back after an ambiguous failure. */
  intentId(request: unknown): string | undefined;
  /** What the intent's status says about the request. */
  verdict(status: string): Reconciliation;
  /** The response to return when the status shows the server acted. */
  outcome(request: unknown, status: IntentStatus): unknown;
}

const member = (value: unknown, key: string): unknown =>
  typeof value === "object" && value !== null ? Reflect.get(value, key) : undefined;

const stringAt = (value: unknown, key: string): string | undefined => {
  const v = member(value, key);
  return typeof v === "string" ? v : undefined;
};

/** Reconcilers by operation name. */
export const reconcilers: { readonly [operation: string]: Reconciler | undefined } = {
  CommitIntent: {
    intentId: (request) => stringAt(member(request, "intent"), "intentId"),
    verdict: reconcileCommit,
    outcome: (request) => ({ intentId: stringAt(member(request, "intent"), "intentId") }),
  },
  ExecuteIntent: {
    intentId: (request) => stringAt(request, "intentId"),
    verdict: reconcileExecute,
    outcome: (request, status) => ({
      intentId: stringAt(request, "intentId"),
      intentStatus: status,
    }),
  },
};
