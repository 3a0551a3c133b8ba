import type { Database } from '../../db/data-source';
import { CheckIn1764300000000 } from '../../db/migrations/1764300000000-check-in';
import { ImpactReportKeys1764780000000 } from '../../db/migrations/1764780000000-impact-report-keys';
import { openTestDatabase } from '../../test/harness';

let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

describe('the check-in migration', () => {
  it('gives every existing registration its own random codes, then makes them unique', async () => {
    const ds = db.dataSource;
    // Back to before check-in (this migration's own down, after that of the one later migration whose triggers read
    // checked_in_at), with registrations as they were.
    const migration = new CheckIn1764300000000();
    const reportKeys = new ImpactReportKeys1764780000000();
    const downRunner = ds.createQueryRunner();
    await reportKeys.down(downRunner);
    await migration.down(downRunner);
    await downRunner.release(); // PGlite has one connection: give it back before the next statement
    const [{ n: columns }] = await ds.query(`SELECT count(*)::int AS n FROM information_schema.columns WHERE table_name = 'registrations' AND column_name LIKE 'check%'`);
    expect(columns).toBe(0);
    const [event] = await ds.query(`INSERT INTO events (title, description, date, time, starts_at, location, category) VALUES ('Old event', 'd', '2026-01-10', '10:00', '2026-01-10T04:30:00Z', 'Prayagraj', 'general') RETURNING id`);
    await ds.query(`INSERT INTO users (name, email, phone, category, status) SELECT 'Old ' || g, 'old' || g || '@example.org', '9876543210', 'graduate', 'active' FROM generate_series(1, 1500) g`);
    await ds.query(`INSERT INTO registrations (event_id, user_id) SELECT $1, id FROM users WHERE email LIKE 'old%@example.org'`, [event.id]);

    const runner = ds.createQueryRunner();
    await runner.startTransaction();
    await migration.up(runner);
    await reportKeys.up(runner);
    await runner.commitTransaction();
    await runner.release();
    const rows: { secret: string; code: string; user_id: string; checked_in_at: Date | null }[] = await ds.query(
      `SELECT checkin_secret AS secret, checkin_code AS code, user_id, checked_in_at FROM registrations WHERE event_id = $1`,
      [event.id],
    );
    expect(rows).toHaveLength(1500);
    for (const r of rows) {
      expect(r.secret).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
      expect(r.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
      expect(r.checked_in_at).toBeNull();
    }
    expect(new Set(rows.map((r) => r.secret)).size).toBe(1500);
    expect(new Set(rows.map((r) => r.code)).size).toBe(1500);
    const indexes: { indexname: string }[] = await ds.query(`SELECT indexname FROM pg_indexes WHERE tablename = 'registrations' AND indexdef LIKE 'CREATE UNIQUE INDEX%checkin%'`);
    expect(indexes.map((i) => i.indexname).sort()).toEqual(['registrations_checkin_code', 'registrations_checkin_secret']);
  });
});
