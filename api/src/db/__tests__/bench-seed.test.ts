import { openTestDatabase } from '../../test/harness';
import { benchChecksum, seedBenchData } from '../bench-seed';
import type { Database } from '../data-source';

/** The benchmark data set is repeatable: the same options give the same rows, counts and checksums. */
describe('bench seed', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(() => db.close());

  const small = { events: 100, users: 1000, registrations: 3000, seed: 7, anchor: '2026-06-15' };

  it('gives identical data on two runs, with counts that match the registration rows and capacities', async () => {
    await seedBenchData(db.dataSource, small);
    const first = await benchChecksum(db.dataSource);
    await seedBenchData(db.dataSource, small);
    const second = await benchChecksum(db.dataSource);

    expect(second).toEqual(first);
    expect(first).toMatchObject({ users: 1000, events: 100, registrations: 3000, countMismatches: 0, overCapacity: 0 });
    const [{ sum }] = await db.dataSource.query(`SELECT sum(registered_count)::int AS sum FROM events`);
    expect(sum).toBe(3000);
    // Some events are full, some unlimited, and the dates straddle the anchor (past and upcoming lists).
    const [shape] = await db.dataSource.query(`
      SELECT count(*) FILTER (WHERE max_participants IS NULL)::int AS unlimited,
             count(*) FILTER (WHERE registered_count = max_participants)::int AS full,
             count(*) FILTER (WHERE date >= '2026-06-15')::int AS upcoming,
             count(*) FILTER (WHERE date < '2026-06-15')::int AS past
        FROM events`);
    for (const n of Object.values(shape)) expect(n).toBeGreaterThan(0);
  });

  it('gives different data for a different seed', async () => {
    await seedBenchData(db.dataSource, { ...small, seed: 8 });
    const other = await benchChecksum(db.dataSource);
    await seedBenchData(db.dataSource, small);
    const again = await benchChecksum(db.dataSource);
    expect(other.eventsMd5).not.toBe(again.eventsMd5);
    expect(other.usersMd5).not.toBe(again.usersMd5);
    expect(other).toMatchObject({ users: 1000, events: 100, registrations: 3000, countMismatches: 0, overCapacity: 0 });
  });
});
