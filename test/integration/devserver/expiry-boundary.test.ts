/**
 * The 5-minute and 10-minute windows end at the same millisecond for the dev server and for the
 * client's expiry helpers: "at most 5 minutes old" includes exactly 5 minutes.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { DevServer, ManualClock } from "../../../src/devserver/index.js";
import {
  executeDeadline,
  executeTimeLeftMs,
  isQuoteExpired,
  quoteExpiresAt,
  quoteTimeLeftMs,
} from "../../../src/lifecycle/index.js";
import { call, quote, start, usdcRequest } from "../../kit/devserver/helpers.js";

const HASH = `0x${"ab".repeat(32)}`;
let srv: DevServer;
let clock: ManualClock;
afterEach(() => srv.close());

describe("the quote window", () => {
  it("is valid at exactly expiresAt for both the helper and the server, expired 1 ms later", async () => {
    ({ srv, clock } = await start());
    const a = (await quote(srv)).intent;
    const b = (await quote(srv, usdcRequest({ originTokenAmount: 77_000_000n }))).intent;
    expect(quoteExpiresAt(a).getTime() - clock.now()).toBe(300_000);
    clock.set(quoteExpiresAt(a).getTime());
    expect(quoteTimeLeftMs(a, clock.now())).toBe(0);
    expect(isQuoteExpired(a, clock.now())).toBe(false);
    expect((await call(srv, "CommitIntent", { intent: a })).status).toBe(200);
    clock.advance(1);
    expect(isQuoteExpired(b, clock.now())).toBe(true);
    const late = await call(srv, "CommitIntent", { intent: b });
    expect(late.body).toMatchObject({ error: "QuoteExpired" });
  });
});

describe("the execution window", () => {
  it("accepts ExecuteIntent at exactly commit + 10 minutes, when the helper says 0 ms left", async () => {
    ({ srv, clock } = await start());
    const ids: string[] = [];
    for (const amount of [10_000_000n, 20_000_000n]) {
      const { intent } = await quote(srv, usdcRequest({ originTokenAmount: amount }));
      expect((await call(srv, "CommitIntent", { intent })).status).toBe(200);
      ids.push(intent.intentId);
    }
    const committedAt = clock.now();
    clock.set(executeDeadline(committedAt).getTime());
    expect(executeTimeLeftMs(committedAt, clock.now())).toBe(0);
    const onTime = await call(srv, "ExecuteIntent", {
      intentId: ids[0],
      depositTransactionHash: HASH,
    });
    expect(onTime.status).toBe(200);
    clock.advance(1);
    expect(executeTimeLeftMs(committedAt, clock.now())).toBe(-1);
    const late = await call(srv, "ExecuteIntent", {
      intentId: ids[1],
      depositTransactionHash: HASH,
    });
    expect(late.body).toMatchObject({ error: "QuoteExpired" });
  });
});
