/**
 * CommitIntent: accepts only the intent exactly as it was quoted (bigints to the last digit, key
 * order ignored) and no more than 5 minutes after issue. A modified intent is an
 * `InvalidArgument` naming the first differing field and both values (saying so when it is an
 * amount rounded by a lossy JSON parser on the way); a late one `QuoteExpired`. Committing the
 * same intent again returns the same id without committing twice.
 */
import type { CommitIntentRequest, CommitIntentResponse } from "../../../generated/types.js";
import { type CallContext, notifyChange, visibleRecord } from "../context/index.js";
import {
  firstDifference,
  invalidArgument,
  isRoundedCopy,
  QUOTE_TTL_MS,
  quoteExpired,
  ROUNDED_FIX,
  rfc3339,
  valueAt,
} from "../core/index.js";

/** Longest rendering of one value in a refusal, in characters. */
const SHOWN = 120;

/** A value as JSON (bigints as their digits), shortened past `SHOWN` characters. */
function shown(value: unknown): string {
  const text =
    typeof value === "bigint"
      ? String(value)
      : (JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? `${v}` : v)) ?? "");
  return text.length > SHOWN ? `${text.slice(0, SHOWN)}… (${text.length} characters)` : text;
}

/**
 * What differs at the first differing field, with both values, so that a client that rewrote a
 * value (a date-time as `…38.617000+00:00`, an amount as a string) learns it in one read.
 */
function describeDifference(sent: unknown, quoted: unknown): string {
  if (sent === undefined) return `is absent, quoted as ${shown(quoted)}`;
  if (quoted === undefined) return `is ${shown(sent)}, absent from the intent as quoted`;
  const kinds =
    typeof sent !== typeof quoted ? ` (a ${typeof sent}, quoted as a ${typeof quoted})` : "";
  return `is ${shown(sent)}, quoted as ${shown(quoted)}${kinds}`;
}

/** Commits a quoted intent. */
export function commitIntent(req: CommitIntentRequest, ctx: CallContext): CommitIntentResponse {
  const server = ctx.server;
  const rec = visibleRecord(req.intent.intentId, ctx, "/intent/intentId");
  const diff = firstDifference(rec.issued, req.intent);
  if (diff !== undefined) {
    const quoted = valueAt(rec.issued, diff);
    const sent = valueAt(req.intent, diff);
    throw invalidArgument(
      `/intent${diff}`,
      isRoundedCopy(quoted, sent)
        ? `is ${String(sent)}, quoted as ${String(quoted)}: ${ROUNDED_FIX}`
        : `${describeDifference(sent, quoted)}: send the intent exactly as QuoteIntent returned it`,
    );
  }
  if (rec.committedAt !== undefined) return { intentId: rec.issued.intentId };
  if (ctx.now - rec.issuedAt > QUOTE_TTL_MS) {
    throw quoteExpired(
      `the quote expired at ${rec.issued.expiresAt} (now ${rfc3339(ctx.now)}); request a new quote`,
    );
  }
  server.store.commit(rec, ctx.now);
  server.stats.commits += 1;
  notifyChange(server, rec);
  return { intentId: rec.issued.intentId };
}
