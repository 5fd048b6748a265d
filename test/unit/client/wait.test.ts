/**
 * Waiting and aborting, the one module the client, the lifecycle helpers and the wallet step use:
 * `abortable` ends the wait (not the work) with the signal's reason, and `deadline` ends on the
 * caller's signal or on its timeout, saying which, and lets go of both.
 */
import { describe, expect, it } from "vitest";
import { abortable, deadline } from "../../../src/client/wait.js";

describe("abortable", () => {
  it("is the promise itself without a signal, and its value or error with one", async () => {
    const p = Promise.resolve(1);
    expect(abortable(p)).toBe(p);
    const ctl = new AbortController();
    await expect(abortable(Promise.resolve(2), ctl.signal)).resolves.toBe(2);
    await expect(abortable(Promise.reject(new Error("no")), ctl.signal)).rejects.toThrow("no");
  });

  it("rejects with the signal's reason when it aborts first, and at once when already aborted", async () => {
    const ctl = new AbortController();
    const never = new Promise<number>(() => {});
    const waiting = abortable(never, ctl.signal);
    ctl.abort(new Error("stop"));
    await expect(waiting).rejects.toThrow("stop");
    await expect(abortable(never, AbortSignal.abort(new Error("gone")))).rejects.toThrow("gone");
  });

  it("a work that fails after the abort is no unhandled rejection", async () => {
    const ctl = new AbortController();
    let fail: (e: Error) => void = () => {};
    const work = new Promise<number>((_, reject) => {
      fail = reject;
    });
    const waiting = abortable(work, ctl.signal);
    ctl.abort(new Error("stop"));
    await expect(waiting).rejects.toThrow("stop");
    fail(new Error("late"));
    await expect(work).rejects.toThrow("late");
  });
});

describe("deadline", () => {
  it("follows the caller's signal, with its reason; not a timeout", () => {
    const ctl = new AbortController();
    const d = deadline(ctl.signal, 10_000);
    expect(d.signal.aborted).toBe(false);
    ctl.abort(new Error("caller"));
    expect(d.signal.reason).toEqual(new Error("caller"));
    expect(d.timedOut()).toBe(false);
    d.dispose();
  });

  it("ends after the timeout and says so", async () => {
    const d = deadline(undefined, 5);
    await new Promise((r) => d.signal.addEventListener("abort", r));
    expect(d.timedOut()).toBe(true);
    d.dispose();
  });

  it("a timer that fires after the caller's abort is no timeout, and keeps the caller's reason", async () => {
    const ctl = new AbortController();
    const d = deadline(ctl.signal, 5);
    ctl.abort(new Error("caller"));
    await new Promise((r) => setTimeout(r, 20));
    expect(d.timedOut()).toBe(false);
    expect(d.signal.reason).toEqual(new Error("caller"));
    d.dispose();
  });

  it("starts aborted under an aborted signal; no timer without a timeout", async () => {
    expect(deadline(AbortSignal.abort(new Error("gone"))).signal.aborted).toBe(true);
    const d = deadline(undefined, 0);
    await new Promise((r) => setTimeout(r, 20));
    expect(d.signal.aborted).toBe(false);
  });

  it("once disposed, neither the caller's abort nor the timer reaches it", async () => {
    const ctl = new AbortController();
    const d = deadline(ctl.signal, 5);
    d.dispose();
    ctl.abort(new Error("late"));
    await new Promise((r) => setTimeout(r, 20));
    expect(d.signal.aborted).toBe(false);
    expect(d.timedOut()).toBe(false);
  });
});
