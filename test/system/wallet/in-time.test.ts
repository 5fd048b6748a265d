/**
 * In time, by a clock the service does not set alone. On a dev server with a manual clock: 11
 * minutes after the commit nothing is signed (`ExecuteWindowClosedError`), by transfer or permit,
 * and neither within the margin a deposit needs to confirm; a service whose clock runs 10 years
 * ahead gets no permit (`ClockSkewError`, naming both clocks), and a `Date` header alone 10 years
 * ahead gets nothing signed either.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DevServer, type ManualClock, manualClock } from "../../../src/devserver/index.js";
import { createClient, type IntentClient, isServiceError } from "../../../src/index.js";
import {
  type DepositStrandedError,
  executeWithWallet,
  memoryDepositStore,
  sendDeposit,
} from "../../../src/wallet/index.js";
import { QUICK_SERVER, startServer } from "../../kit/server.js";
import {
  chainOf,
  clients,
  request,
  testAccount,
  USDC_ARB,
  walletState,
} from "../../kit/wallet/setup.js";

const AMOUNT = 3_000_000n;
const MINUTE = 60_000;
const TEN_YEARS = 10 * 365 * 24 * 60 * MINUTE;
let srv: DevServer;
let client: IntentClient;
let clock: ManualClock;
let key: `0x${string}`;
let owner: `0x${string}`;

beforeAll(async () => {
  clock = manualClock(Date.now());
  srv = await startServer({ ...QUICK_SERVER, port: 0, chains: true, clock: clock.now });
  client = createClient({ baseUrl: srv.url, accessKey: srv.accessKey });
  ({ key, owner } = testAccount(srv, 5));
}, 30_000);
afterAll(() => srv?.close());

/** An owner's nonce and USDC: unchanged when nothing was sent. */
function snapshot(of = owner) {
  return walletState(srv, 42161, USDC_ARB, of);
}

/** executeWithWallet's error (none: `undefined`), the owner's account unchanged. */
async function refusal(
  c: Awaited<ReturnType<IntentClient["quoteAndCommit"]>>,
  method: "transfer" | "permit",
  via = client,
) {
  const { wallet } = clients(chainOf(srv, 42161), key);
  const before = await snapshot();
  const e = await executeWithWallet(via, { ...c, wallet, method, store: memoryDepositStore() })
    .then(() => undefined)
    .catch((x: unknown) => x);
  expect(await snapshot()).toEqual(before);
  return e;
}

describe.each(["transfer", "permit"] as const)("%s", (method) => {
  it("11 minutes after the commit: ExecuteWindowClosedError, nothing signed", async () => {
    clock.set(Date.now());
    const c = await client.quoteAndCommit(request(owner, USDC_ARB, AMOUNT));
    clock.advance(11 * MINUTE);
    await client.ping(); // the client hears the service's clock
    const e = await refusal(c, method);
    expect(isServiceError(e, "ExecuteWindowClosed"), String(e)).toBe(true);
    if (isServiceError(e, "ExecuteWindowClosed")) expect(e.marginMs).toBe(60_000);
    expect((await client.getIntent({ intentId: c.intentId })).intent.status).toBe("COMMITTED");
  });

  it("30 seconds before the window ends (within the 60 s margin): nothing signed", async () => {
    clock.set(Date.now());
    const c = await client.quoteAndCommit(request(owner, USDC_ARB, AMOUNT));
    clock.advance(9.5 * MINUTE);
    const e = await refusal(c, method);
    expect(isServiceError(e, "ExecuteWindowClosed"), String(e)).toBe(true);
  });
});

describe("a deposit the service refused", () => {
  it("is recorded as refused: the next call says where the money is, and pays nothing", async () => {
    // An owner of its own: the refused deposit goes back to it once the clock passes the unlock
    // time (a later test moves the clock 10 years on), and must not move the others' balances.
    const { key, owner } = testAccount(srv, 7);
    clock.set(Date.now());
    // A client that cannot see the service's clock (no Date header) believes the window open.
    const blind: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      const headers = new Headers(res.headers);
      headers.delete("date");
      return new Response(res.body, { status: res.status, headers });
    };
    const unaware = createClient({ baseUrl: srv.url, accessKey: srv.accessKey, fetch: blind });
    const c = await unaware.quoteAndCommit(request(owner, USDC_ARB, AMOUNT));
    const { wallet } = clients(chainOf(srv, 42161), key);
    const store = memoryDepositStore();
    const { hash } = await sendDeposit({ intent: c.intent, wallet, store });
    clock.advance(11 * MINUTE);
    const first = await executeWithWallet(unaware, {
      ...c,
      executeDeadline: undefined,
      wallet,
      store,
    })
      .then(() => undefined)
      .catch((x: unknown) => x);
    // Refused after the money left: the error says so, with the hash and the service's refusal.
    expect(isServiceError(first, "DepositStranded"), String(first)).toBe(true);
    expect((first as DepositStrandedError).hash).toBe(hash);
    expect(isServiceError((first as Error).cause, "QuoteExpired")).toBe(true);
    const before = await snapshot(owner);
    const next = await executeWithWallet(unaware, { ...c, wallet, store })
      .then(() => undefined)
      .catch((x: unknown) => x);
    expect(isServiceError(next, "DepositStranded"), String(next)).toBe(true);
    if (isServiceError(next, "DepositStranded")) {
      expect(next.hash).toBe(hash);
      expect(next.amount).toBe(AMOUNT);
      expect(next.intentAddress).toBe(c.intent.originIntentAddress.toLowerCase());
      expect(next.refundAfter).toBe(
        new Date(Number(c.intent.timedRefundUnlockTimestamp) * 1000).toISOString(),
      );
    }
    expect(await snapshot(owner)).toEqual(before);
  });
});

describe("the service's clock 10 years ahead", () => {
  it("its clock and its intents 10 years ahead: no permit (ClockSkewError naming both clocks)", async () => {
    clock.set(Date.now() + TEN_YEARS);
    const c = await client.quoteAndCommit(request(owner, USDC_ARB, AMOUNT));
    const e = await refusal(c, "permit");
    expect(isServiceError(e, "ClockSkew"), String(e)).toBe(true);
    if (isServiceError(e, "ClockSkew")) {
      expect(Date.parse(e.serviceTime) - Date.parse(e.chainTime)).toBeGreaterThan(
        TEN_YEARS - MINUTE,
      );
      expect(e.message).toContain(e.serviceTime);
      expect(e.message).toContain(e.chainTime);
    }
  });

  it("only its Date header 10 years ahead: nothing signed, by transfer or permit", async () => {
    clock.set(Date.now());
    const ahead: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      const headers = new Headers(res.headers);
      headers.set("date", new Date(Date.now() + TEN_YEARS).toUTCString());
      return new Response(res.body, { status: res.status, headers });
    };
    const skewed = createClient({ baseUrl: srv.url, accessKey: srv.accessKey, fetch: ahead });
    for (const method of ["transfer", "permit"] as const) {
      const c = await skewed.quoteAndCommit(request(owner, USDC_ARB, AMOUNT));
      const e = await refusal(c, method, skewed);
      expect(
        isServiceError(e, "ExecuteWindowClosed") || isServiceError(e, "ClockSkew"),
        String(e),
      ).toBe(true);
    }
  });
});
