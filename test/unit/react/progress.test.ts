/**
 * The progress model's wallet part and its error step, from the reports `executeWithWallet`
 * sends: the steps in order, what was passed without being needed, where an error stopped it.
 * (The receipt part is checked on a real intent: test/integration/react/progress.test.ts.)
 */
import { describe, expect, it } from "vitest";
import { intentProgress } from "../../../src/react/index.js";
import { DepositRejectedError } from "../../../src/wallet/index.js";
import type { DepositProgress } from "../../../src/wallet/progress.js";

const HASH = `0x${"12".repeat(32)}` as const;
const at = (...steps: DepositProgress["step"][]): DepositProgress[] =>
  steps.map((step) => ({ step, chainId: 42161, ...(step === "sent" && { hash: HASH }) }));
const states = (p: ReturnType<typeof intentProgress>) =>
  Object.fromEntries(p.steps.map((s) => [s.id, s.state]));

describe("intentProgress", () => {
  it("lists every step in order, all waiting, before anything happened", () => {
    const p = intentProgress({});
    expect(p.steps.map((s) => s.id)).toEqual([
      "check",
      "pending",
      "switch-chain",
      "sign",
      "sent",
      "confirmed",
      "execute",
      "deposit",
      "origin",
      "destination",
      "final",
    ]);
    expect(new Set(p.steps.map((s) => s.state))).toEqual(new Set(["waiting"]));
    expect(p.current).toBeUndefined();
    expect(p.done).toBe(false);
  });

  it("marks the last report active, those before done, and those never reported skipped", () => {
    const p = intentProgress({ wallet: at("check", "sign", "sent") });
    expect(states(p)).toMatchObject({
      check: "done",
      pending: "skipped",
      "switch-chain": "skipped",
      sign: "done",
      sent: "active",
      confirmed: "waiting",
      deposit: "waiting",
    });
    expect(p.current).toMatchObject({ id: "sent", hash: HASH, chainId: 42161 });
  });

  it("ends the wallet part at done, a reused deposit showing sign as skipped", () => {
    const p = intentProgress({ wallet: at("check", "sent", "confirmed", "execute", "done") });
    expect(states(p)).toMatchObject({ sign: "skipped", execute: "done", sent: "done" });
    expect(p.current).toBeUndefined();
  });

  it("fails the step an error stopped, keeping the error as raised", () => {
    const error = new DepositRejectedError();
    const p = intentProgress({ wallet: at("check", "switch-chain", "sign"), error });
    expect(p.current).toMatchObject({ id: "sign", state: "failed" });
    expect(p.error).toBe(error);
    const early = intentProgress({ error });
    expect(early.current).toMatchObject({ id: "check", state: "failed" });
  });
});
