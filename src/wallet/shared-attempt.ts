/** One attempt per intent in a process: concurrent calls for the same key share one promise. */

const running = new Map<string, Promise<unknown>>();

/** The attempt under `key` in progress, else a new one made by `start`. */
export function sharedAttempt<T>(key: string, start: () => Promise<T>): Promise<T> {
  const current = running.get(key) as Promise<T> | undefined;
  if (current) return current;
  const attempt = start().finally(() => running.delete(key));
  running.set(key, attempt);
  return attempt;
}
