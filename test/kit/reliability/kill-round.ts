/**
 * One round of a kill test on `serve --state FILE`: clients' loops run against the child until
 * enough executions are acknowledged (or time is up), then the child is killed with SIGKILL while
 * their requests are in flight, in the middle of journal writes.
 */
import { expect } from "vitest";
import { pause } from "./pool.js";
import { type ServeChild, within } from "./serve-child.js";

/** What a round runs and how long. */
export interface KillRound {
  /** Starts the clients' loops; each ends soon after `killed()` turns true. */
  loops(killed: () => boolean): Promise<unknown>[];
  /** How many executions have been acknowledged so far (all rounds). */
  executed(): number;
  /** The round ends after this many more acknowledged executions… */
  executions: number;
  /** …or after this long, whichever comes first. */
  roundMs: number;
}

/**
 * Runs one round on `srv`: the loops, then SIGKILL. Checks that the child exited by that signal
 * and that the round acknowledged at least one execution; resolves once the loops have ended.
 */
export async function killMidRound(srv: ServeChild, round: KillRound): Promise<void> {
  const before = round.executed();
  const started = Date.now();
  let killed = false;
  const loops = round.loops(() => killed);
  while (round.executed() - before < round.executions && Date.now() - started < round.roundMs)
    await pause(20);
  srv.child.kill("SIGKILL");
  killed = true;
  expect(await within(srv.exit, 10_000, "exit after SIGKILL")).toEqual({
    code: null,
    signal: "SIGKILL",
  });
  await within(Promise.all(loops), 30_000, "clients after the kill");
  expect(round.executed()).toBeGreaterThan(before);
}
