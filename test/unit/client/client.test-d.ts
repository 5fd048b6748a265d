import { assertType, describe, expectTypeOf, it } from "vitest";
import {
  QuoteExpiredError,
  RateLimitedError,
  type RequestTimeoutError,
} from "../../../src/errors.js";
import {
  type BaseClient,
  type CommittedIntent,
  createBaseClient,
  createClient,
  getIntent,
  type Intent,
  type IntentStatus,
  isServiceError,
  type ServiceError,
} from "../../../src/index.js";
import { queryKeys } from "../../../src/query.js";
import type { IntentUpdate } from "../../../src/types.js";

const client = createClient({ baseUrl: "http://127.0.0.1:1", accessKey: "k" });

describe("amounts are bigint", () => {
  it("in responses and requests", async () => {
    const { intent } = await client.quoteIntent({
      ownerAddress: "0x1",
      originChainId: 1,
      originTokenAddress: "0x2",
      destinationChainId: 8453,
      destinationTokenAddress: "0x3",
      destinationTokenAmount: 1n,
    });
    expectTypeOf(intent.quote.fromAmount).toEqualTypeOf<bigint>();
    expectTypeOf(intent.salt).toEqualTypeOf<bigint>();
    expectTypeOf(intent.depositTransaction.amount).toEqualTypeOf<bigint>();
    expectTypeOf(intent.quote.fromAmountUsd).toEqualTypeOf<number>();
    const { intentReceipt } = await client.getIntentReceipt({ intentId: "x" });
    expectTypeOf(intentReceipt.summary.originTokenAmount).toEqualTypeOf<bigint>();
  });
  it("a number where a bigint belongs does not compile", () => {
    client.quoteIntent({
      ownerAddress: "0x1",
      originChainId: 1,
      originTokenAddress: "0x2",
      destinationChainId: 8453,
      destinationTokenAddress: "0x3",
      // @ts-expect-error: amounts are bigint
      destinationTokenAmount: 1,
    });
  });
});

describe("request shapes", () => {
  it("reject missing and unknown members", () => {
    // @ts-expect-error: intentId is required
    client.getIntent({});
    // @ts-expect-error: intentId is a string
    client.getIntent({ intentId: 1 });
    // @ts-expect-error: no such member
    client.getIntent({ intentId: "x", extra: true });
    // @ts-expect-error: commit takes { intent }
    client.commitIntent({ intentId: "x" });
    // @ts-expect-error: options are { signal, timeoutMs, headers }
    client.ping({}, { retries: 3 });
    client.ping();
    client.getIntent(
      { intentId: "x" },
      { signal: AbortSignal.timeout(1), timeoutMs: 5, headers: { a: "b" } },
    );
  });
  it("enums are open but typed", () => {
    expectTypeOf<"QUOTED">().toMatchTypeOf<IntentStatus>();
    expectTypeOf<"SOMETHING_NEW">().toMatchTypeOf<IntentStatus>();
  });
});

describe("responses and helpers", () => {
  it("each method returns its response type", () => {
    expectTypeOf(client.getIntent).returns.resolves.toEqualTypeOf<{ intent: Intent }>();
    expectTypeOf(client.commitIntent).returns.resolves.toEqualTypeOf<{ intentId: string }>();
    expectTypeOf(client.quoteAndCommit).returns.resolves.toEqualTypeOf<CommittedIntent>();
    expectTypeOf(client.waitForIntent).returns.resolves.toEqualTypeOf<IntentUpdate>();
    expectTypeOf(client.clockSkewMs).toEqualTypeOf<number>();
  });
  it("standalone functions take a base client", () => {
    const base = createBaseClient({ baseUrl: "http://x" });
    expectTypeOf(getIntent(base, { intentId: "x" })).resolves.toEqualTypeOf<{ intent: Intent }>();
    assertType<BaseClient>(client);
    // @ts-expect-error: not a client
    getIntent({}, { intentId: "x" });
  });
  it("query keys are typed per operation", () => {
    const key = queryKeys.getIntent({ intentId: "x" });
    expectTypeOf(key).toEqualTypeOf<
      readonly ["xchain-intents", "GetIntent", { intentId: string }]
    >();
    const q = queryKeys.getTokenPrices({ tokens: [] });
    expectTypeOf(q[1]).toEqualTypeOf<"GetTokenPrices">();
    // @ts-expect-error: the request shape is checked
    queryKeys.getIntent({ id: "x" });
  });
});

describe("errors narrow by class and by guard", () => {
  it("instanceof and is-guards", () => {
    const e: unknown = new RateLimitedError();
    if (e instanceof QuoteExpiredError) expectTypeOf(e).toEqualTypeOf<QuoteExpiredError>();
    if (isServiceError(e, "RateLimited")) {
      expectTypeOf(e).toEqualTypeOf<RateLimitedError>();
      expectTypeOf(e.retryAfterMs).toEqualTypeOf<number | undefined>();
    }
    if (isServiceError(e, "QuoteExpired")) expectTypeOf(e).toEqualTypeOf<QuoteExpiredError>();
    if (isServiceError(e)) {
      expectTypeOf(e).toEqualTypeOf<ServiceError>();
      expectTypeOf(e.code).toEqualTypeOf<number>();
      expectTypeOf(e.isRetryable).toEqualTypeOf<boolean>();
    }
    expectTypeOf<RateLimitedError>().toMatchTypeOf<ServiceError>();
  });
  it("the guard knows the client's own errors and refuses names it does not know", () => {
    const e: unknown = new RateLimitedError();
    if (isServiceError(e, "RequestTimeout")) expectTypeOf(e).toEqualTypeOf<RequestTimeoutError>();
    if (isServiceError(e, "ResponseValidation")) {
      expectTypeOf(e.pointer).toEqualTypeOf<string>();
    }
    // @ts-expect-error a class name is not a wire name
    isServiceError(e, "RateLimitedError");
    // @ts-expect-error not an error of the schema
    isServiceError(e, "NoSuchError");
  });
});
