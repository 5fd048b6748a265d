/**
 * Recipe: a payment in React with `xchain-intents/react` (TanStack Query 5) and wagmi's wallet.
 *
 * - `useRoutes` and `useQuote` read through `intentQueries` (bigint-safe keys, TanStack's retries
 *   off: the client retries what is safe to repeat); the quote is asked again before it expires;
 * - `useQuoteAndCommit` commits, `useExecuteWithWallet` pays from the wallet (never twice: the
 *   browser's deposit store is shared by tabs and survives reloads), `useIntent` follows to the
 *   receipt, `useIntentProgress` merges both into one stepper;
 * - `userMessage` says what went wrong in words an end user reads.
 *
 * Type-checked by `npm test` (`docs/recipes/tsconfig.json`): it cannot drift from the SDK.
 * A whole app built like this, tested in Chromium: examples/react-wagmi/.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { WalletClient } from "viem";
import {
  type CommittedIntent,
  createClient,
  type IntentClient,
  type QuoteIntentRequest,
  userMessage,
} from "xchain-intents";
import {
  useExecuteWithWallet,
  useIntent,
  useIntentProgress,
  useQuote,
  useQuoteAndCommit,
  useRoutes,
} from "xchain-intents/react";

/** One client for the app: the service's base URL and the access key it issued for the project. */
export const client: IntentClient = createClient({
  baseUrl: "https://intents.example.com",
  accessKey: "your-access-key",
});

/** One QueryClient for the app (wagmi's too). */
export const queryClient = new QueryClient();

/** The steps of a payment as a list (a stepper), from the wallet's first one to the receipt. */
function Progress({
  committed,
  pay,
}: {
  committed: CommittedIntent;
  pay: ReturnType<typeof useExecuteWithWallet>;
}) {
  const follow = useIntent(client, committed.intentId);
  const progress = useIntentProgress(pay, follow);
  return (
    <ol>
      {progress.steps.map((s) => (
        <li key={s.id} data-state={s.state}>
          {s.id} {s.transactionStatus ?? s.intentStatus ?? ""}
        </li>
      ))}
    </ol>
  );
}

/**
 * Quote, commit and pay `request` (EXACT_OUTPUT) from `wallet` (wagmi: `useWalletClient().data`),
 * paying at most `maxAmount` of the origin token.
 */
export function Pay({
  request,
  wallet,
  maxAmount,
}: {
  request: QuoteIntentRequest;
  wallet: WalletClient | undefined;
  maxAmount: bigint;
}) {
  const routes = useRoutes(client, {
    destinationChainId: request.destinationChainId,
    destinationTokenAddress: request.destinationTokenAddress,
  });
  const quote = useQuote(client, request);
  const commit = useQuoteAndCommit(client);
  const pay = useExecuteWithWallet(client);
  const error = pay.error ?? commit.error ?? quote.error;
  return (
    <section>
      {quote.data && (
        <p>
          Pay {quote.data.intent.quote.fromAmount.toString()} (base units), valid until{" "}
          {quote.expiresAt?.toLocaleTimeString()}
        </p>
      )}
      <button type="button" disabled={commit.isPending} onClick={() => commit.mutate(request)}>
        Commit
      </button>
      {commit.data && wallet && (
        <button
          type="button"
          disabled={pay.isPending || pay.isSuccess}
          onClick={() => commit.data && pay.mutate({ ...commit.data, wallet, maxAmount })}
        >
          Pay
        </button>
      )}
      {commit.data && <Progress committed={commit.data} pay={pay} />}
      {error && (
        <p role="alert">
          {userMessage(error, { tokens: routes.data?.tokens, chainId: request.originChainId })}
        </p>
      )}
    </section>
  );
}

/** The app's root: one QueryClient for the tree. */
export function App(props: Parameters<typeof Pay>[0]) {
  return (
    <QueryClientProvider client={queryClient}>
      <Pay {...props} />
    </QueryClientProvider>
  );
}
