/** Steps 6 and 7 of the demo: read the intent back, then find it by search. */
import type { Intent } from "../index.js";
import type { QuoteIntentResponse } from "../types.js";
import { type DemoContext, heading } from "./context.js";

/** Step 6: fetches the intent and checks that its amounts came back exactly as quoted. */
export async function getBack(
  ctx: DemoContext,
  intentId: string,
  quoted: QuoteIntentResponse,
): Promise<Intent> {
  heading(ctx, 6, "Get");
  const { intent } = await ctx.client.getIntent({ intentId });
  const exact =
    intent.quote.fromAmount === quoted.intent.quote.fromAmount &&
    intent.quote.toAmount === quoted.intent.quote.toAmount &&
    intent.salt === quoted.intent.salt;
  ctx.line(
    `  status      ${intent.status === "SUCCEEDED" ? ctx.style.green(intent.status) : intent.status}`,
  );
  ctx.line(
    `  salt        ${intent.salt} ${ctx.style.dim(`(${intent.salt.toString().length} digits, a bigint)`)}`,
  );
  ctx.line(
    `  amounts     ${exact ? "identical to the quote, every digit" : ctx.style.red("differ from the quote")}`,
  );
  return intent;
}

/** What the searches found. */
export interface Found {
  /** Intents found by the intent id. */
  byIntentId: number;
  /** Intents found by the owner's address. */
  byOwner: number;
}

/** Step 7: finds the intent by its id and by its owner. */
export async function search(ctx: DemoContext, intent: Intent): Promise<Found> {
  heading(ctx, 7, "Search");
  const byId = await ctx.client.searchIntents({ byIntentId: intent.intentId });
  const byOwner = await ctx.client.searchIntents({ byOwnerAddress: intent.ownerAddress });
  const statuses = new Map<string, number>();
  for (const i of byOwner.intents) statuses.set(i.status, (statuses.get(i.status) ?? 0) + 1);
  const tally = [...statuses].map(([s, n]) => `${n} ${s}`).join(", ");
  ctx.line(`  byIntentId      ${byId.intents.length} found`);
  ctx.line(`  byOwnerAddress  ${byOwner.intents.length} found${tally ? ` (${tally})` : ""}`);
  return { byIntentId: byId.intents.length, byOwner: byOwner.intents.length };
}
