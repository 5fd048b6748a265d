import { afterEach, describe, expect, it } from "vitest";
import type { Intent } from "../../../generated/types.js";
import { stringifyJson } from "../../../src/codec/index.js";
import type { DevServer, ManualClock } from "../../../src/devserver/index.js";
import {
  call,
  executed,
  quote,
  start,
  USDC_ARB,
  usdcRequest,
} from "../../kit/devserver/helpers.js";

let srv: DevServer;
let clock: ManualClock;
afterEach(() => srv.close());

const HASH = `0x${"ab".repeat(32)}`;
const status = async (id: string) =>
  (await call(srv, "GetIntent", { intentId: id })).body.intent.status as string;
const states = async (id: string) => {
  const r = (await call(srv, "GetIntentReceipt", { intentId: id })).body.intentReceipt;
  return [
    r.depositTransaction.status,
    r.originTransaction.status,
    r.destinationTransaction?.status,
  ];
};

function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reversedKeys(v)]),
  );
}

describe("CommitIntent", () => {
  it("commits an unmodified intent (key order ignored), once, idempotently", async () => {
    ({ srv, clock } = await start());
    const { intent } = await quote(srv);
    const body = stringifyJson({ intent: reversedKeys(intent) }, "CommitIntentRequest");
    const first = await call(srv, "CommitIntent", body);
    expect(first.status).toBe(200);
    expect(first.body.intentId).toBe(intent.intentId);
    expect(await status(intent.intentId)).toBe("COMMITTED");
    const again = await call(srv, "CommitIntent", { intent });
    expect(again.body.intentId).toBe(intent.intentId);
    expect(srv.stats().commits).toBe(1);
  });

  it("refuses a modified intent, naming the first differing path", async () => {
    ({ srv, clock } = await start());
    const { intent } = await quote(srv);
    const changed: Intent = {
      ...intent,
      quote: { ...intent.quote, toAmount: intent.quote.toAmount + 1n },
    };
    const a = await call(srv, "CommitIntent", { intent: changed });
    expect(a.body).toMatchObject({ error: "InvalidArgument", code: 2000 });
    expect(a.body.cause).toBe(
      `/intent/quote/toAmount: is ${intent.quote.toAmount + 1n}, quoted as ${intent.quote.toAmount}: send the intent exactly as QuoteIntent returned it`,
    );
    const extra = await call(srv, "CommitIntent", { intent: { ...intent, note: "x" } });
    expect(extra.body.cause).toMatch(/^\/intent\/note: is "x", absent from the intent as quoted/);
    const call0 = structuredClone(intent);
    (call0.originCalls.calls[1] as { data?: string }).data = "0x";
    const deep = await call(srv, "CommitIntent", { intent: call0 });
    expect(deep.body.cause).toMatch(/^\/intent\/originCalls\/calls\/1\/data: /);
    const wrongType = await call(
      srv,
      "CommitIntent",
      JSON.stringify({
        intent: {
          // Bigints as decimal strings, so that JSON.parse keeps every digit of them.
          ...JSON.parse(stringifyJson(intent, "Intent", { bigintAs: "string" })),
          quote: {
            ...JSON.parse(
              stringifyJson(intent.quote, "IntentProviderQuote", { bigintAs: "string" }),
            ),
            fromAmount: true,
          },
        },
      }),
    );
    expect(wrongType.body.cause).toMatch(/^\/intent\/quote\/fromAmount: /);
    expect(srv.stats().commits).toBe(0);
  });

  it("refuses a quote older than 5 minutes with QuoteExpired, accepts it at 5 minutes", async () => {
    ({ srv, clock } = await start());
    const a = await quote(srv);
    const b = await quote(srv, usdcRequest({ originTokenAmount: 123_000_000n }));
    clock.advance(5 * 60_000);
    expect((await call(srv, "CommitIntent", { intent: a.intent })).status).toBe(200);
    clock.advance(1);
    const late = await call(srv, "CommitIntent", { intent: b.intent });
    expect(late.body).toMatchObject({ error: "QuoteExpired", code: 7001, status: 400 });
  });

  it("answers an intent it never issued with NotFound", async () => {
    ({ srv, clock } = await start());
    const { intent } = await quote(srv);
    const a = await call(srv, "CommitIntent", {
      intent: { ...intent, intentId: "00000000-0000-4000-8000-000000000000" },
    });
    expect(a.body).toMatchObject({ error: "NotFound", code: 8000 });
  });
});

