import { FreshCoalescer, KeyedFreshCoalescer } from '../fresh-coalescer';

function deferredLoads() {
  const pending: { resolve: (v: number) => void; reject: (e: Error) => void }[] = [];
  let started = 0;
  const load = () => {
    started++;
    return new Promise<number>((resolve, reject) => pending.push({ resolve, reject }));
  };
  return { load, pending, started: () => started };
}
const tick = () => new Promise((r) => setImmediate(r));

describe('FreshCoalescer', () => {
  it('never hands a caller a load that started before it asked; late callers share one next load', async () => {
    const c = new FreshCoalescer<number>();
    const { load, pending, started } = deferredLoads();
    const first = c.run(load);
    const late = Array.from({ length: 10 }, () => c.run(load));
    expect(started()).toBe(1);
    pending[0].resolve(1);
    expect(await first).toBe(1);
    await tick();
    expect(started()).toBe(2); // the ten late callers share the second load
    pending[1].resolve(2);
    expect(await Promise.all(late)).toEqual(Array(10).fill(2));
    // Idle again: the next caller starts its own load.
    const again = c.run(load);
    expect(started()).toBe(3);
    pending[2].resolve(3);
    expect(await again).toBe(3);
  });

  it('passes a failure to the callers of that load only', async () => {
    const c = new FreshCoalescer<number>();
    const { load, pending } = deferredLoads();
    const first = c.run(load);
    const second = c.run(load);
    pending[0].reject(new Error('database down'));
    await expect(first).rejects.toThrow('database down');
    await tick();
    pending[1].resolve(5);
    expect(await second).toBe(5);
  });
});

describe('KeyedFreshCoalescer', () => {
  it('coalesces per key and forgets a key once it is idle', async () => {
    const c = new KeyedFreshCoalescer<string>();
    let loads = 0;
    const load = (v: string) => () => {
      loads++;
      return new Promise<string>((r) => setImmediate(() => r(v)));
    };
    const [a, b, c2] = await Promise.all([c.run('a', load('A')), c.run('b', load('B')), c.run('a', load('A2'))]);
    expect([a, b]).toEqual(['A', 'B']);
    expect(c2).toBe('A2'); // arrived while 'a' was loading: waited for a fresh load
    expect(loads).toBe(3);
    await tick();
    expect((c as unknown as { byKey: Map<string, unknown> }).byKey.size).toBe(0);
  });
});
