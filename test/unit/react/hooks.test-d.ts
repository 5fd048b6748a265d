/**
 * The hooks' and query factories' data carry the generated types: bigint amounts, named types
 * (`QuoteIntentResponse`, `CommittedIntent`, `IntentUpdate`), typed keys for `getQueryData`; a
 * request of the wrong shape does not compile.
 */
import { QueryClient, useQuery } from "@tanstack/react-query";
import { describe, expectTypeOf, it } from "vitest";
import {
  type CommittedIntent,
  createClient,
  type IntentStatus,
  type QuoteIntentRequest,
} from "../../../src/index.js";
import {
  type IntentProgress,
  intentQueries,
  useExecuteWithWallet,
  useIntent,
  useIntentProgress,
  useQuote,
  useQuoteAndCommit,
  useRoutes,
} from "../../../src/react/index.js";
import type {
  GetExactOutputRoutesResponse,
  GetIntentReceiptResponse,
  IntentUpdate,
  QuoteIntentResponse,
} from "../../../src/types.js";
import type { DepositProgress, ExecuteWithWalletResult } from "../../../src/wallet/index.js";

const client = createClient({ baseUrl: "http://127.0.0.1:1", accessKey: "k" });
declare const request: QuoteIntentRequest;

describe("hooks' data", () => {
  it("useQuote: the quote response, bigint amounts, and its expiry", () => {
    const quote = useQuote(client, request);
    expectTypeOf(quote.data).toEqualTypeOf<QuoteIntentResponse | undefined>();
    expectTypeOf(quote.data?.intent.quote.fromAmount).toEqualTypeOf<bigint | undefined>();
    expectTypeOf(quote.expiresAt).toEqualTypeOf<Date | undefined>();
    // A request not known yet needs no cast.
    useQuote(client, undefined);
    // @ts-expect-error: an amount is a bigint, not a number
    useQuote(client, { ...request, originTokenAmount: 1 });
  });

  it("useRoutes: the routes response", () => {
    const routes = useRoutes(client, { destinationChainId: 8453, destinationTokenAddress: "0x1" });
    expectTypeOf(routes.data).toEqualTypeOf<GetExactOutputRoutesResponse | undefined>();
  });

  it("useQuoteAndCommit, useExecuteWithWallet: the committed intent, the wallet's result", () => {
    const commit = useQuoteAndCommit(client);
    expectTypeOf(commit.data).toEqualTypeOf<CommittedIntent | undefined>();
    expectTypeOf(commit.mutate).parameter(0).toEqualTypeOf<QuoteIntentRequest>();
    const pay = useExecuteWithWallet(client);
    expectTypeOf(pay.data).toEqualTypeOf<ExecuteWithWalletResult | undefined>();
    expectTypeOf(pay.progress).toEqualTypeOf<DepositProgress[]>();
    expectTypeOf(pay.mutate).parameter(0).toHaveProperty("maxAmount");
  });

  it("useIntent, useIntentProgress: updates with their receipt, one progress model", () => {
    const follow = useIntent(client, "id");
    expectTypeOf(follow.update).toEqualTypeOf<IntentUpdate | undefined>();
    expectTypeOf(follow.update?.receipt.depositTransaction.tokenAmount).toEqualTypeOf<
      bigint | undefined
    >();
    expectTypeOf(follow.update?.status).toEqualTypeOf<IntentStatus | undefined>();
    const progress = useIntentProgress(useExecuteWithWallet(client), follow);
    expectTypeOf(progress).toEqualTypeOf<IntentProgress>();
  });
});

describe("intentQueries", () => {
  it("types the cache by key: getQueryData knows the data", () => {
    const queries = new QueryClient();
    const options = intentQueries(client).receipt("id");
    expectTypeOf(queries.getQueryData(options.queryKey)).toEqualTypeOf<
      GetIntentReceiptResponse | undefined
    >();
    const { data } = useQuery(intentQueries(client).quote(request));
    expectTypeOf(data?.intent.quote.toAmount).toEqualTypeOf<bigint | undefined>();
  });
});
