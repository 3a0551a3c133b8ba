/**
 * One at a time per key, inside this process: `run(key, fn)` starts fn when every earlier fn of the same
 * key has settled (in arrival order), and at once when nothing of that key is running. Keys are dropped
 * when their last turn ends, so the map holds only keys in use.
 *
 * Why: transactions that lock one hot row (an event's, at a registration opening) queue on that lock in
 * the database, each holding a pooled connection while it waits. Taking turns here first keeps at most
 * one of them per process on a connection; the rest wait in memory, and the pool stays free for every
 * other request. It is not a lock between processes: the row lock still decides between replicas.
 *
 * A turn must not wait for another turn of the same key (it would wait for itself).
 */
export class KeyedTurns {
  private readonly tails = new Map<string, Promise<void>>();

  /** How many keys have a turn running or waiting (for tests and metrics). */
  get size(): number {
    return this.tails.size;
  }

  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    const result = before.then(fn);
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
}
