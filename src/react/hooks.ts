/**
 * The hooks: thin layers over `intentQueries`, `quoteAndCommit`, `executeWithWallet` and
 * `watchIntent`, with TanStack's retries off (the client retries what is safe to repeat) and the
 * component's unmount aborting what it started.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import type { GetExactOutputRoutesRequest, QuoteIntentRequest } from "../../generated/types.js";
import type { IntentUpdate } from "../lifecycle/intent-update.js";
import type { QuoteAndCommitOptions } from "../lifecycle/quote-and-commit.js";
import { quoteExpiresAt } from "../lifecycle/quote-expiry.js";
import {
  type ExecuteWithWalletOptions,
  type ExecuteWithWalletResult,
  executeWithWallet,
} from "../wallet/execute-with-wallet.js";
import type { DepositProgress } from "../wallet/progress.js";
import type { ReactClient } from "./client.js";
import { useLifetime } from "./lifetime.js";
import { type IntentProgress, intentProgress } from "./progress.js";
import { intentQueries } from "./queries.js";

const useQueries = (client: ReactClient) => useMemo(() => intentQueries(client), [client]);

/**
 * Pay routes for an exact output; disabled while `request` is `undefined`.
 *
 * @example
 * const routes = useRoutes(client, { destinationChainId: 8453, destinationTokenAddress });
 */
export function useRoutes(client: ReactClient, request: GetExactOutputRoutesRequest | undefined) {
  return useQuery(useQueries(client).routes(request));
}

/**
 * A quote, asked again before it expires; `expiresAt` is its expiry on this device's clock.
 * Disabled while `request` is `undefined`.
 *
 * @example
 * const { data, expiresAt } = useQuote(client, request);
 */
export function useQuote(client: ReactClient, request: QuoteIntentRequest | undefined) {
  const query = useQuery(useQueries(client).quote(request));
  const intent = query.data?.intent;
  const expiresAt = intent && new Date(quoteExpiresAt(intent).getTime() - client.clockSkewMs);
  return Object.assign(query, { expiresAt });
}

/**
 * Quotes and commits in one mutation (`client.quoteAndCommit`, re-quoting on `QuoteExpired`);
 * its data is what `useExecuteWithWallet` takes. `options` pass through (e.g. `maxRequotes`).
 *
 * @example
 * const commit = useQuoteAndCommit(client);
 * commit.mutate(request);
 */
export function useQuoteAndCommit(client: ReactClient, options?: QuoteAndCommitOptions) {
  const life = useLifetime();
  return useMutation({
    mutationFn: (request: QuoteIntentRequest) =>
      client.quoteAndCommit(request, { ...options, signal: life(options?.signal) }),
    retry: false,
  });
}

/**
 * The wallet step as a mutation: `mutate({ ...committed, wallet, maxAmount })` runs
 * `executeWithWallet` with those options as they are (its store, never paying twice, across tabs
 * and reloads with the browser's default store). `progress` holds its reports so far. Unmounting
 * aborts it; calling it again with the same intent, after a remount or a reload, resumes the same
 * deposit from the store.
 *
 * @example
 * const { data: wallet } = useWalletClient();
 * const pay = useExecuteWithWallet(client);
 * pay.mutate({ ...committed, wallet, maxAmount });
 */
export function useExecuteWithWallet(client: ReactClient) {
  const life = useLifetime();
  const [progress, setProgress] = useState<DepositProgress[]>([]);
  const mutation = useMutation<ExecuteWithWalletResult, Error, ExecuteWithWalletOptions>({
    mutationFn: (o) => {
      setProgress([]);
      return executeWithWallet(client, {
        ...o,
        signal: life(o.signal),
        onProgress: (p) => {
          setProgress((all) => [...all, p]);
          o.onProgress?.(p);
        },
      });
    },
    retry: false,
  });
  return Object.assign(mutation, { progress });
}

/** What `useIntent` knows of an intent. */
export interface IntentFollow {
  /** The last update (status, receipt, its transactions' states); `undefined` before the first. */
  update: IntentUpdate | undefined;
  /** Why following stopped, when it did not reach a final status. */
  error: unknown;
}

/**
 * Follows an intent to its final status through `watchIntent` (long polls where the service has
 * them); stops on unmount or when `intentId` changes. Idle while `intentId` is `undefined`.
 *
 * @example
 * const { update } = useIntent(client, committed?.intentId);
 */
export function useIntent(client: ReactClient, intentId: string | undefined): IntentFollow {
  const [state, setState] = useState<IntentFollow>({ update: undefined, error: undefined });
  useEffect(() => {
    setState({ update: undefined, error: undefined });
    if (intentId === undefined) return;
    const stop = new AbortController();
    (async () => {
      for await (const update of client.watchIntent(intentId, { signal: stop.signal }))
        setState({ update, error: undefined });
    })().catch((error: unknown) => {
      if (!stop.signal.aborted) setState((s) => ({ ...s, error }));
    });
    return () => stop.abort();
  }, [client, intentId]);
  return state;
}

/**
 * The one progress model of an intent, from the wallet's first step to the receipt, from what
 * `useExecuteWithWallet` and `useIntent` hold.
 *
 * @example
 * const progress = useIntentProgress(pay, follow);
 */
export function useIntentProgress(
  execution: { progress: readonly DepositProgress[]; error: unknown } | undefined,
  follow: IntentFollow | undefined,
): IntentProgress {
  const wallet = execution?.progress;
  const update = follow?.update;
  const error = execution?.error ?? follow?.error ?? undefined;
  return useMemo(() => intentProgress({ wallet, update, error }), [wallet, update, error]);
}
