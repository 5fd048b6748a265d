/** `OneAtATimePer`: tasks of one key run in order, one at a time; keys are forgotten when done. */
import { describe, expect, it } from "vitest";
import { OneAtATimePer } from "../../../src/devserver/core/index.js";

const tick = () => new Promise((r) => setTimeout(r, 1));

describe("OneAtATimePer", () => {
  it("runs the tasks of one key one at a time, in order; other keys alongside", async () => {
    const queue = new OneAtATimePer<string>();
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const task = (key: string, i: number) =>
      queue.run(key, async () => {
        running++;
        most = Math.max(most, running);
        log.push(`${key}${i}+`);
        await tick();
        log.push(`${key}${i}-`);
        running--;
        return i;
      });
    const results = await Promise.all([task("a", 1), task("a", 2), task("b", 1), task("a", 3)]);
    expect(results).toEqual([1, 2, 1, 3]);
    const a = log.filter((l) => l.startsWith("a"));
    expect(a).toEqual(["a1+", "a1-", "a2+", "a2-", "a3+", "a3-"]);
    expect(most).toBe(2);
  });

  it("goes on after a task fails, passes its error to its caller, and forgets drained keys", async () => {
    const queue = new OneAtATimePer<number>();
    const failing = queue.run(1, async () => {
      throw new Error("boom");
    });
    const next = queue.run(1, async () => "after");
    await expect(failing).rejects.toThrow("boom");
    await expect(next).resolves.toBe("after");
    for (let k = 0; k < 1000; k++) await queue.run(k, async () => k);
    await tick();
    expect(queue.size).toBe(0);
  });
});
