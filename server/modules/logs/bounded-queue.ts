/**
 * A fixed-size FIFO: pushing onto a full queue drops the oldest item and counts it, in constant time, so a
 * burst the database cannot keep up with costs old log rows, never memory or a waiting request.
 */
export class BoundedQueue<T> {
  private readonly items: (T | undefined)[];
  private head = 0;
  private count = 0;
  /** Items dropped because the queue was full, since it was made. */
  dropped = 0;

  constructor(readonly capacity: number) {
    this.items = new Array(capacity);
  }

  get size(): number {
    return this.count;
  }

  push(item: T): void {
    if (this.count === this.capacity) {
      this.head = (this.head + 1) % this.capacity;
      this.count -= 1;
      this.dropped += 1;
    }
    this.items[(this.head + this.count) % this.capacity] = item;
    this.count += 1;
  }

  /** Removes and answers up to `max` of the oldest items. */
  take(max: number): T[] {
    const n = Math.min(max, this.count);
    const out: T[] = new Array(n);
    for (let i = 0; i < n; i += 1) {
      const at = (this.head + i) % this.capacity;
      out[i] = this.items[at] as T;
      this.items[at] = undefined;
    }
    this.head = (this.head + n) % this.capacity;
    this.count -= n;
    return out;
  }
}
