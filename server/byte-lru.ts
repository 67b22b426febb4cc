/**
 * A least-recently-used map bounded by the bytes its values weigh. Pure bookkeeping (the caller says what a value
 * weighs), so the page cache's memory bound can be tested without pages.
 */
export class ByteLru<Value> {
  // A Map iterates in insertion order: re-inserting on every read keeps the least recently used first.
  private readonly items = new Map<string, { value: Value; bytes: number }>();
  private used = 0;

  constructor(private readonly maxBytes: number) {}

  get bytes(): number {
    return this.used;
  }

  get(key: string): Value | undefined {
    const item = this.items.get(key);
    if (!item) return undefined;
    this.items.delete(key);
    this.items.set(key, item);
    return item.value;
  }

  /** Keeps the value, then forgets the least recently used until the rest fits; a value larger than the bound is not kept. */
  set(key: string, value: Value, bytes: number): void {
    this.delete(key);
    if (bytes > this.maxBytes) return;
    this.items.set(key, { value, bytes });
    this.used += bytes;
    for (const [oldest, item] of this.items) {
      if (this.used <= this.maxBytes) break;
      this.items.delete(oldest);
      this.used -= item.bytes;
    }
  }

  delete(key: string): void {
    const item = this.items.get(key);
    if (!item) return;
    this.items.delete(key);
    this.used -= item.bytes;
  }

  /** Every value kept, least recently used first. */
  values(): Value[] {
    return [...this.items.values()].map((item) => item.value);
  }
}
