/**
 * Never twice across processes: two processes sharing one file store pay the same intent, the
 * second started 0–40 ms after the first, 20 times. Each time the owner sends exactly one
 * transaction and pays the deposit once, and both calls end with the same hash.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { privateKeyToAccount } from "viem/accounts";
import { getTransactionCount } from "viem/actions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import type { IntentClient } from "../../../src/index.js";
import { payer } from "../../kit/wallet/payer.js";
import {
  balance,
  chainOf,
  clients,
  request,
  service,
  testKey,
  USDC_ARB,
} from "../../kit/wallet/setup.js";

const TRIALS = 20;
const AMOUNT = 5_000_000n;
let srv: DevServer;
let client: IntentClient;
const dirs: string[] = [];

beforeAll(async () => {
  ({ srv, client } = await service(true));
}, 30_000);
afterAll(async () => {
  await srv?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("two processes sharing one file store", () => {
  it(`started 0–40 ms apart, ${TRIALS} times: one transfer each time, one hash for both`, async () => {
    const key = testKey(srv, 1);
    const owner = privateKeyToAccount(key).address;
    const arb = chainOf(srv, 42161);
    const { reader } = clients(arb, key);
    const rpcUrl = srv.chains[42161]?.rpcUrl as string;
    const args = [srv.url, srv.accessKey, rpcUrl, "42161", key];
    const [a, b] = await Promise.all([payer(args), payer(args)]);
    for (let trial = 0; trial < TRIALS; trial++) {
      const c = await client.quoteAndCommit(request(owner, USDC_ARB, AMOUNT));
      const dir = mkdtempSync(join(tmpdir(), "race-"));
      dirs.push(dir);
      const nonce = await getTransactionCount(reader, { address: owner });
      const before = await balance(srv, 42161, USDC_ARB, owner);
      const gap = Math.floor((trial * 41) / TRIALS) % 41; // 0, 2, 4, … 39 ms
      const first = a.pay(c.intentId, dir);
      await new Promise((r) => setTimeout(r, gap));
      const [ra, rb] = await Promise.all([first, b.pay(c.intentId, dir)]);
      expect(ra.error, `trial ${trial}, first: ${ra.message}`).toBeUndefined();
      expect(rb.error, `trial ${trial}, second: ${rb.message}`).toBeUndefined();
      expect(ra.hash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(rb.hash).toBe(ra.hash);
      expect([ra.reused, rb.reused].filter((r) => r === false)).toHaveLength(1);
      expect(await getTransactionCount(reader, { address: owner })).toBe(nonce + 1);
      expect(before - (await balance(srv, 42161, USDC_ARB, owner))).toBe(AMOUNT);
    }
    await Promise.all([a.stop(), b.stop()]);
  }, 300_000);
});
