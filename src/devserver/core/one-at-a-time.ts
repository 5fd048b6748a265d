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

/**
 * One `OneAtATime` per key, made when a task for the key arrives and forgotten once the key's
 * last task has settled, so that keys seen once (an address sent from once) hold no memory.
 */
export class OneAtATimePer<K> {
  private readonly tails = new Map<K, Promise<unknown>>();

  /** Runs `task` once every task given before for `key` has settled; its result or error. */
  run<T>(key: K, task: () => Promise<T>): Promise<T> {
    const result = (this.tails.get(key) ?? Promise.resolve()).then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** How many keys have a task running or waiting. */
  get size(): number {
    return this.tails.size;
  }
}
