/**
 * The WaitIntentReceipt calls a server holds, re-checked together: one shared ticker reads the
 * clock and re-reads only the polls whose intent reaches its next stage by then (a change of
 * stage is known in advance from the record), and an operation that changes an intent wakes only
 * the polls on that intent. Thousands of held polls then cost the event loop almost nothing, so
 * that each one's `longPollMs` bound fires on time. A ticker is still needed: the clock may be a
 * manual one, moved by a test with no notice.
 */
import type { Clock } from "../core/index.js";
import type { IntentRecord } from "../intents/index.js";

/** How often the held polls are compared with the clock. */
const RECHECK_MS = 20;

/** One held poll. */
export interface HeldPoll {
  /** The intent it waits on. */
  readonly rec: IntentRecord;
  /** Clock time at which its intent's state next changes by itself (`Infinity`: never). */
  nextCheckAt: number;
  /** Re-reads the state at `now`; ends the poll when it changed. */
  check(now: number): void;
}

/** The polls one server holds. */
export class LongPolls {
  private readonly held = new Set<HeldPoll>();
  private ticker: ReturnType<typeof setInterval> | undefined;
  private lastTick = Number.NEGATIVE_INFINITY;

  constructor(private readonly clock: Clock) {}

  /** How many polls are held. */
  get size(): number {
    return this.held.size;
  }

  /** Holds `poll` until `release`. */
  hold(poll: HeldPoll): void {
    this.held.add(poll);
    this.ticker ??= setInterval(() => this.tick(), RECHECK_MS);
  }

  /** Stops holding `poll`. */
  release(poll: HeldPoll): void {
    this.held.delete(poll);
    if (this.held.size === 0 && this.ticker !== undefined) {
      clearInterval(this.ticker);
      this.ticker = undefined;
    }
  }

  /** Something changed: `rec` (only the polls on it are re-read), or everything when absent. */
  changed(rec?: IntentRecord): void {
    const now = this.clock();
    for (const poll of [...this.held]) if (rec === undefined || poll.rec === rec) poll.check(now);
  }

  private tick(): void {
    const now = this.clock();
    // A clock set back (a manual one) invalidates every precomputed time: re-read them all.
    const back = now < this.lastTick;
    this.lastTick = now;
    for (const poll of [...this.held]) if (back || now >= poll.nextCheckAt) poll.check(now);
  }
}
