/** Steps 3 to 5 of the demo: commit the quote, execute it, follow it to a final status. */
import {
  executeDeadline,
  executeTimeLeftMs,
  type IntentUpdate,
  type QuoteIntentResponse,
} from "../index.js";
import { type DemoContext, heading } from "./context.js";
import { describeUpdate, formatDuration, randomTxHash, shortHex } from "./describe.js";
import { createProgress } from "./progress.js";

/** A committed intent. */
export interface Committed {
  /** Its identifier. */
  intentId: string;
  /** When the commit was answered, epoch ms (local clock). */
  committedAt: number;
}

/** Step 3: commits the intent exactly as quoted and shows the execution deadline. */
export async function commit(ctx: DemoContext, quoted: QuoteIntentResponse): Promise<Committed> {
  heading(ctx, 3, "Commit");
  const { intentId } = await ctx.client.commitIntent({ intent: quoted.intent });
  const committedAt = Date.now();
  const skew = { skewMs: ctx.client.clockSkewMs };
  const deadline = executeDeadline(committedAt + ctx.client.clockSkewMs);
  ctx.line(`  committed   ${intentId}`);
  ctx.line(
    `  deposit to  ${quoted.intent.depositTransaction.toAddress} on chain ${quoted.intent.depositTransaction.chainId}`,
  );
  ctx.line(
    `  execute by  ${deadline.toISOString()} (in ${formatDuration(executeTimeLeftMs(committedAt + ctx.client.clockSkewMs, undefined, skew))})`,
  );
  return { intentId, committedAt };
}

/**
 * Step 4: executes the intent. On real local chains the funded test account sends the deposit
 * first; on a simulated service a random hash stands in for it.
 */
export async function execute(
  ctx: DemoContext,
  committed: Committed,
  intent: QuoteIntentResponse["intent"],
): Promise<string> {
  heading(ctx, 4, "Execute");
  const real = ctx.sendDeposit;
  const depositTransactionHash = real === undefined ? randomTxHash() : await real(intent);
  const { intentStatus } = await ctx.client.executeIntent({
    intentId: committed.intentId,
    depositTransactionHash,
  });
  const how = real === undefined ? "(simulated)" : `(mined on chain ${intent.originChainId})`;
  ctx.line(`  deposit tx  ${shortHex(depositTransactionHash, 8)} ${ctx.style.dim(how)}`);
  ctx.line(`  status      ${ctx.style.yellow(intentStatus)}`);
  return depositTransactionHash;
}

/** What following the intent saw. */
export interface Followed {
  /** The final update. */
  final: IntentUpdate;
  /** How many changes were seen. */
  changes: number;
  /** Time from the start of following to the final status, ms. */
  elapsedMs: number;
}

/** Step 5: follows the intent to a final status, showing each change of status and receipt. */
export async function follow(ctx: DemoContext, intentId: string): Promise<Followed> {
  heading(ctx, 5, "Progress");
  const started = Date.now();
  const progress = createProgress(ctx.sink, { live: ctx.live });
  let changes = 0;
  try {
    const final = await ctx.client.waitForIntent(intentId, {
      timeoutMs: 120_000,
      onUpdate: (update) => {
        changes += 1;
        if (!update.done) progress.update(describeUpdate(update));
      },
    });
    const ok = final.status === "SUCCEEDED";
    const text = describeUpdate(final);
    progress.done(ok ? ctx.style.green(text) : ctx.style.red(text), ok);
    return { final, changes, elapsedMs: Date.now() - started };
  } catch (error) {
    progress.done(ctx.style.red("following the intent failed"), false);
    throw error;
  }
}
