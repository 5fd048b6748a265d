/**
 * `nextChangeAt`, which lets a held long poll skip re-reading an intent until its next stage: at
 * no time between now and that moment may the receipt states or the status differ from now's.
 */
import { describe, expect, it } from "vitest";
import {
  type IntentRecord,
  nextChangeAt,
  receiptStates,
  stateAt,
  type Timing,
} from "../../../src/devserver/intents/index.js";

function record(chains: [number, number], execution?: { at: number; failure?: string }) {
  return {
    issued: { originChainId: chains[0], destinationChainId: chains[1] },
    issuedAt: 0,
    committedAt: 10,
    execution: execution === undefined ? undefined : { ...execution, failure: execution.failure },
  } as unknown as IntentRecord;
}

const view = (rec: IntentRecord, t: number, timing: Timing) => {
  const s = stateAt(rec, t, timing);
  return `${s.status} ${receiptStates(s).join(",")}`;
};

describe("nextChangeAt", () => {
  it("is never later than the next change of state, for every timing and outcome", () => {
    const timings: Timing[] = [
      { stageMs: 1000, executingMs: undefined },
      { stageMs: 7, executingMs: 20 },
      { stageMs: 5, executingMs: 200 },
      { stageMs: 0, executingMs: 30 },
    ];
    let checked = 0;
    const late: string[] = [];
    for (const timing of timings) {
      for (const chains of [
        [1, 8453],
        [1, 1],
      ] as [number, number][]) {
        for (const failure of [undefined, "reverted"]) {
          const rec = record(chains, { at: 100, ...(failure ? { failure } : {}) });
          for (let now = 90; now < 100 + 10_000; now += 3 + (now % 11)) {
            const next = nextChangeAt(rec, now, timing);
            const here = view(rec, now, timing);
            if (!(next > now)) late.push(`${now}: next ${next}`);
            const end = Math.min(next, now + 10_000);
            const step = Math.max(1, Math.floor((end - now) / 20));
            for (let t = now + 1; t < end; t += step) {
              checked += 1;
              if (view(rec, t, timing) !== here) late.push(`${now}: changes at ${t}, next ${next}`);
            }
            if (next === Number.POSITIVE_INFINITY && view(rec, now + 1e9, timing) !== here)
              late.push(`${now}: changes later, next Infinity`);
          }
        }
      }
    }
    expect(late).toEqual([]);
    expect(checked).toBeGreaterThan(5_000);
  });

  it("is Infinity before execution (only an operation changes the state then)", () => {
    const timing = { stageMs: 1000, executingMs: undefined };
    expect(nextChangeAt(record([1, 8453]), 50, timing)).toBe(Number.POSITIVE_INFINITY);
    expect(nextChangeAt(record([1, 8453], { at: 100 }), 100, timing)).toBe(1100);
    expect(nextChangeAt(record([1, 8453], { at: 100 }), 99, timing)).toBe(100);
  });
});
