import type { Clock } from './clock';

/**
 * A small in-process cache for hot public reads (the event lists). Writes through the owning service
 * call invalidate(), so this process never serves a stale answer after its own writes; the short TTL
 * bounds how long another API replica's write can go unseen here.
 */
export class QueryCache<T> {
  private readonly entries = new Map<string, { value: T; expires: number; weight: number }>();
  private weight = 0;

  /**
   * `weigh` says how big a value is (e.g. its rows) and `maxWeight` bounds their sum, so many distinct
   * keys (deep pages, cache-busting parameters) cannot grow the process without bound.
   */
  constructor(
    private readonly clock: Clock,
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 500,
    private readonly weigh: (value: T) => number = () => 1,
    private readonly maxWeight = Infinity,
  ) {}

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.weight -= entry.weight;
  }

  async getOrLoad(key: string, load: () => Promise<T>): Promise<T> {
    const now = this.clock.now().getTime();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    const generation = this.generation;
    const value = await load();
    // A write that happened while loading makes this value suspect: do not keep it.
    const weight = this.weigh(value);
    if (generation === this.generation && weight <= this.maxWeight) {
      this.drop(key);
      while (this.entries.size && (this.entries.size >= this.maxEntries || this.weight + weight > this.maxWeight)) this.drop(this.entries.keys().next().value as string);
      this.entries.set(key, { value, expires: now + this.ttlMs, weight });
      this.weight += weight;
    }
    return value;
  }

  private generation = 0;

  invalidate(): void {
    this.generation++;
    this.entries.clear();
    this.weight = 0;
  }
}
