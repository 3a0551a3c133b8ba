/**
 * Coalesces identical reads without serving anything older than the request: a caller never joins a load
 * that had already started when it arrived (that load's snapshot might predate a write the caller just
 * made). Callers arriving while a load runs share ONE next load, started as soon as the running one ends.
 * So under N concurrent callers at most two loads exist (one running, one queued) instead of N, and each
 * answer is computed from a snapshot taken after its caller asked.
 */
export class FreshCoalescer<T> {
  private current: Promise<T> | null = null;
  private queued: Promise<T> | null = null;

  /** Nothing running and nothing queued. */
  get idle(): boolean {
    return !this.current && !this.queued;
  }

  run(load: () => Promise<T>): Promise<T> {
    if (!this.current) return this.start(load);
    if (!this.queued) {
      const ignore = () => undefined;
      this.queued = this.current.then(ignore, ignore).then(() => {
        this.queued = null;
        return this.start(load);
      });
    }
    return this.queued;
  }

  private start(load: () => Promise<T>): Promise<T> {
    const p = load();
    this.current = p;
    const done = () => {
      if (this.current === p) this.current = null;
    };
    p.then(done, done);
    return p;
  }
}

/** One FreshCoalescer per key (e.g. per user id); a key's entry is dropped once nothing for it is pending. */
export class KeyedFreshCoalescer<T> {
  private readonly byKey = new Map<string, FreshCoalescer<T>>();

  run(key: string, load: () => Promise<T>): Promise<T> {
    let c = this.byKey.get(key);
    if (!c) this.byKey.set(key, (c = new FreshCoalescer<T>()));
    const p = c.run(load);
    const settle = () => {
      if (this.byKey.get(key) === c && c.idle) this.byKey.delete(key);
    };
    p.then(settle, settle);
    return p;
  }
}
