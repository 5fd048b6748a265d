/**
 * The React room's public names, which `src/react.ts` opens as `xchain-intents/react`: the query
 * option factories, the hooks and the one progress model.
 */
export type { ReactClient } from "./client.js";
export {
  type IntentFollow,
  useExecuteWithWallet,
  useIntent,
  useIntentProgress,
  useQuote,
  useQuoteAndCommit,
  useRoutes,
} from "./hooks.js";
export {
  type IntentProgress,
  intentProgress,
  type ProgressInput,
  type ProgressState,
  type ProgressStep,
  type ProgressStepId,
} from "./progress.js";
export { type IntentQueries, intentQueries, QUOTE_REFRESH_MARGIN_MS } from "./queries.js";
