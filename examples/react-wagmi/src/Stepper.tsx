/** The payment's progress as a list of steps, from the wallet's first one to the receipt. */
import type { IntentProgress, ProgressStepId } from "xchain-intents/react";

const LABELS: Record<ProgressStepId, string> = {
  check: "Check the payment",
  pending: "Wait for the wallet's pending transaction",
  "switch-chain": "Switch network",
  sign: "Approve in your wallet",
  sent: "Payment sent",
  confirmed: "Payment confirmed",
  execute: "Start the transfer",
  deposit: "Deposit",
  origin: "Origin transaction",
  destination: "Delivery",
  refund: "Refund",
  final: "Done",
};

/** One line per step, its state as an attribute (and a symbol). */
export function Stepper({ progress }: { progress: IntentProgress }) {
  return (
    <ol data-testid="progress">
      {progress.steps.map((s) => (
        <li key={s.id} data-step={s.id} data-state={s.state}>
          {SYMBOL[s.state]} {LABELS[s.id]}
          {s.transactionStatus ? ` (${s.transactionStatus.toLowerCase()})` : ""}
          {s.id === "final" && s.intentStatus ? `: ${s.intentStatus}` : ""}
        </li>
      ))}
    </ol>
  );
}

const SYMBOL = { waiting: "○", active: "◐", done: "●", skipped: "–", failed: "✕" } as const;
