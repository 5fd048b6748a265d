/**
 * `intentQueries` against the dev server over loopback, through a TanStack `QueryClient` with its
 * default settings: bigint data, bigint-safe keys under TanStack's own hash, disabled queries
 * without casts, and one retry cycle (the SDK's), not TanStack's on top.
 */
import { QueryClient, QueryObserver, skipToken } from "@tanstack/react-query";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import { createClient, type IntentClient } from "../../../src/index.js";
import { intentQueries, QUOTE_REFRESH_MARGIN_MS } from "../../../src/react/index.js";
import { USDC_BASE } from "../../kit/constants.js";
import { usdcRequest } from "../../kit/quote-request.js";
import { QUICK_SERVER, startServer } from "../../kit/server.js";

let srv: DevServer;
let client: IntentClient;

beforeAll(async () => {
  srv = await startServer({ ...QUICK_SERVER, faults: true });
  client = createClient({
    baseUrl: srv.url,
    accessKey: srv.accessKey,
    retry: { maxRetries: 3, baseDelayMs: 1, maxDelayMs: 5 },
  });
});
afterAll(() => srv.close());

describe("intentQueries", () => {
  it("fetches a quote with bigint amounts under a key TanStack's default hash accepts", async () => {
    const queries = new QueryClient();
    const request = usdcRequest();
    const options = intentQueries(client).quote(request);
    const data = await queries.fetchQuery(options);
    expect(typeof data.intent.quote.fromAmount).toBe("bigint");
    expect(data.intent.quote.fromAmount).toBe(250_000_000n);
    // The same request, built again, finds the cached answer: the key hashes the same.
    expect(queries.getQueryData(intentQueries(client).quote(usdcRequest()).queryKey)).toBe(data);
    expect(JSON.stringify(options.queryKey)).toContain('"$bigint":"250000000"');
  });

  it("keeps a quote fresh until shortly before it expires, and asks again then", async () => {
    const queries = new QueryClient();
    const options = intentQueries(client).quote(usdcRequest({ originTokenAmount: 7_000_000n }));
    await queries.fetchQuery(options);
    const query = queries.getQueryCache().find({ queryKey: options.queryKey });
    const data = queries.getQueryData(options.queryKey);
    if (query === undefined || data === undefined) throw new Error("no query cached");
    const stale = options.staleTime as unknown as (q: unknown) => number;
    const interval = options.refetchInterval as unknown as (q: unknown) => number | false;
    const left = Date.parse(String(data.intent.expiresAt)) - Date.now();
    // Within a second of the expiry minus the margin (the test's own time passes meanwhile).
    expect(Math.abs(stale(query) - (left - QUOTE_REFRESH_MARGIN_MS))).toBeLessThan(1_000);
    expect(interval(query)).toBeGreaterThan(0);
    expect(options.retry).toBe(false);
  });

  it("reads routes, the intent, its receipt, search, history and prices as the client does", async () => {
    const queries = new QueryClient();
    const q = intentQueries(client);
    const { intentId } = await client.quoteAndCommit(
      usdcRequest({ originTokenAmount: 9_000_000n }),
    );
    const routes = await queries.fetchQuery(
      q.routes({ destinationChainId: 8453, destinationTokenAddress: USDC_BASE }),
    );
    expect(routes.tokens.length).toBeGreaterThan(0);
    expect((await queries.fetchQuery(q.intent(intentId))).intent.intentId).toBe(intentId);
    expect((await queries.fetchQuery(q.receipt(intentId))).intentReceipt.intentId).toBe(intentId);
    const found = await queries.fetchQuery(q.search({ byIntentId: intentId }));
    expect(found.intents.map((i) => i.intentId)).toContain(intentId);
    const history = await queries.fetchQuery(q.history());
    expect(history.intents.map((h) => h.intentId)).toContain(intentId);
    const prices = await queries.fetchQuery(
      q.prices({ tokens: [{ chainId: 8453, tokenAddress: USDC_BASE }] }),
    );
    expect(prices.tokenPrices).toHaveLength(1);
  });

  it("leaves a query whose request is not known yet disabled, under its operation's prefix", () => {
    const q = intentQueries(client);
    for (const options of [q.quote(undefined), q.routes(undefined), q.intent(undefined)]) {
      expect(options.queryFn).toBe(skipToken);
      expect(options.queryKey).toHaveLength(2);
    }
    expect(q.intent(undefined).queryKey).toEqual(["xchain-intents", "GetIntent"]);
  });

  it("answers a 503 after the SDK's one retry cycle: TanStack adds no retry of its own", async () => {
    // TanStack retries a failed query 3 times in a browser (none on a server): that default is
    // set here, with no delay, as a page has it.
    const queries = new QueryClient({ defaultOptions: { queries: { retry: 3, retryDelay: 0 } } });
    const before = srv.stats().requests.QuoteIntent ?? 0;
    srv.injectFaults([{ operation: "QuoteIntent", fault: "503", times: 50 }]);
    const request = usdcRequest({ originTokenAmount: 11_000_000n });
    const observer = new QueryObserver(queries, intentQueries(client).quote(request));
    const error = await new Promise((resolve) => {
      const stop = observer.subscribe((result) => {
        if (result.status !== "error") return;
        stop();
        resolve(result.error);
      });
    });
    expect(error).toMatchObject({ status: 503 });
    // One first attempt and the client's 3 retries; TanStack's own on top would make it 16.
    expect((srv.stats().requests.QuoteIntent ?? 0) - before).toBe(4);
    srv.injectFaults([]);
  });
});
