/**
 * The TanStack Query section of `docs/guide.md`, snippet by snippet, with @tanstack/query-core and a client
 * of the dev server over loopback HTTP: when `queryKeyHashFn` is needed, invalidating one
 * operation, and persisting a cache that holds bigints.
 */
import { type DehydratedState, dehydrate, hydrate, QueryClient } from "@tanstack/query-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import { createClient, type IntentClient } from "../../../src/index.js";
import {
  deserializeWithBigints,
  queryKeyHashFn,
  queryKeys,
  serializeWithBigints,
} from "../../../src/query.js";
import { quoteRequest } from "../../kit/client/samples.js";
import { startServer } from "../../kit/server.js";

let srv: DevServer;
let client: IntentClient;
let intentId: string;
beforeAll(async () => {
  srv = await startServer({ port: 0 });
  client = createClient({ baseUrl: srv.url, accessKey: srv.accessKey });
  ({ intentId } = await client.quoteAndCommit(quoteRequest));
});
afterAll(() => srv.close());

describe("query keys with TanStack Query", () => {
  it("keys from queryKeys need no queryKeyHashFn, even with bigints in the request", async () => {
    const queryClient = new QueryClient();
    const quoted = await queryClient.fetchQuery({
      queryKey: queryKeys.quoteIntent(quoteRequest),
      queryFn: () => client.quoteIntent(quoteRequest),
    });
    expect(typeof quoted.intent.quote.fromAmount).toBe("bigint");
    expect(queryClient.getQueryData(queryKeys.quoteIntent(quoteRequest))).toBe(quoted);
  });

  it("a key of one's own holding a raw bigint needs queryKeyHashFn", async () => {
    const plain = new QueryClient();
    const key = ["balance", 10n ** 30n];
    // TanStack hashes keys with JSON.stringify: it throws while building the query.
    expect(() => plain.fetchQuery({ queryKey: key, queryFn: () => 1 })).toThrow(/BigInt/);
    const withBigints = new QueryClient({ defaultOptions: { queries: { queryKeyHashFn } } });
    await expect(withBigints.fetchQuery({ queryKey: key, queryFn: () => 1 })).resolves.toBe(1);
    expect(withBigints.getQueryData(["balance", 10n ** 30n])).toBe(1);
  });

  it("invalidates one operation's queries by its prefix", async () => {
    const queryClient = new QueryClient();
    await queryClient.fetchQuery({
      queryKey: queryKeys.getIntent({ intentId }),
      queryFn: () => client.getIntent({ intentId }),
    });
    await queryClient.fetchQuery({
      queryKey: queryKeys.ping(),
      queryFn: () => client.ping(),
    });
    await queryClient.invalidateQueries({ queryKey: queryKeys.getIntent.prefix });
    const state = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(state(queryKeys.getIntent({ intentId }))).toBe(true);
    expect(state(queryKeys.ping())).toBe(false);
    expect(queryKeys.ping()).toEqual(queryKeys.ping({}));
  });

  it("dehydrates and restores a cache holding bigints, every digit kept", async () => {
    const queryClient = new QueryClient();
    const { intent } = await queryClient.fetchQuery({
      queryKey: queryKeys.getIntent({ intentId }),
      queryFn: () => client.getIntent({ intentId }),
    });
    expect(() => JSON.stringify(dehydrate(queryClient))).toThrow(/BigInt/);
    const saved = serializeWithBigints(dehydrate(queryClient));
    const restored = new QueryClient();
    hydrate(restored, deserializeWithBigints<DehydratedState>(saved));
    const back = restored.getQueryData<{ intent: typeof intent }>(
      queryKeys.getIntent({ intentId }),
    );
    expect(back?.intent.salt).toBe(intent.salt);
    expect(back?.intent.quote.fromAmount).toBe(intent.quote.fromAmount);
    expect(back).toEqual({ intent });
  });

  it("the serializer keeps values past 2^64 and leaves other objects alone", () => {
    const value = { a: 2n ** 200n, b: [-1n, { $bigint: "x" }], c: { $bigint: "1", d: 2 } };
    expect(deserializeWithBigints(serializeWithBigints(value))).toEqual(value);
  });
});
