/**
 * Sharing the event loop between requests. Work whose cost grows with what a caller sends (the
 * decoding of a large body, a quote over 64 KiB of calldata, the encoding of its answer) or with
 * how many callers wait (a thousand long polls ending at the same moment) asks for a turn first.
 * Turns are given in slices: while the current slice has time left and nobody waits, at once;
 * otherwise in order, in a later turn of the loop, a slice at a time. Between two slices the loop
 * reads the sockets, so that a cheap request (a Ping) is answered after at most one slice and one
 * piece of work, instead of after everything that arrived with it. Work may ask to go first (the
 * listener's requests on connections already answered, so that a flood of new connections does
 * not hold up the clients being served), but not always: while both kinds wait, turns alternate
 * between them, so that neither starves the other. A strict priority let kept-alive clients that
 * never pause (a parallel test suite against one server) hold every newcomer until they stopped;
 * alternating bounds what either waits by twice its place in its own line.
 */

/** Runs `run` in a later turn of the loop, after the pending I/O (`setTimeout` where no `setImmediate`). */
const later: (run: () => void) => void =
  typeof globalThis.setImmediate === "function"
    ? (run) => void globalThis.setImmediate(run)
    : (run) => void setTimeout(run, 0);

const NOW: Promise<void> = Promise.resolve();

/**
 * Resolves once the work just released has run its next steps: in Node, the steps of streams and
 * sockets (a body's end, the write of an answer) run as ticks, after the promise jobs already
 * queued, so a promise job alone would release the next piece of work before they are counted.
 */
const settle: () => Promise<void> =
  typeof globalThis.process?.nextTick === "function"
    ? () => new Promise<void>((resolve) => globalThis.process.nextTick(resolve))
    : () => NOW;

/** The turns of one server's loop. */
export class LoopSlices {
  private readonly queue: (() => void)[] = [];
  private readonly firstQueue: (() => void)[] = [];
  /** `performance.now()` when the current slice began; a slice ends at the next turn of the loop. */
  private sliceStart = 0;
  private open = false;
  private scheduled = false;
  /** Whose turn it is while both lines wait: the next release alternates. */
  private firstNext = true;

  /** @param sliceMs most time given out in one turn of the loop, milliseconds. */
  constructor(private readonly sliceMs: number) {}

  /** How many pieces of work wait for a turn. */
  get waiting(): number {
    return this.queue.length + this.firstQueue.length;
  }

  /**
   * Resolves when the caller may go on: at once (in this turn) while the current slice has time
   * left and nobody waits; otherwise in a later turn, after those of its line that asked before
   * (`first`: the line of those that asked to go first), the two lines taking turns.
   */
  turn(first = false): Promise<void> {
    if (this.waiting === 0) {
      const now = performance.now();
      if (!this.open) this.begin(now);
      if (now - this.sliceStart < this.sliceMs) return NOW;
    }
    this.schedule();
    return new Promise<void>((resolve) => (first ? this.firstQueue : this.queue).push(resolve));
  }

  private begin(now: number): void {
    this.open = true;
    this.sliceStart = now;
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    later(() => {
      this.scheduled = false;
      this.open = false;
      if (this.waiting > 0) void this.release();
    });
  }

  /** Lets the waiting go on, in order, for one slice. */
  private async release(): Promise<void> {
    this.begin(performance.now());
    while (this.waiting > 0 && performance.now() - this.sliceStart < this.sliceMs) {
      const first = this.queue.length === 0 || (this.firstQueue.length > 0 && this.firstNext);
      this.firstNext = !first;
      (first ? this.firstQueue : this.queue).shift()?.();
      // The work released runs up to its next wait before the time left is read again.
      await settle();
    }
  }
}
