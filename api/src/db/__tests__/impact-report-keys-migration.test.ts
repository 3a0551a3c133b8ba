import type { Database } from '../data-source';
import { ImpactReportKeys1764780000000 } from '../migrations/1764780000000-impact-report-keys';
import { openTestDatabase } from '../../test/harness';

let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

const question = [{ id: 'q-district', type: 'text', label: 'District', labelHi: 'ज़िला', help: '', helpHi: '', required: false, options: [] }];

describe('the impact report keys migration', () => {
  it('goes down and up again: names numbered in text order, keys filled in, then kept', async () => {
    const ds = db.dataSource;
    const migration = new ImpactReportKeys1764780000000();
    const downRunner = ds.createQueryRunner();
    await migration.down(downRunner);
    await downRunner.release(); // PGlite has one connection: give it back before the next statement
    const tables = async () => (await ds.query(`SELECT table_name FROM information_schema.tables WHERE table_name IN ('reach_names', 'event_report_counts') ORDER BY 1`)).map((t: { table_name: string }) => t.table_name);
    const cover = async () => (await ds.query(`SELECT indexdef FROM pg_indexes WHERE indexname = 'registrations_event_cover'`))[0].indexdef as string;
    expect(await tables()).toEqual([]);
    expect(await cover()).toContain('reach_school)');

    // Data written before the migration: an answer (Zeta), profiles (Alpha, Mid), a certificate valid and one revoked.
    const [event] = await ds.query(
      `INSERT INTO events (title, description, date, time, starts_at, location, category, questions) VALUES ('Old event', 'd', '2026-01-10', '10:00', '2026-01-10T04:30:00Z', 'Prayagraj', 'general', $1) RETURNING id`,
      [JSON.stringify(question)],
    );
    const users: { id: string }[] = await ds.query(
      `INSERT INTO users (name, email, phone, category, status, district) VALUES
         ('Old 1', 'old1@example.org', '9876543210', 'graduate', 'active', 'Alpha'),
         ('Old 2', 'old2@example.org', '9876543211', 'primary', 'active', 'Mid'),
         ('Old 3', 'old3@example.org', '9876543212', 'student', 'active', NULL)
       RETURNING id`,
    );
    await ds.query(`INSERT INTO registrations (event_id, user_id, checked_in_at, answers) VALUES ($1, $2, now(), '{"q-district": " Zeta "}'), ($1, $3, now(), '{}'), ($1, $4, NULL, '{}')`, [event.id, ...users.map((u) => u.id)]);
    for (const [i, revoked] of [[0, false], [1, true]] as const) {
      await ds.query(
        `INSERT INTO certificates (code, event_id, user_id, language, participant_name, event_title, event_starts_at, event_place, issued_at, revoked_at)
         VALUES ($1, $2, $3, 'en', 'Name', 'Title', '2026-01-10T04:30:00Z', 'Prayagraj', now(), $4)`,
        [`MIGR-0000-0000-000${i}`, event.id, users[i].id, revoked ? new Date() : null],
      );
    }

    const runner = ds.createQueryRunner();
    await runner.startTransaction();
    await migration.up(runner);
    await runner.commitTransaction();
    await runner.release();
    // No per-event tallies table (see the migration's header: it deadlocked writers).
    expect(await tables()).toEqual(['reach_names']);
    expect(await cover()).toContain('reach_school_key)');

    const names: string[] = (await ds.query(`SELECT name FROM reach_names ORDER BY id`)).map((n: { name: string }) => n.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const keyed = async () =>
      (await ds.query(
        `SELECT r.reach_category AS category, c.name AS category_name, r.reach_district AS district, sign(r.reach_district_key)::int AS sign, d.name AS district_name
           FROM registrations r LEFT JOIN reach_names c ON c.id = r.reach_category_key LEFT JOIN reach_names d ON d.id = abs(r.reach_district_key)
          WHERE r.event_id = $1 ORDER BY r.reach_district NULLS LAST`,
        [event.id],
      )) as Array<{ category: string; category_name: string; district: string | null; sign: number | null; district_name: string | null }>;
    // An answer's key is negative, a profile's positive; both name what the text fact names.
    expect(await keyed()).toEqual([
      { category: 'primary', category_name: 'primary', district: '1Mid', sign: 1, district_name: 'Mid' },
      { category: 'graduate', category_name: 'graduate', district: '2Zeta', sign: -1, district_name: 'Zeta' },
      { category: 'student', category_name: 'student', district: null, sign: null, district_name: null },
    ]);

    // Kept from now on: a profile edit renames the key, a new name is numbered after the others.
    await ds.query(`UPDATE users SET district = 'Beta' WHERE id = $1`, [users[1].id]);
    expect((await keyed())[0]).toEqual({ category: 'primary', category_name: 'primary', district: '1Beta', sign: 1, district_name: 'Beta' });
    expect((await ds.query(`SELECT max(id) = (SELECT id FROM reach_names WHERE name = 'Beta') AS last FROM reach_names`))[0].last).toBe(true);
  });
});
