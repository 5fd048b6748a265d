/**
 * A list of records in issue order that can be read backwards or forwards from a cursor (a
 * sequence number) by binary search. Dropped records are skipped when read and compacted away
 * once they are half of the list, or when the owner of the records asks (`compact`: a dropped
 * record still held here is memory its owner still pays for).
 */

/** What the list holds: records with an increasing `seq` and a `dropped` mark. */
export interface Sequenced {
  readonly seq: number;
  dropped?: boolean;
}

/** Records in increasing `seq` order. */
export class OrderedList<T extends Sequenced> {
  private items: T[] = [];
  private droppedCount = 0;

  /** Appends `item` (its `seq` must exceed every earlier one). */
  push(item: T): void {
    this.items.push(item);
  }

  /** Notes that one record of the list was dropped; compacts when they are many. */
  dropped(): void {
    this.droppedCount++;
    if (this.droppedCount > 64 && this.droppedCount * 2 > this.items.length) this.compact();
  }

  /** Lets go of every dropped record at once. */
  compact(): void {
    if (this.droppedCount === 0) return;
    this.items = this.items.filter((r) => !r.dropped);
    this.droppedCount = 0;
  }

  /** Records held, dropped ones not yet compacted away included. */
  get held(): number {
    return this.items.length;
  }

  /** Index of the first item with `seq >= s`. */
  private lowerBound(s: number): number {
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.items[mid] as T).seq < s) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Live items with `seq < before` (all when absent), newest first. */
  *descending(before?: number): Generator<T> {
    for (
      let i = (before === undefined ? this.items.length : this.lowerBound(before)) - 1;
      i >= 0;
      i--
    ) {
      const item = this.items[i] as T;
      if (!item.dropped) yield item;
    }
  }

  /** Live items with `seq > after` (all when absent), oldest first. */
  *ascending(after?: number): Generator<T> {
    for (let i = after === undefined ? 0 : this.lowerBound(after + 1); i < this.items.length; i++) {
      const item = this.items[i] as T;
      if (!item.dropped) yield item;
    }
  }
}
