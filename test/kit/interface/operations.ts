/**
 * The 13 operations: the five the interface specifies, the six it refers to (with the shapes the
 * public deployment gives them), and Ping and Clock. Every one is `POST /rpc/Service/<name>`.
 */

/** One operation and its path. */
export interface OperationSpec {
  readonly name: string;
  readonly path: string;
}

const names = [
  "GetExactOutputRoutes",
  "QuoteIntent",
  "CommitIntent",
  "GetIntent",
  "SearchIntents",
  "ExecuteIntent",
  "GetIntentReceipt",
  "WaitIntentReceipt",
  "GetIntentHistory",
  "GetExactInputRoutes",
  "GetTokenPrices",
  "Ping",
  "Clock",
] as const;

export const interfaceOperations: readonly OperationSpec[] = names.map((name) => ({
  name,
  path: `/rpc/Service/${name}`,
}));