describe("ExecuteIntent and receipts", () => {
  it("moves COMMITTED → EXECUTING → SUCCEEDED on the clock, each transaction through its stages", async () => {
    ({ srv, clock } = await start({ durations: { stageMs: 1000 } }));
    const id = await executed(srv, HASH);
    expect(await status(id)).toBe("EXECUTING");
    expect(await states(id)).toEqual(["PENDING", "PENDING", "PENDING"]);
    clock.advance(1000);
    expect(await states(id)).toEqual(["SENT", "PENDING", "PENDING"]);
    clock.advance(2000);
    expect(await states(id)).toEqual(["SUCCEEDED", "PENDING", "PENDING"]);
    clock.advance(4000);
    expect(await states(id)).toEqual(["SUCCEEDED", "SUCCEEDED", "SENT"]);
    clock.advance(2000);
    expect(await states(id)).toEqual(["SUCCEEDED", "SUCCEEDED", "SUCCEEDED"]);
    expect(await status(id)).toBe("SUCCEEDED");
    const r = (await call(srv, "GetIntentReceipt", { intentId: id })).body.intentReceipt;
    expect(r.depositTransaction.txnHash).toBe(HASH);
    expect(r.originTransaction.txnHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(r.summary.finishedAt).toBeDefined();
    expect(r.summary.originTokenMetadata.symbol).toBe("USDC");
  });

  it("fails an execution whose deposit hash ends in dead", async () => {
    ({ srv, clock } = await start());
    const id = await executed(srv, `0x${"00".repeat(30)}dead`);
    clock.advance(60_000);
    expect(await status(id)).toBe("FAILED");
    expect(await states(id)).toEqual(["FAILED", "ABORTED", "ABORTED"]);
  });

  it("honours a custom failure rule", async () => {
    ({ srv, clock } = await start({
      failRule: ({ intent }) => (intent.quote.fromAmount > 200_000_000n ? "too big" : false),
    }));
    const id = await executed(srv, HASH);
    clock.advance(60_000);
    expect(await status(id)).toBe("FAILED");
    const r = (await call(srv, "GetIntentReceipt", { intentId: id })).body.intentReceipt;
    expect(r.depositTransaction.statusReason).toBe("too big");
  });

  it("is idempotent for the same arguments and refuses different ones", async () => {
    ({ srv, clock } = await start());
    const id = await executed(srv, HASH);
    const again = await call(srv, "ExecuteIntent", {
      intentId: id,
      depositTransactionHash: HASH.toUpperCase().replace("0X", "0x"),
    });
    expect(again.body).toEqual({ intentId: id, intentStatus: "EXECUTING" });
    const other = await call(srv, "ExecuteIntent", {
      intentId: id,
      depositTransactionHash: `0x${"cd".repeat(32)}`,
    });
    expect(other.body).toMatchObject({ error: "IntentStatus", code: 2004, status: 422 });
    expect(srv.stats().executions).toBe(1);
  });

  it("refuses unknown, QUOTED and late intents", async () => {
    ({ srv, clock } = await start());
    expect(
      (await call(srv, "ExecuteIntent", { intentId: "nope", depositTransactionHash: HASH })).body
        .code,
    ).toBe(8000);
    const { intent } = await quote(srv);
    const quoted = await call(srv, "ExecuteIntent", {
      intentId: intent.intentId,
      depositTransactionHash: HASH,
    });
    expect(quoted.body).toMatchObject({ error: "IntentStatus", code: 2004 });
    await call(srv, "CommitIntent", { intent });
    clock.advance(10 * 60_000 + 1);
    const late = await call(srv, "ExecuteIntent", {
      intentId: intent.intentId,
      depositTransactionHash: HASH,
    });
    expect(late.body).toMatchObject({ error: "QuoteExpired", code: 7001 });
    expect(await status(intent.intentId)).toBe("COMMITTED");
  });

  it("executes from a deposit signature with one of the quote's gas fee options", async () => {
    ({ srv, clock } = await start());
    const { intent, gasFeeOptions } = await quote(srv);
    await call(srv, "CommitIntent", { intent });
    const option = gasFeeOptions.feeOptions[1];
    const bad = await call(srv, "ExecuteIntent", {
      intentId: intent.intentId,
      depositSignature: {
        selectedGasFeeOption: { ...option, tokenAddress: `0x${"99".repeat(20)}` },
        deadline: 1,
      },
    });
    expect(bad.body.cause).toMatch(/^\/depositSignature\/selectedGasFeeOption\/tokenAddress: /);
    const none = await call(srv, "ExecuteIntent", { intentId: intent.intentId });
    expect(none.body.cause).toBe(
      "/: The deposit is named by depositTransactionHash or depositSignature.",
    );
    const ok = await call(srv, "ExecuteIntent", {
      intentId: intent.intentId,
      depositSignature: { selectedGasFeeOption: option, deadline: 1_900_000_000 },
    });
    expect(ok.body.intentStatus).toBe("EXECUTING");
  });

  it("has no destination transaction for a same-chain intent", async () => {
    ({ srv, clock } = await start());
    const id = await executed(
      srv,
      HASH,
      usdcRequest({
        destinationChainId: 42161,
        destinationTokenAddress: "0x0000000000000000000000000000000000000000",
      }),
    );
    clock.advance(6000);
    expect(await states(id)).toEqual(["SUCCEEDED", "SUCCEEDED", undefined]);
    expect(await status(id)).toBe("SUCCEEDED");
  });
});

describe("WaitIntentReceipt", () => {
  it("answers at once without lastReceiptStates, else when the states change", async () => {
    ({ srv, clock } = await start({ longPollMs: 3000 }));
    const id = await executed(srv, HASH);
    const first = await call(srv, "WaitIntentReceipt", { intentId: id });
    expect(first.body.receiptStates).toEqual(["PENDING", "PENDING", "PENDING"]);
    expect(first.body.done).toBe(false);
    const started = Date.now();
    const waiting = call(srv, "WaitIntentReceipt", {
      intentId: id,
      lastReceiptStates: first.body.receiptStates,
    });
    setTimeout(() => clock.advance(1000), 100);
    const next = await waiting;
    expect(Date.now() - started).toBeLessThan(2000);
    expect(next.body.receiptStates).toEqual(["SENT", "PENDING", "PENDING"]);
    clock.advance(60_000);
    const done = await call(srv, "WaitIntentReceipt", {
      intentId: id,
      lastReceiptStates: next.body.receiptStates,
    });
    expect(done.body.done).toBe(true);
    expect(done.body.intentReceipt.status).toBe("SUCCEEDED");
  });

  it("answers after longPollMs when nothing changes", async () => {
    ({ srv, clock } = await start({ longPollMs: 150 }));
    const id = await executed(srv, HASH);
    const started = Date.now();
    const a = await call(srv, "WaitIntentReceipt", {
      intentId: id,
      lastReceiptStates: ["PENDING", "PENDING", "PENDING"],
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(a.body.done).toBe(false);
  });

  it("ends when the client goes away and when the server closes", async () => {
    ({ srv, clock } = await start({ longPollMs: 60_000 }));
    const id = await executed(srv, HASH);
    const body = JSON.stringify({
      intentId: id,
      lastReceiptStates: ["PENDING", "PENDING", "PENDING"],
    });
    const controller = new AbortController();
    const started = Date.now();
    const aborted = srv.fetch("/rpc/Service/WaitIntentReceipt", {
      method: "POST",
      body,
      signal: controller.signal,
      headers: { "content-type": "application/json", "x-access-key": srv.accessKey },
    });
    setTimeout(() => controller.abort(), 50);
    await (await aborted).text();
    expect(Date.now() - started).toBeLessThan(2000);
    const pending = call(srv, "WaitIntentReceipt", JSON.parse(body));
    setTimeout(() => void srv.close(), 50);
    const closed = await pending.catch(() => "closed");
    expect(Date.now() - started).toBeLessThan(3000);
    expect(closed).toBeDefined();
    ({ srv, clock } = await start());
  });
});

describe("GetIntent", () => {
  it("answers an unknown id with NotFound and keeps intents after they finish", async () => {
    ({ srv, clock } = await start());
    const nf = await call(srv, "GetIntent", { intentId: "missing" });
    expect(nf.body).toMatchObject({ error: "NotFound", code: 8000, status: 400 });
    const id = await executed(srv, HASH, usdcRequest({ originTokenAddress: USDC_ARB }));
    clock.advance(3_600_000);
    expect(await status(id)).toBe("SUCCEEDED");
  });
});
