import type { Clock } from './clock';

/**
 * A small in-process cache for hot public reads (the event lists). Writes through the owning service
 * call invalidate(), so this process never serves a stale answer after its own writes; the short TTL
 * bounds how long another API replica's write can go unseen here.
 */
export class QueryCache<T> {
  private readonly entries = new Map<string, { value: T; expires: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 500,
  ) {}

  async getOrLoad(key: string, load: () => Promise<T>): Promise<T> {
    const now = this.clock.now().getTime();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    const generation = this.generation;
    const value = await load();
    // A write that happened while loading makes this value suspect: do not keep it.
    if (generation === this.generation) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, { value, expires: now + this.ttlMs });
    }
    return value;
  }

  private generation = 0;

  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }
}
