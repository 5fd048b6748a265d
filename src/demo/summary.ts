/** The demo's closing table. */
import type { QuoteIntentResponse, TokenInfo } from "../types.js";
import { formatTokenAmount, formatUsd } from "./amounts.js";
import { TARGET } from "./context.js";
import { chainName, formatDuration, shortHex } from "./describe.js";
import type { Followed } from "./steps-execute.js";
import { feeTokenOf } from "./steps-quote.js";
import type { Found } from "./steps-read.js";
import { type Row, renderTable } from "./table.js";

/** Everything the summary shows. */
export interface SummaryInput {
  /** Where the service ran. */
  service: string;
  /** The chosen pay route. */
  origin: TokenInfo;
  /** The quote. */
  quoted: QuoteIntentResponse;
  /** The end of following. */
  followed: Followed;
  /** The searches. */
  found: Found;
  /** Time of the whole walk, ms. */
  totalMs: number;
}

/**
 * The summary table of a demo run.
 *
 * @example
 * process.stdout.write(summaryTable(input));
 */
export function summaryTable(input: SummaryInput): string {
  const { quoted, origin, followed, found } = input;
  const { intent } = quoted;
  const receipt = followed.final.receipt;
  const txs = [
    receipt.depositTransaction,
    receipt.originTransaction,
    receipt.destinationTransaction,
    receipt.refundTransaction,
  ].flatMap((t) => (t ? [t] : []));
  const rows: Row[] = [
    ["service", input.service],
    ["intent", intent.intentId],
    [
      "route",
      `${origin.symbol} on ${chainName(origin.chainId)} → ${TARGET.symbol} on ${chainName(TARGET.chainId)}`,
    ],
    ["paid", formatTokenAmount(receipt.summary.originTokenAmount, origin)],
    [
      "received",
      formatTokenAmount(receipt.summary.destinationTokenAmount ?? intent.quote.toAmount, TARGET),
    ],
    [
      "fees",
      `${formatTokenAmount(intent.fees.totalFeeAmount, feeTokenOf(quoted, origin))} (${formatUsd(intent.fees.totalFeeUsd)})`,
    ],
    ["status", followed.final.status],
    ...txs.map(
      (t): Row => [
        `${t.type.toLowerCase()} tx`,
        `${t.status} ${t.txnHash ? shortHex(t.txnHash) : ""}`.trim(),
      ],
    ),
    ["updates seen", String(followed.changes)],
    ["time to final", formatDuration(followed.elapsedMs)],
    ["search", `${found.byIntentId} by id · ${found.byOwner} by owner`],
    ["total", formatDuration(input.totalMs)],
  ];
  return renderTable("Summary", rows);
}
