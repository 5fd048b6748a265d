/**
 * Runs asynchronous tasks one after the other, in the order they were given: a task that pauses
 * (to share the event loop) still finishes before the next one starts. QuoteIntent needs it: each
 * quote reads the issue sequence when it starts and takes the next number when it is stored.
 */
export class OneAtATime {
  private tail: Promise<unknown> = Promise.resolve();

  /** Runs `task` once every task given before has settled; its result or error. */
  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
