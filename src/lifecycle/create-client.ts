/** `createClient`: a base client with every operation and lifecycle helper as a method. */
import { bindOperations, type IntentClientMethods } from "../../generated/client-methods.js";
import type { IntentStatus, QuoteIntentRequest } from "../../generated/types.js";
import { type BaseClient, createBaseClient } from "../client/base-client.js";
import type { ClientOptions } from "../client/options.js";
import { isFinalStatus } from "./final-status.js";
import type { FollowOptions, IntentUpdate } from "./follow-intent.js";
import {
  type CommittedIntent,
  type QuoteAndCommitOptions,
  quoteAndCommit,
} from "./quote-and-commit.js";
import { type WaitForIntentOptions, waitForIntent, watchIntent } from "./wait-for-intent.js";

/** The lifecycle helpers `createClient` adds beside the operations. */
export interface LifecycleMethods {
  /** Quote and commit, re-quoting on `QuoteExpired`. */
  quoteAndCommit(
    request: QuoteIntentRequest,
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
 * The client: one method per operation of the schema (generated: `IntentClientMethods`), plus
 * lifecycle helpers.
 */
export interface IntentClient extends BaseClient, IntentClientMethods, LifecycleMethods {}

/**
 * Creates a client of the intent service.
 *
 * @example
 * import { createClient } from "xchain-intents";
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
  const lifecycle: LifecycleMethods = {
    quoteAndCommit: (r, o) => quoteAndCommit(base, r, o),
    waitForIntent: (id, o) => waitForIntent(base, id, o),
    watchIntent: (id, o) => watchIntent(base, id, o),
    isFinalStatus,
  };
  return Object.assign(base, bindOperations(base), lifecycle);
}
