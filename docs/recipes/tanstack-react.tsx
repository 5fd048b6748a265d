/**
 * Recipe: TanStack Query in React.
 *
 * - `useQuery` for a quote, fresh until the quote expires (its expiry is the `staleTime`, read on
 *   the server's clock), so React Query asks for a new one when the old one can no longer be
 *   committed;
 * - `useMutation` for CommitIntent (mutations are not retried by TanStack; the client itself never
 *   re-sends a commit blindly);
 * - `client.watchIntent` for live progress to a final status (`client.waitForIntent` when only the
 *   end matters).
 *
 * Type-checked by `npm test` (`docs/recipes/tsconfig.json`): it cannot drift from the SDK.
 */
import {
  QueryClient,
  QueryClientProvider,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useEffect, useState } from "react";
import {
  createClient,
  type Intent,
  type IntentClient,
  isServiceError,
  type QuoteIntentRequest,
  quoteTimeLeftMs,
} from "xchain-intents";
import { queryKeys } from "xchain-intents/query";
import type { IntentUpdate } from "xchain-intents/types";

/** One client for the app: the service's base URL and the access key it issued for the project. */
export const client: IntentClient = createClient({
  baseUrl: "https://intents.example.com",
  accessKey: "your-access-key",
});

/** One QueryClient; the SDK's query keys hash with TanStack's default hash (bigints included). */
export const queryClient = new QueryClient();

/** A quote for `request`, kept fresh until it expires. */
export function useQuote(request: QuoteIntentRequest | undefined) {
  return useQuery({
    queryKey: queryKeys.quoteIntent(request ?? ({} as QuoteIntentRequest)),
    queryFn: ({ signal }) => client.quoteIntent(request as QuoteIntentRequest, { signal }),
    enabled: request !== undefined,
    // Fresh until the quote expires (server time); stale at once when it cannot be read.
    staleTime: (query) => {
      const intent = query.state.data?.intent;
      return intent === undefined
        ? 0
        : Math.max(0, quoteTimeLeftMs(intent, undefined, { skewMs: client.clockSkewMs }));
    },
    // A quote is an offer: ask again when the user comes back to it rather than on every focus.
    refetchOnWindowFocus: false,
  });
}

/** Commits a quoted intent; an expired quote makes the quote query fetch a new one. */
export function useCommit(request: QuoteIntentRequest | undefined) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (intent: Intent) => client.commitIntent({ intent }),
    onError: (error) => {
      if (isServiceError(error) && error.error === "QuoteExpired" && request !== undefined)
        void queries.invalidateQueries({ queryKey: queryKeys.quoteIntent(request) });
    },
  });
}

/** The intent's progress, live, until a final status (or until the component unmounts). */
export function useIntentProgress(intentId: string | undefined): {
  update: IntentUpdate | undefined;
  error: unknown;
} {
  const [update, setUpdate] = useState<IntentUpdate>();
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    if (intentId === undefined) return;
    const stop = new AbortController();
    (async () => {
      for await (const u of client.watchIntent(intentId, { signal: stop.signal })) setUpdate(u);
    })().catch((e: unknown) => {
      if (!stop.signal.aborted) setError(e);
    });
    return () => stop.abort();
  }, [intentId]);
  return { update, error };
}

/** Quote, commit and follow one intent; the deposit and ExecuteIntent happen in your wallet code. */
export function PayWithIntent({ request }: { request: QuoteIntentRequest }) {
  const quote = useQuote(request);
  const commit = useCommit(request);
  const progress = useIntentProgress(commit.data?.intentId);
  if (quote.isPending) return <p>Quoting…</p>;
  if (quote.isError) return <p role="alert">{quote.error.message}</p>;
  const { intent } = quote.data;
  return (
    <section>
      <p>
        Pay {intent.quote.fromAmount.toString()} (base units) on chain{" "}
        {intent.quoteRequest.originChainId}
      </p>
      <button
        type="button"
        disabled={commit.isPending || commit.isSuccess}
        onClick={() => commit.mutate(intent)}
      >
        Commit
      </button>
      {commit.isError && <p role="alert">{commit.error.message}</p>}
      {progress.update && (
        <p>
          {progress.update.status}: {progress.update.receiptStates.join(" → ")}
        </p>
      )}
      {progress.error !== undefined && <p role="alert">{String(progress.error)}</p>}
    </section>
  );
}

/** The app's root: one QueryClient for the tree. */
export function App({ request }: { request: QuoteIntentRequest }) {
  return (
    <QueryClientProvider client={queryClient}>
      <PayWithIntent request={request} />
    </QueryClientProvider>
  );
}

/** Waiting for the end only: `waitForIntent` resolves with the final update. */
export async function settle(intentId: string, signal: AbortSignal): Promise<string> {
  const final = await client.waitForIntent(intentId, { signal });
  return final.status;
}
