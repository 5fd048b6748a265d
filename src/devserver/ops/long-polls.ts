/**
 * The WaitIntentReceipt calls a server holds, re-checked together: one shared ticker reads the
 * clock and re-reads only the polls whose intent reaches its next stage by then (a change of
 * stage is known in advance from the record), and an operation that changes an intent wakes only
 * the polls on that intent. Thousands of held polls then cost the event loop almost nothing, so
 * that each one's `longPollMs` bound fires on time. A ticker is still needed: the clock may be a
 * manual one, moved by a test with no notice.
 *
 * Ending a poll writes its answer (the receipt, encoded), and polls tend to end together (those
 * that arrived together reach their `longPollMs` together; one change wakes every poll on an
 * intent). Answered all in one turn of the event loop, a thousand of them would hold it for
 * hundreds of milliseconds; so ended polls are answered `ANSWERS_PER_TURN` at a time, with the
 * loop free for other requests between two batches (`setImmediate`).
 */
import type { Clock } from "../core/index.js";
import type { IntentRecord } from "../intents/index.js";

/** How often the held polls are compared with the clock. */
const RECHECK_MS = 20;
/** Ended polls answered in one turn of the event loop. */
export const ANSWERS_PER_TURN = 64;

/** A later turn of the event loop, after pending I/O: `setImmediate` where there is one. */
const nextTurn: (run: () => void) => void =
  typeof setImmediate === "function" ? (run) => setImmediate(run) : (run) => setTimeout(run, 0);

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
  /** Ended polls waiting for their turn to answer, oldest first. */
  private readonly ending: (() => void)[] = [];
  private draining = false;

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

  /**
   * Lets `answer` (what ends one poll: resolving its wait) run in a later turn of the event loop,
   * with at most `ANSWERS_PER_TURN - 1` others before it in the same turn.
   */
  answerSoon(answer: () => void): void {
    this.ending.push(answer);
    if (this.draining) return;
    this.draining = true;
    nextTurn(() => this.drain());
  }

  private drain(): void {
    // Each answer resolves a promise: the encoding it triggers runs once this turn's callback
    // returns, before the loop reads any socket; hence the count per turn, not a time budget.
    for (const answer of this.ending.splice(0, ANSWERS_PER_TURN)) answer();
    if (this.ending.length > 0) nextTurn(() => this.drain());
    else this.draining = false;
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
