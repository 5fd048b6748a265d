/**
 * Server rendering as a Next.js app router page does it, in Node with no DOM: a server component
 * prefetches with `intentQueries`, the cache crosses to the browser as text (bigints kept by
 * `serializeWithBigints`), and the client tree hydrated from it renders the quote from the cache
 * without asking the service again.
 */
import {
  type DehydratedState,
  dehydrate,
  HydrationBoundary,
  QueryClient,
  QueryClientProvider,
} from "@tanstack/react-query";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import { createClient, type IntentClient } from "../../../src/index.js";
import { deserializeWithBigints, serializeWithBigints } from "../../../src/query.js";
import { intentQueries, useQuote } from "../../../src/react/index.js";
import { usdcRequest } from "../../kit/quote-request.js";
import { QUICK_SERVER, startServer } from "../../kit/server.js";

let srv: DevServer;
let client: IntentClient;

beforeAll(async () => {
  srv = await startServer(QUICK_SERVER);
  client = createClient({ baseUrl: srv.url, accessKey: srv.accessKey });
});
afterAll(() => srv.close());

const request = usdcRequest({ originTokenAmount: 12_345_678n });

/** The page's client component: the quote from the cache. */
function Quote() {
  const { data, expiresAt } = useQuote(client, request);
  return createElement(
    "p",
    null,
    data ? `pay ${data.intent.quote.fromAmount} until ${expiresAt?.toISOString()}` : "quoting",
  );
}

describe("server rendering without a DOM", () => {
  it("prefetches on the server, hydrates the client tree, and renders bigint data", async () => {
    expect(typeof document).toBe("undefined");
    expect(typeof window).toBe("undefined");
    // The server component: prefetch, then hand the cache over as text.
    const server = new QueryClient();
    await server.prefetchQuery(intentQueries(client).quote(request));
    const text = serializeWithBigints(dehydrate(server));
    const before = srv.stats().requests.QuoteIntent;
    // The browser: the text back into a cache, the tree rendered from it.
    const browser = new QueryClient();
    const html = renderToString(
      createElement(
        QueryClientProvider,
        { client: browser },
        createElement(
          HydrationBoundary,
          { state: deserializeWithBigints<DehydratedState>(text) },
          createElement(Quote),
        ),
      ),
    );
    expect(html).toMatch(/pay 12345678 until \d{4}-\d\d-\d\dT/);
    expect(srv.stats().requests.QuoteIntent).toBe(before);
    // Without the bigint-aware text, the hand-over itself fails: JSON cannot hold a bigint.
    expect(() => JSON.stringify(dehydrate(server))).toThrow(TypeError);
  });
});
