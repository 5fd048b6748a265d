/**
 * The table of operations: the implementation of every operation of the schema, by name.
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

/** The implementation of each operation. */
export const operations: Record<OperationName, Operation> = {
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
