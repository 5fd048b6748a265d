/** Steps 3 to 5 of the demo: commit the quote, execute it, follow it to a final status. */
import { executeDeadline, executeTimeLeftMs } from "../index.js";
import type { IntentUpdate, QuoteIntentResponse } from "../types.js";
import { formatTokenAmount } from "./amounts.js";
import { type DemoContext, heading, TARGET } from "./context.js";
import { chainName, describeUpdate, formatDuration, randomTxHash, shortHex } from "./describe.js";
import { createProgress } from "./progress.js";
import {
  type Balances,
  balances,
  type DemoChains,
  demoWallet,
  recipientOf,
  walletStep,
} from "./wallet.js";

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
 * Step 4: executes the intent. On the dev server's local chains, the test account's wallet sends
 * the deposit (`executeWithWallet`: checked against the quote, sent once) and the balances are
 * shown; against a simulated dev server (no chain) a random hash stands in for the deposit, which
 * it says.
 */
export async function execute(
  ctx: DemoContext,
  committed: Committed,
  quoted: QuoteIntentResponse,
  origin: TokenLabel,
): Promise<Balances | undefined> {
  heading(ctx, 4, "Execute");
  if (ctx.chains) return executeOnChain(ctx, ctx.chains, committed, quoted, origin);
  // A made-up hash goes only to a dev server that says it is simulated.
  if (ctx.deposit !== "simulated") throw new Error("the demo has no wallet for this service");
  const depositTransactionHash = randomTxHash();
  const { intentStatus } = await ctx.client.executeIntent({
    intentId: committed.intentId,
    depositTransactionHash,
  });
  ctx.line(`  deposit tx  ${shortHex(depositTransactionHash, 8)} ${ctx.style.dim("(simulated)")}`);
  ctx.line(`  status      ${ctx.style.yellow(intentStatus)}`);
  return undefined;
}

async function executeOnChain(
  ctx: DemoContext,
  chains: DemoChains,
  committed: Committed,
  quoted: QuoteIntentResponse,
  origin: TokenLabel,
): Promise<Balances> {
  const { intent } = quoted;
  const before = await balances(chains, intent);
  const { executeWithWallet } = await walletStep();
  const wallet = await demoWallet(chains, intent);
  showBalances(ctx, intent, origin, before);
  const { intentStatus, depositTransactionHash } = await executeWithWallet(ctx.client, {
    ...committed,
    intent,
    // The amount step 2 showed as "you pay": the most this deposit may take.
    maxAmount: intent.quote.fromAmount,
    wallet,
    onProgress: (p) => {
      if (p.step === "sign") ctx.line(`  wallet      ${wallet.account.address} signs the deposit`);
      if (p.step === "confirmed")
        ctx.line(`  deposit tx  ${p.hash} mined on ${chainName(p.chainId)}`);
    },
  });
  ctx.line(`  status      ${ctx.style.yellow(intentStatus)}`);
  if (!depositTransactionHash) throw new Error("the deposit has no transaction hash");
  return before;
}

/** A token as the demo prints it. */
export interface TokenLabel {
  symbol: string;
  decimals: number;
}

/** Prints the owner's origin balance and the recipient's destination balance (with changes). */
export function showBalances(
  ctx: DemoContext,
  intent: QuoteIntentResponse["intent"],
  origin: TokenLabel,
  now: Balances,
  before?: Balances,
): void {
  const show = (amount: bigint, was: bigint | undefined, token: TokenLabel) => {
    const text = formatTokenAmount(amount, token);
    if (was === undefined) return text;
    const delta = amount - was;
    return `${text} (${delta >= 0n ? "+" : "-"}${formatTokenAmount(delta >= 0n ? delta : -delta, token)})`;
  };
  const when = before === undefined ? "before" : "after ";
  ctx.line(
    `  ${when}      owner ${shortHex(intent.ownerAddress)} on ${chainName(intent.originChainId)}: ${show(now.origin, before?.origin, origin)}`,
  );
  ctx.line(
    `              recipient ${shortHex(recipientOf(intent))} on ${chainName(intent.destinationChainId)}: ${show(now.destination, before?.destination, TARGET)}`,
  );
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
