/**
 * `xchain-intents/react`: TanStack Query 5 option factories and React hooks over the client and
 * the wallet step. React (≥ 18) and `@tanstack/react-query` (5) are optional peer dependencies of
 * this entry only; TanStack's retries are off everywhere, the SDK's own apply.
 *
 * @example
 * import { useQuote, useQuoteAndCommit, useExecuteWithWallet, useIntent } from "xchain-intents/react";
 * const quote = useQuote(client, request);
 * const commit = useQuoteAndCommit(client);
 * const pay = useExecuteWithWallet(client);
 * const follow = useIntent(client, commit.data?.intentId);
 *
 * @packageDocumentation
 */

export * from "./react/index.js";
