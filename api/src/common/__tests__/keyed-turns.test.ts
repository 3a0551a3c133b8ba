import { KeyedTurns } from '../keyed-turns';

const tick = () => new Promise((r) => setImmediate(r));

describe('KeyedTurns', () => {
  it('runs one turn of a key at a time, in arrival order, and other keys alongside', async () => {
    const turns = new KeyedTurns();
    const running = new Set<string>();
    const order: string[] = [];
    let most = 0;
    const gates: (() => void)[] = [];
    const work = (name: string) => () => {
      running.add(name);
      most = Math.max(most, [...running].filter((n) => n.startsWith('a')).length);
      order.push(name);
      return new Promise<string>((resolve) => gates.push(() => (running.delete(name), resolve(name))));
    };
    const a = [turns.run('a', work('a1')), turns.run('a', work('a2')), turns.run('a', work('a3'))];
    const b = turns.run('b', work('b1'));
    await tick();
    expect(order).toEqual(['a1', 'b1']); // b does not wait for a
    while (gates.length) {
      gates.shift()!();
      await tick();
    }
    expect(await Promise.all(a)).toEqual(['a1', 'a2', 'a3']);
    expect(await b).toBe('b1');
    expect(order).toEqual(['a1', 'b1', 'a2', 'a3']);
    expect(most).toBe(1);
    await tick();
    expect(turns.size).toBe(0); // keys are dropped when their last turn ends
  });

  it('a failed turn passes its error to its caller only, and the next turn still runs', async () => {
    const turns = new KeyedTurns();
    const failed = turns.run('k', () => Promise.reject(new Error('boom')));
    const next = turns.run('k', async () => 'next');
    await expect(failed).rejects.toThrow('boom');
    expect(await next).toBe('next');
  });
});
