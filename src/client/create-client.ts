/** `createClient`: a base client with every operation and lifecycle helper as a method. */
import type { OperationTypes } from "../../generated/operations.js";
import type { IntentStatus } from "../../generated/types.js";
import { isFinalStatus } from "../lifecycle/final-status.js";
import type { FollowOptions, IntentUpdate } from "../lifecycle/follow-intent.js";
import {
  type CommittedIntent,
  type QuoteAndCommitOptions,
  quoteAndCommit,
} from "../lifecycle/quote-and-commit.js";
import {
  type WaitForIntentOptions,
  waitForIntent,
  watchIntent,
} from "../lifecycle/wait-for-intent.js";
import { type BaseClient, createBaseClient } from "./base-client.js";
import * as op from "./operations.js";
import type { CallOptions, ClientOptions } from "./options.js";
import { commitIntent, executeIntent } from "./state-changing.js";

type Method<N extends keyof OperationTypes> = (
  request: OperationTypes[N]["request"],
  options?: CallOptions,
) => Promise<OperationTypes[N]["response"]>;

type OptionalMethod<N extends keyof OperationTypes> = (
  request?: OperationTypes[N]["request"],
  options?: CallOptions,
) => Promise<OperationTypes[N]["response"]>;

/** The client: one method per operation, plus lifecycle helpers. */
export interface IntentClient extends BaseClient {
  /** Pay routes for an exact output amount. */
  getExactOutputRoutes: Method<"GetExactOutputRoutes">;
  /** Receive routes for an exact input amount. */
  getExactInputRoutes: Method<"GetExactInputRoutes">;
  /** Requests a quote. */
  quoteIntent: Method<"QuoteIntent">;
  /** Commits a quote unmodified; reconciled, never re-sent blindly. */
  commitIntent: Method<"CommitIntent">;
  /** Executes a committed intent; reconciled, never re-sent blindly. */
  executeIntent: Method<"ExecuteIntent">;
  /** Fetches one intent. */
  getIntent: Method<"GetIntent">;
  /** Fetches an intent's receipt. */
  getIntentReceipt: Method<"GetIntentReceipt">;
  /** Long poll for a change of an intent's receipt. */
  waitIntentReceipt: Method<"WaitIntentReceipt">;
  /** Finds intents. */
  searchIntents: Method<"SearchIntents">;
  /** Past intents with receipts, paged. */
  getIntentHistory: Method<"GetIntentHistory">;
  /** USD prices of tokens. */
  getTokenPrices: Method<"GetTokenPrices">;
  /** Health check. */
  ping: OptionalMethod<"Ping">;
  /** Server time. */
  clock: OptionalMethod<"Clock">;
  /** Quote and commit, re-quoting on `QuoteExpired`. */
  quoteAndCommit(
    request: OperationTypes["QuoteIntent"]["request"],
    options?: QuoteAndCommitOptions,
  ): Promise<CommittedIntent>;
  /** Follows an intent to a final status. */
  waitForIntent(intentId: string, options?: WaitForIntentOptions): Promise<IntentUpdate>;
  /** The changes of an intent as an async iterable. */
  watchIntent(intentId: string, options?: FollowOptions): AsyncIterable<IntentUpdate>;
  /** Whether a status is final. */
  isFinalStatus(status: IntentStatus): boolean;
}

/**
 * Creates a client of the intent service.
 *
 * @example
 * import { createClient, isRateLimitedError } from "xchain-intents";
 * const client = createClient({ baseUrl: "https://intents.example.com", accessKey });
 * const { intentId, executeDeadline } = await client.quoteAndCommit({
 *   ownerAddress, originChainId: 42161, originTokenAddress: usdcArbitrum,
 *   destinationChainId: 8453, destinationTokenAddress: usdcBase,
 *   tradeType: "EXACT_OUTPUT", destinationTokenAmount: 25_000_000n,
 * });
 * await client.executeIntent({ intentId, depositTransactionHash });
 * const final = await client.waitForIntent(intentId, { onUpdate: (u) => console.log(u.status) });
 */
export function createClient(options: ClientOptions): IntentClient {
  const base = createBaseClient(options);
  const methods: Omit<IntentClient, keyof BaseClient> = {
    getExactOutputRoutes: (r, o) => op.getExactOutputRoutes(base, r, o),
    getExactInputRoutes: (r, o) => op.getExactInputRoutes(base, r, o),
    quoteIntent: (r, o) => op.quoteIntent(base, r, o),
    commitIntent: (r, o) => commitIntent(base, r, o),
    executeIntent: (r, o) => executeIntent(base, r, o),
    getIntent: (r, o) => op.getIntent(base, r, o),
    getIntentReceipt: (r, o) => op.getIntentReceipt(base, r, o),
    waitIntentReceipt: (r, o) => op.waitIntentReceipt(base, r, o),
    searchIntents: (r, o) => op.searchIntents(base, r, o),
    getIntentHistory: (r, o) => op.getIntentHistory(base, r, o),
    getTokenPrices: (r, o) => op.getTokenPrices(base, r, o),
    ping: (r, o) => op.ping(base, r, o),
    clock: (r, o) => op.clock(base, r, o),
    quoteAndCommit: (r, o) => quoteAndCommit(base, r, o),
    waitForIntent: (id, o) => waitForIntent(base, id, o),
    watchIntent: (id, o) => watchIntent(base, id, o),
    isFinalStatus,
  };
  return Object.assign(base, methods);
}
