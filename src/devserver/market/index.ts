/**
 * Market: the simulated world the dev server quotes from. The catalogue of chains and tokens (real
 * addresses and decimals), owners' balances, which routes exist and which providers serve them,
 * and the quote itself: reading a QuoteIntent request, the amounts, fees, slippage and price impact
 * in exact bigint arithmetic, the deposit and call batches, meta-transactions and the service's
 * contracts. Everything here is a pure function of the request, the catalogue and the seed; it
 * keeps no state.
 */
export {
  type BalanceEntry,
  type BalanceIndex,
  DEMO_BALANCES,
  DEMO_OWNER,
  holds,
  indexBalances,
} from "./balances.js";
export {
  type Catalogue,
  type CatalogueIndex,
  type ChainEntry,
  indexCatalogue,
  type Token,
  type TokenEntry,
} from "./catalogue.js";
export { defaultCatalogue, NATIVE_TOKEN } from "./catalogue-data.js";
export { buildQuote } from "./quote.js";
export { type QuoteSpec, readQuoteSpec } from "./quote-spec.js";
export { hasRoute, listRoutes } from "./routes.js";
