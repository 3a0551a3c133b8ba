/**
 * The content-translations migration on a database that has every earlier migration and real rows:
 * up keeps each row's English exactly and gives it `translations = {}`; down keeps the translations in
 * `content_translations_archive` and leaves English as it was; up again brings them back and drops the
 * archive. Runs on embedded PGlite, or on Postgres when TEST_DATABASE_URL is set.
 */
import { Client } from 'pg';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { usingPostgres } from '../../test/harness';
import { entities, migrations as allMigrations } from '../entities';

const LAST = 'ContentTranslations1764500000000';
/** The migrations up to this one (later ones are not part of this test). */
const migrations = allMigrations.slice(0, allMigrations.findIndex((m) => m.name === LAST) + 1);

/** A fresh, empty database, and data sources on it with a chosen list of migrations. */
interface Fresh {
  dataSource(withMigrations: typeof migrations): Promise<DataSource>;
  close(): Promise<void>;
}

async function freshDatabase(): Promise<Fresh> {
  const common = { type: 'postgres', entities, synchronize: false, migrationsRun: false } as const;
  if (usingPostgres) {
    const base = new URL(process.env.TEST_DATABASE_URL!);
    const name = `gj_mig_${process.pid}_${Date.now().toString(36)}`;
    const admin = new Client({ connectionString: base.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(base.toString());
    url.pathname = `/${name}`;
    return {
      async dataSource(withMigrations) {
        const ds = new DataSource({ ...common, url: url.toString(), migrations: withMigrations, extra: { max: 2 } } as DataSourceOptions);
        return ds.initialize();
      },
      async close() {
        const dropper = new Client({ connectionString: base.toString() });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { uuid_ossp } = await import('@electric-sql/pglite/contrib/uuid_ossp');
  const { createPgConfig } = await import('@electric-sql/pglite/node-postgres');
  const pglite = await PGlite.create(undefined, { extensions: { uuid_ossp } });
  return {
    async dataSource(withMigrations) {
      // The PGlite instance is ours: a data source's pool ending does not close it.
      const pgConfig = createPgConfig(pglite);
      const ds = new DataSource({ ...common, migrations: withMigrations, extra: { ...pgConfig, connection: pgConfig.connection, max: 1 } } as DataSourceOptions);
      return ds.initialize();
    },
    close: () => pglite.close(),
  };
}

let fresh: Fresh;
let ds: DataSource;
const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> => ds.query(sql, params);

/** Every column of every row, as JSON (without the translations column), by id. */
async function rowsOf(table: 'events' | 'team_members'): Promise<Record<string, unknown>> {
  const rows = await q<{ id: string; row: Record<string, unknown> }>(`SELECT id, to_jsonb(t) - 'translations' AS row FROM ${table} t ORDER BY id`);
  return Object.fromEntries(rows.map((r) => [r.id, r.row]));
}
const columnsOf = async (table: string) => (await q<{ column_name: string }>(`SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY column_name`, [table])).map((r) => r.column_name);
const archiveExists = async () => (await q<{ exists: boolean }>(`SELECT to_regclass('content_translations_archive') IS NOT NULL AS exists`))[0].exists;
const applied = async () => (await q<{ name: string }>('SELECT name FROM migrations ORDER BY id')).map((r) => r.name);
const translationsOf = async (table: string) => Object.fromEntries((await q<{ id: string; translations: unknown }>(`SELECT id, translations FROM ${table}`)).map((r) => [r.id, r.translations]));

const ids: Record<string, string> = {};
let englishEvents: Record<string, unknown>;
let englishTeam: Record<string, unknown>;

beforeAll(async () => {
  fresh = await freshDatabase();
  expect(migrations[migrations.length - 1].name).toBe(LAST);
  // Every migration but the last, as a database from before this change would be.
  const before = await fresh.dataSource(migrations.slice(0, -1));
  await before.runMigrations({ transaction: 'each' });
  await before.destroy();
  ds = await fresh.dataSource(migrations);
}, 60_000);
afterAll(async () => {
  if (ds?.isInitialized) await ds.destroy();
  await fresh?.close();
});

describe('content translations migration', () => {
  it('starts from a database without it, holding events and team members', async () => {
    expect(await applied()).toEqual(migrations.slice(0, -1).map((m) => m.name));
    expect(await columnsOf('events')).not.toContain('translations');
    expect(await columnsOf('team_members')).not.toContain('translations');
    const insertEvent = async (key: string, title: string, description: string, location: string, speaker: string | null) => {
      const [row] = await q<{ id: string }>(
        `INSERT INTO events (title, description, date, time, starts_at, location, category, speaker, max_participants)
         VALUES ($1, $2, '2026-07-10', '10:30', '2026-07-10T05:00:00Z', $3, 'general', $4, 40) RETURNING id`,
        [title, description, location, speaker],
      );
      ids[key] = row.id;
    };
    await insertEvent('fair', 'Science fair', 'Projects by students.\nBring a friend!', 'GIC Hall', 'Dr. Rao');
    await insertEvent('quotes', `Teachers' "day" \\ 100% _done_`, 'Tabs\tand ünïcödé — and emoji 🎉', 'Civil Lines, Prayagraj', null);
    await insertEvent('hindiAlready', 'विज्ञान मेला', 'पहले से हिंदी में', 'प्रयागराज', null);
    await insertEvent('long', 'L'.repeat(200), 'D'.repeat(10_000), 'P'.repeat(200), 'S'.repeat(120));
    for (const [key, name] of [['meera', 'Meera Devi'], ['ravi', "Ravi O'Neil"]]) {
      const [row] = await q<{ id: string }>(`INSERT INTO team_members (name, designation, description, social_links) VALUES ($1, 'Coordinator', 'Runs the reading drive', '{"facebook": "https://facebook.com/x"}') RETURNING id`, [name]);
      ids[key] = row.id;
    }
    englishEvents = await rowsOf('events');
    englishTeam = await rowsOf('team_members');
    expect(Object.keys(englishEvents)).toHaveLength(4);
  });

  it('up: every row keeps its English exactly, with translations = {}', async () => {
    const ran = await ds.runMigrations({ transaction: 'each' });
    expect(ran.map((m) => m.name)).toEqual([LAST]);
    expect(await applied()).toEqual(migrations.map((m) => m.name));
    expect(await rowsOf('events')).toEqual(englishEvents);
    expect(await rowsOf('team_members')).toEqual(englishTeam);
    expect(Object.values(await translationsOf('events'))).toEqual([{}, {}, {}, {}]);
    expect(Object.values(await translationsOf('team_members'))).toEqual([{}, {}]);
    expect(await archiveExists()).toBe(false);
  });

  it('the column is NOT NULL, an object, {} by default', async () => {
    const [row] = await q<{ translations: unknown }>(`INSERT INTO team_members (name, designation, description) VALUES ('Temp', 'T', 'T') RETURNING translations`);
    expect(row.translations).toEqual({});
    await expect(q(`UPDATE events SET translations = '[]'::jsonb WHERE id = $1`, [ids.fair])).rejects.toMatchObject({ code: '23514' });
    await expect(q(`UPDATE events SET translations = '"hi"'::jsonb WHERE id = $1`, [ids.fair])).rejects.toMatchObject({ code: '23514' });
    await expect(q(`UPDATE team_members SET translations = NULL WHERE id = $1`, [ids.meera])).rejects.toMatchObject({ code: '23502' });
    await q(`DELETE FROM team_members WHERE name = 'Temp'`);
  });

  const hindiFair = { hi: { title: 'विज्ञान मेला', description: 'छात्रों की परियोजनाएँ', speaker: 'डॉ. राव' } };
  const hindiQuotes = { hi: { location: 'सिविल लाइंस, प्रयागराज' } };
  const hindiMeera = { hi: { name: 'मीरा देवी', designation: 'समन्वयक' } };

  it('down: English unchanged, the columns gone, the archive holds the Hindi (and only rows that had some)', async () => {
    await q(`UPDATE events SET translations = $2::jsonb WHERE id = $1`, [ids.fair, JSON.stringify(hindiFair)]);
    await q(`UPDATE events SET translations = $2::jsonb WHERE id = $1`, [ids.quotes, JSON.stringify(hindiQuotes)]);
    await q(`UPDATE team_members SET translations = $2::jsonb WHERE id = $1`, [ids.meera, JSON.stringify(hindiMeera)]);

    await ds.undoLastMigration({ transaction: 'each' });
    expect(await applied()).toEqual(migrations.slice(0, -1).map((m) => m.name));
    expect(await columnsOf('events')).not.toContain('translations');
    expect(await columnsOf('team_members')).not.toContain('translations');
    expect(await rowsOf('events')).toEqual(englishEvents);
    expect(await rowsOf('team_members')).toEqual(englishTeam);
    expect(await archiveExists()).toBe(true);
    const archive = await q<{ table_name: string; id: string; translations: unknown }>(`SELECT table_name, id, translations FROM content_translations_archive ORDER BY table_name, id`);
    const expected = [
      { table_name: 'events', id: ids.fair, translations: hindiFair },
      { table_name: 'events', id: ids.quotes, translations: hindiQuotes },
      { table_name: 'team_members', id: ids.meera, translations: hindiMeera },
    ].sort((a, b) => (a.table_name + a.id < b.table_name + b.id ? -1 : 1));
    expect(archive).toEqual(expected);
  });

  it('up again: the Hindi is back, English edits made meanwhile are kept, and the archive is gone', async () => {
    // Life goes on while the column is away: an English edit, a deleted record, a new one.
    await q(`UPDATE events SET title = 'Science fair 2026' WHERE id = $1`, [ids.fair]);
    await q(`DELETE FROM team_members WHERE id = $1`, [ids.ravi]);
    const [created] = await q<{ id: string }>(`INSERT INTO team_members (name, designation, description) VALUES ('Asha', 'Volunteer', 'Helps') RETURNING id`);
    const englishNow = await rowsOf('events');
    const teamNow = await rowsOf('team_members');

    const ran = await ds.runMigrations({ transaction: 'each' });
    expect(ran.map((m) => m.name)).toEqual([LAST]);
    expect(await archiveExists()).toBe(false);
    expect(await rowsOf('events')).toEqual(englishNow);
    expect(await rowsOf('team_members')).toEqual(teamNow);
    expect(await translationsOf('events')).toEqual({ [ids.fair]: hindiFair, [ids.quotes]: hindiQuotes, [ids.hindiAlready]: {}, [ids.long]: {} });
    expect(await translationsOf('team_members')).toEqual({ [ids.meera]: hindiMeera, [created.id]: {} });
    expect((englishNow[ids.fair] as { title: string }).title).toBe('Science fair 2026');
  });

  it('down and up once more give the same result (nothing lost on a second round)', async () => {
    const eventsBefore = await translationsOf('events');
    const teamBefore = await translationsOf('team_members');
    await ds.undoLastMigration({ transaction: 'each' });
    await ds.runMigrations({ transaction: 'each' });
    expect(await translationsOf('events')).toEqual(eventsBefore);
    expect(await translationsOf('team_members')).toEqual(teamBefore);
    expect(await archiveExists()).toBe(false);
  });
});
