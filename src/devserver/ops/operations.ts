/**
 * The table of operations: the implementation of each operation of the schema, by name. An
 * operation added to the schema and not yet here is answered with `MethodNotFound` naming it (and
 * this file), so that the schema, the client and `npm test` can move first and the dev server
 * follow.
 */
import type { OperationName, OperationTypes } from "../../../generated/operations.js";
import type { CallContext, EncodedAnswer } from "../context/index.js";
import { commitIntent } from "./commit-intent.js";
import { executeIntent } from "./execute-intent.js";
import { getIntent, getIntentReceipt } from "./get-intent.js";
import { getIntentHistory } from "./intent-history.js";
import { clock, getTokenPrices, ping } from "./misc.js";
import { quoteIntent } from "./quote-intent.js";
import { getExactInputRoutes, getExactOutputRoutes } from "./routes.js";
import { searchIntents } from "./search-intents.js";
import { waitIntentReceipt } from "./wait-receipt.js";

/** Where a new operation's implementation goes, for the dev server's `MethodNotFound` answer. */
export const OPERATIONS_FILE = "src/devserver/ops/operations.ts";

/** What operation `K` answers: its response object, or a response already encoded. */
export type Answer<K extends OperationName> = OperationTypes[K]["response"] | EncodedAnswer;

/**
 * The implementation of operation `K`: its decoded, validated request and the call's context in,
 * its answer out (or a thrown typed error).
 */
export type Handler<K extends OperationName> = (
  request: OperationTypes[K]["request"],
  ctx: CallContext,
) => Answer<K> | Promise<Answer<K>>;

/** An implementation per operation, each typed by the generated `OperationTypes`. */
export type OperationTable = { [K in OperationName]?: Handler<K> };

/** The implementation of each operation. */
export const operations: OperationTable = {
  GetExactOutputRoutes: getExactOutputRoutes,
  GetExactInputRoutes: getExactInputRoutes,
  QuoteIntent: quoteIntent,
  CommitIntent: commitIntent,
  ExecuteIntent: executeIntent,
  GetIntent: getIntent,
  GetIntentReceipt: getIntentReceipt,
  WaitIntentReceipt: waitIntentReceipt,
  SearchIntents: searchIntents,
  GetIntentHistory: getIntentHistory,
  GetTokenPrices: getTokenPrices,
  Ping: ping,
  Clock: clock,
};
