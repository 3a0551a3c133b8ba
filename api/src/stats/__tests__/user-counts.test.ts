import { seedBenchData } from '../../db/bench-seed';
import { openTestDatabase } from '../../test/harness';
import type { Database } from '../../db/data-source';

/** user_counts (kept by triggers) always equals counting the users table itself. */
describe('user_counts', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(() => db.close());

  async function expectExact() {
    const direct = await db.dataSource.query(
      `SELECT category, status, user_counts_month(created_at)::text AS month, count(*)::int AS n FROM users GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    );
    const kept = await db.dataSource.query(`SELECT category, status, month::text AS month, n::int AS n FROM user_counts WHERE n <> 0 ORDER BY 1, 2, 3`);
    expect(kept).toEqual(direct);
  }

  it('follows bulk and single inserts, updates, deletes and truncation', async () => {
    await seedBenchData(db.dataSource, { events: 20, users: 500, registrations: 100, seed: 5, anchor: '2026-06-15' });
    await expectExact();
    await db.dataSource.query(`UPDATE users SET status = 'approved' WHERE status = 'pending' AND name LIKE '%1'`);
    await db.dataSource.query(`UPDATE users SET category = 'graduate', created_at = created_at - interval '40 days' WHERE name LIKE '%7'`);
    await db.dataSource.query(`UPDATE users SET failed_logins = failed_logins + 1`);
    await expectExact();
    const before = await db.dataSource.query(`SELECT count(*)::int AS n FROM user_counts`);
    await db.dataSource.query(`UPDATE users SET token_version = token_version + 1 WHERE name LIKE '%3'`);
    expect(await db.dataSource.query(`SELECT count(*)::int AS n FROM user_counts`)).toEqual(before);
    await db.dataSource.query(`DELETE FROM users WHERE name LIKE '%2'`);
    await db.dataSource.query(`INSERT INTO users (name, email, category, status) VALUES ('One more', 'one.more@example.org', 'student', 'active')`);
    await expectExact();
    // A month boundary in India time: 18:29 UTC on the last day is still that month, 18:30 is the next.
    await db.dataSource.query(`INSERT INTO users (name, email, category, status, created_at) VALUES
      ('Late May', 'late.may@example.org', 'student', 'active', '2026-05-31T18:29:59Z'),
      ('Early June', 'early.june@example.org', 'student', 'active', '2026-05-31T18:30:00Z')`);
    const months = await db.dataSource.query(`SELECT user_counts_month(created_at)::text AS m FROM users WHERE email IN ('late.may@example.org', 'early.june@example.org') ORDER BY email`);
    expect(months.map((r: { m: string }) => r.m)).toEqual(['2026-06-01', '2026-05-01']);
    await expectExact();
    await seedBenchData(db.dataSource, { events: 10, users: 50, registrations: 0, seed: 6, anchor: '2026-06-15' });
    await expectExact();
  });
});
