/**
 * The table of operations: the implementation of each operation of the schema, by name. An
 * operation added to the schema and not yet here is answered with `MethodNotFound` naming it (and
 * this file), so that the schema, the client and `npm test` can move first and the dev server
 * follow.
 */
import type { OperationName } from "../../../generated/operations.js";
import { commitIntent } from "./commit-intent.js";
import type { Operation } from "./context.js";
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

/** The implementation of each operation. */
export const operations: Partial<Record<OperationName, Operation>> = {
  GetExactOutputRoutes: getExactOutputRoutes as Operation,
  GetExactInputRoutes: getExactInputRoutes as Operation,
  QuoteIntent: quoteIntent as Operation,
  CommitIntent: commitIntent as Operation,
  ExecuteIntent: executeIntent as Operation,
  GetIntent: getIntent as Operation,
  GetIntentReceipt: getIntentReceipt as Operation,
  WaitIntentReceipt: waitIntentReceipt as Operation,
  SearchIntents: searchIntents as Operation,
  GetIntentHistory: getIntentHistory as Operation,
  GetTokenPrices: getTokenPrices as Operation,
  Ping: ping as Operation,
  Clock: clock as Operation,
};
