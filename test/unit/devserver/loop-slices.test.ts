/**
 * Turns of the event loop under saturation (`LoopSlices`): work on connections already answered
 * (asking to go first) that never pauses does not starve a newcomer, and a flood of newcomers does
 * not starve the work asking to go first: while both wait, they take turns. Counted in turns
 * given, not in time.
 */
import { describe, expect, it } from "vitest";
import { LoopSlices } from "../../../src/devserver/core/loop-slices.js";

/** Holds the loop for about `ms` (the cost of a request), so that slices fill up. */
function work(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // busy, as a request's decoding and encoding are
  }
}

/** `clients` loops that each ask for a turn (`first`), work, and ask again, until `stop()`. */
function saturate(slices: LoopSlices, clients: number, first: boolean) {
  let running = true;
  let granted = 0;
  const loops = Array.from({ length: clients }, async () => {
    while (running && granted < 5_000) {
      await slices.turn(first);
      granted++;
      work(0.2);
      // A request's answer and the next request take a turn of the loop or two.
      await new Promise((r) => setImmediate(r));
    }
  });
  return {
    granted: () => granted,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

describe("LoopSlices under saturation", () => {
  it("serves a newcomer while kept-alive work that never pauses runs", async () => {
    const slices = new LoopSlices(5);
    const load = saturate(slices, 64, true);
    // Let the load fill the line first.
    while (load.granted() < 500) await new Promise((r) => setImmediate(r));
    const asked = load.granted();
    await slices.turn(false);
    const passed = load.granted() - asked;
    const stillRunning = load.granted() < 5_000;
    await load.stop();
    expect(stillRunning).toBe(true);
    // Fewer turns than one round of the 64 clients went before it.
    expect(passed).toBeLessThan(64);
  });

  it("serves work asking to go first while a flood of newcomers waits", async () => {
    const slices = new LoopSlices(5);
    let newcomers = 0;
    const flood = Array.from({ length: 400 }, async () => {
      await slices.turn(false);
      newcomers++;
      work(0.2);
    });
    await new Promise((r) => setImmediate(r));
    const asked = newcomers;
    await slices.turn(true);
    const passed = newcomers - asked;
    await Promise.all(flood);
    expect(passed).toBeLessThan(10);
    expect(newcomers).toBe(400);
  });

  it("gives a turn at once when nobody waits, and in order within a line", async () => {
    const slices = new LoopSlices(5);
    let resolvedNow = false;
    void slices.turn().then(() => {
      resolvedNow = true;
    });
    await Promise.resolve();
    expect(resolvedNow).toBe(true);
    work(6); // the slice is spent: the next ones wait for a later turn
    const order: string[] = [];
    await Promise.all([
      slices.turn(false).then(() => order.push("new 1")),
      slices.turn(true).then(() => order.push("kept 1")),
      slices.turn(false).then(() => order.push("new 2")),
      slices.turn(true).then(() => order.push("kept 2")),
    ]);
    expect(order.filter((o) => o.startsWith("new"))).toEqual(["new 1", "new 2"]);
    expect(order.filter((o) => o.startsWith("kept"))).toEqual(["kept 1", "kept 2"]);
  });
});
