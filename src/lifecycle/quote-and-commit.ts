/** Quote, then commit the quote unmodified; re-quote when the commit says the quote expired. */

import { commitIntent, quoteIntent } from "../../generated/client.js";
import type { Intent, QuoteIntentRequest, QuoteIntentResponse } from "../../generated/types.js";
import { checkAmountBounds } from "../client/amount-bounds.js";
import { checkCommittedId, checkIntentAnswers } from "../client/answers-request.js";
import type { BaseClient } from "../client/base-client.js";
import { isServiceError } from "../client/is-service-error.js";
import type { CallOptions } from "../client/options.js";
import { executeDeadline } from "./execute-deadline.js";

/** Options of `quoteAndCommit`. */
export interface QuoteAndCommitOptions extends CallOptions {
  /** How many fresh quotes to ask for after `QuoteExpired` answers. Default 2. */
  maxRequotes?: number;
  /**
   * The most the caller will pay, in base units of the origin token: a quote asking more is
   * refused before committing (`IntentMismatchError`, field `maxAmount`). Pass it again to
   * `executeWithWallet` (it needs it for EXACT_OUTPUT).
   */
  maxAmount?: bigint | undefined;
  /**
   * The least the caller will receive, in base units of the destination token: a quote whose
   * `toAmountMin` is lower is refused before committing (field `minAmountOut`).
   */
  minAmountOut?: bigint | undefined;
}

/** A committed intent and its execution deadline. */
export interface CommittedIntent {
  /** The intent as quoted (and committed unmodified). */
  intent: Intent;
  /** Identifier of the committed intent. */
  intentId: string;
  /** When the commit was answered, in server time (local clock + `client.clockSkewMs`). */
  committedAt: Date;
  /** The last moment to execute: `committedAt` + 10 minutes, in server time. */
  executeDeadline: Date;
  /** The whole quote response (gas fee options, passthrough, transaction states). */
  quote: QuoteIntentResponse;
  /** The request that was quoted: `executeWithWallet` checks the intent against it again. */
  request: QuoteIntentRequest;
}

/**
 * Quotes and commits in one step. Before committing, checks that the quote answers `request`
 * (owner, chains, tokens, recipient, trade type, amounts: `IntentMismatchError` otherwise) and
 * the caller's bounds (`maxAmount`, `minAmountOut`, the request's `slippageTolerance`), and
 * after, that the commit names the quoted intent. Commits the intent exactly as quoted; when the
 * commit answers `QuoteExpired`, asks for a new quote (at most `maxRequotes` times).
 *
 * @example
 * const { intentId, executeDeadline } = await client.quoteAndCommit(request, { maxAmount: 30_000_000n });
 */
export async function quoteAndCommit(
  client: BaseClient,
  request: QuoteIntentRequest,
  options: QuoteAndCommitOptions = {},
): Promise<CommittedIntent> {
  const { maxRequotes = 2, maxAmount, minAmountOut, ...callOptions } = options;
  for (let requotes = 0; ; requotes++) {
    const quote = await quoteIntent(client, request, callOptions);
    checkIntentAnswers(quote.intent, request);
    checkAmountBounds(quote.intent, { maxAmount, minAmountOut, request });
    try {
      const { intentId } = await commitIntent(client, { intent: quote.intent }, callOptions);
      checkCommittedId(quote.intent.intentId, intentId);
      const committedAt = new Date(Date.now() + client.clockSkewMs);
      return {
        intent: quote.intent,
        intentId,
        committedAt,
        executeDeadline: executeDeadline(committedAt),
        quote,
        request,
      };
    } catch (error) {
      if (!isServiceError(error, "QuoteExpired") || requotes >= maxRequotes) throw error;
    }
  }
}
