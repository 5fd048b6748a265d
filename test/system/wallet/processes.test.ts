/**
 * Never twice across processes: two processes sharing one file store pay the same intent, the
 * second started 0–40 ms after the first, 20 times. Each time the owner sends exactly one
 * transaction and pays the deposit once, and both calls end with the same hash.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import type { IntentClient } from "../../../src/index.js";
import { tempDirs } from "../../kit/temp-dirs.js";
import { payer } from "../../kit/wallet/payer.js";
import { request, service, testAccount, USDC_ARB, walletState } from "../../kit/wallet/setup.js";

const TRIALS = 20;
const AMOUNT = 5_000_000n;
let srv: DevServer;
let client: IntentClient;
const tempDir = tempDirs("race-");

beforeAll(async () => {
  ({ srv, client } = await service(true));
}, 30_000);
afterAll(() => srv?.close());

describe("two processes sharing one file store", () => {
  it(`started 0–40 ms apart, ${TRIALS} times: one transfer each time, one hash for both`, async () => {
    const { key, owner } = testAccount(srv, 1);
    const rpcUrl = srv.chains[42161]?.rpcUrl as string;
    const args = [srv.url, srv.accessKey, rpcUrl, "42161", key];
    const [a, b] = await Promise.all([payer(args), payer(args)]);
    for (let trial = 0; trial < TRIALS; trial++) {
      const c = await client.quoteAndCommit(request(owner, USDC_ARB, AMOUNT));
      const dir = tempDir();
      const before = await walletState(srv, 42161, USDC_ARB, owner);
      const gap = Math.floor((trial * 41) / TRIALS) % 41; // 0, 2, 4, … 39 ms
      const first = a.pay(c.intentId, dir);
      await new Promise((r) => setTimeout(r, gap));
      const [ra, rb] = await Promise.all([first, b.pay(c.intentId, dir)]);
      expect(ra.error, `trial ${trial}, first: ${ra.message}`).toBeUndefined();
      expect(rb.error, `trial ${trial}, second: ${rb.message}`).toBeUndefined();
      expect(ra.hash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(rb.hash).toBe(ra.hash);
      expect([ra.reused, rb.reused].filter((r) => r === false)).toHaveLength(1);
      const after = await walletState(srv, 42161, USDC_ARB, owner);
      expect(after.nonce).toBe(before.nonce + 1);
      expect(before.balance - after.balance).toBe(AMOUNT);
    }
    await Promise.all([a.stop(), b.stop()]);
  }, 300_000);
});
