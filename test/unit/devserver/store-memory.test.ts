/**
 * The store's byte budget bounds what it holds, not only what it stores: a dropped record still
 * referenced by the issue-ordered lists is counted (`heldBytes`) until the lists let go of it,
 * which they do as soon as dropped records pass `DROPPED_SLACK` of the budget.
 */
import { describe, expect, it } from "vitest";
import type { Intent } from "../../../generated/types.js";
import {
  DROPPED_SLACK,
  type IntentRecord,
  IntentStore,
} from "../../../src/devserver/intents/store.js";
import type { Token } from "../../../src/devserver/market/index.js";

const RECORD_BYTES = 64 * 1024;
const MAX_BYTES = 4 * 1024 * 1024;
const token = { symbol: "USDC" } as Token;

function record(n: number, owner: string): Omit<IntentRecord, "seq"> {
  const issued = {
    intentId: `0x${n.toString(16).padStart(64, "0")}`,
    ownerAddress: owner,
    originIntentAddress: `0x${n.toString(16).padStart(40, "1")}`,
  } as unknown as Intent;
  return {
    issued,
    issuedAt: n,
    projectId: 1 + (n % 3),
    from: token,
    to: token,
    recipient: owner,
    tradeType: "EXACT_INPUT",
    feeTokens: [],
    bytes: RECORD_BYTES,
  };
}

describe("the store's byte budget", () => {
  it("counts dropped records the lists still hold, and keeps all it holds within budget + slack", () => {
    const store = new IntentStore(
      { maxQuoted: 1_000_000, maxIntents: 1_000_000, maxBytes: MAX_BYTES },
      () => true,
    );
    const owners = [
      "0x2222222222222222222222222222222222222222",
      "0x3333333333333333333333333333333333333333",
    ];
    let worstHeld = 0;
    for (let n = 0; n < 2_000; n++) {
      store.addQuoted(record(n, owners[n % 2] as string));
      expect(store.bytes).toBeLessThanOrEqual(MAX_BYTES);
      // What the lists reference is exactly what the store counts as held.
      expect(store.all.held * RECORD_BYTES).toBe(store.heldBytes);
      worstHeld = Math.max(worstHeld, store.heldBytes);
    }
    expect(store.size).toBe(MAX_BYTES / RECORD_BYTES);
    expect(store.evicted).toBe(2_000 - store.size);
    expect(worstHeld).toBeGreaterThan(MAX_BYTES);
    expect(worstHeld).toBeLessThanOrEqual(MAX_BYTES * (1 + DROPPED_SLACK) + RECORD_BYTES);
    // The per-owner and per-project lists let go of their dropped records too.
    const perOwner = owners.map((o) => store.byOwner.get(o.toLowerCase())?.held ?? 0);
    const perProject = [1, 2, 3].map((p) => store.byProject.get(p)?.held ?? 0);
    const slackRecords = (MAX_BYTES * DROPPED_SLACK) / RECORD_BYTES + 1;
    expect(perOwner.reduce((a, b) => a + b)).toBeLessThanOrEqual(store.size + slackRecords);
    expect(perProject.reduce((a, b) => a + b)).toBeLessThanOrEqual(store.size + slackRecords);
  });

  it("lets go of a dropped execution's index entries (its transaction hashes)", () => {
    const store = new IntentStore(
      { maxQuoted: 1_000_000, maxIntents: 4, maxBytes: 1_000_000_000 },
      () => true,
    );
    const owner = "0x2222222222222222222222222222222222222222";
    const hash = (n: number, what: string) => `0x${what}${n.toString(16).padStart(62, "0")}`;
    for (let n = 0; n < 12; n++) {
      const rec = store.addQuoted(record(n, owner));
      store.commit(rec, n);
      store.execute(rec, {
        at: n,
        argsKey: `k${n}`,
        depositTxHash: hash(n, "d1"),
        originTxHash: hash(n, "01"),
        destinationTxHash: hash(n, "de"),
        failure: undefined,
      });
    }
    expect(store.size).toBe(4);
    for (let n = 0; n < 12; n++) {
      const kept = n >= 8 ? 1 : 0;
      expect(store.lookup("depositTxHash", hash(n, "d1")).size, `intent ${n}`).toBe(kept);
      for (const what of ["d1", "01", "de"]) {
        expect(store.lookup("txHash", hash(n, what)).size, `intent ${n}`).toBe(kept);
        expect(store.lookup("query", hash(n, what)).size, `intent ${n}`).toBe(kept);
      }
    }
  });
});
