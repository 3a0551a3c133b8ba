import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import * as tar from 'tar';
import { ManualClock } from '../../common/clock';
import { createLogger } from '../../common/logger';
import type { Config } from '../../config/env';
import { ensureAdminAccount } from '../../db/bootstrap-admin';
import { openDatabase, type Database } from '../../db/data-source';
import { seedDemoData } from '../../db/seed';
import { createServices, type Services } from '../../services';
import { openTestDatabase, testConfig, usingPostgres } from '../../test/harness';
import { realPng } from '../../test/images';
import { makeUser } from '../../test/scenarios';
import { backup, RefusedError, restore, type BackupResult } from '../backup';
import { OpsError } from '../ops-database';

jest.setTimeout(180_000);

/**
 * A seeded database with uploads is backed up, restored into a fresh database and storage, and compared:
 * row counts per table, and the sha256 of every uploaded file. On Postgres when TEST_DATABASE_URL is set
 * (the restore goes into a fresh gj_restore_<pid> database), on embedded PGlite otherwise.
 */

/** Counted here independently of the code under test: every base table of every non-system schema. */
async function countRows(db: Database): Promise<Record<string, number>> {
  const tables: { s: string; t: string }[] = await db.dataSource.query(`
    SELECT table_schema AS s, table_name AS t FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`);
  const out: Record<string, number> = {};
  for (const { s, t } of tables) out[`${s}.${t}`] = Number((await db.dataSource.query(`SELECT count(*) AS n FROM "${s}"."${t}"`))[0].n);
  return out;
}

function checksums(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir).sort()) out[name] = createHash('sha256').update(readFileSync(path.join(dir, name))).digest('hex');
  return out;
}

const admin = (url: string) => {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
};

/** A fresh, empty target: a new Postgres database or a new DATA_DIR for PGlite, with an empty storage. */
async function freshTarget(label: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `gj-restore-${label}-`));
  const locations = { embeddedDir: path.join(dataDir, 'pgdata'), uploadsDir: path.join(dataDir, 'uploads'), dataDir, databaseUrl: undefined as string | undefined };
  let name: string | undefined;
  if (usingPostgres) {
    name = `gj_restore_${process.pid}_${label}`;
    const c = new Client({ connectionString: admin(process.env.TEST_DATABASE_URL!) });
    await c.connect();
    try {
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.query(`CREATE DATABASE ${name}`);
    } finally {
      await c.end();
    }
    const u = new URL(process.env.TEST_DATABASE_URL!);
    u.pathname = `/${name}`;
    locations.databaseUrl = u.toString();
  }
  return {
    ...locations,
    open: () => openDatabase({ url: locations.databaseUrl, embeddedDir: locations.embeddedDir }),
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
      if (!name) return;
      const c = new Client({ connectionString: admin(process.env.TEST_DATABASE_URL!) });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

let config: Config;
let source: Database;
let services: Services;
let sourceRows: Record<string, number>;
let sourceFiles: Record<string, string>;
let result: BackupResult;
const outDir = mkdtempSync(path.join(os.tmpdir(), 'gj-backups-'));
const embeddedDir = () => path.join(config.dataDir, 'pgdata');
const uploadsDir = () => path.join(config.dataDir, 'uploads');
const targets: { drop(): Promise<void> }[] = [];

beforeAll(async () => {
  config = testConfig();
  source = usingPostgres ? await openTestDatabase() : await openDatabase({ embeddedDir: embeddedDir() });
  const clock = new ManualClock(new Date('2026-06-15T10:00:00+05:30'));
  services = createServices({ dataSource: source.dataSource, config, logger: createLogger('silent'), clock });
  await services.jobs.start({ work: false });
  await ensureAdminAccount(source.dataSource, config.adminEmail, config.adminPassword, config.bcryptCost);
  await seedDemoData(services);
  // An event and a team member with their own uploaded images, and registrations.
  const event = await services.events.create(null, { title: 'Backup drill', description: 'd', category: 'general', date: '2026-07-01', time: '10:00', location: 'Hall', maxParticipants: 10 }, await realPng(900, 600));
  const upload = await services.images.save(await realPng(500, 500));
  await services.team.create(null, { name: 'Backup Person', designation: 'Keeper', description: 'Keeps copies', imageKey: upload });
  const ctx = { db: source, services } as never;
  for (let i = 0; i < 3; i++) {
    const user = await makeUser(ctx, { category: 'graduate', status: 'active' });
    await services.registrations.register({ id: user.id, email: user.email, name: user.name, category: user.category, status: user.status, tokenKind: 'user' }, event.id);
  }
  await services.mail.idle();
  sourceRows = await countRows(source);
  sourceFiles = checksums(uploadsDir());

  if (usingPostgres) {
    // Postgres: backed up while the application still has it open.
    result = await backup({ databaseUrl: source.url, embeddedDir: embeddedDir(), uploadsDir: uploadsDir(), out: path.join(outDir, 'live.tar') });
    await services.jobs.stop();
  } else {
    // Embedded: only once the API has let go of it.
    await services.jobs.stop();
    await source.close();
    result = await backup({ embeddedDir: embeddedDir(), uploadsDir: uploadsDir(), out: path.join(outDir, 'live.tar') });
  }
});

afterAll(async () => {
  services.mail.close();
  if (usingPostgres) await source.close();
  for (const t of targets) await t.drop();
  rmSync(config.dataDir, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
});

describe('npm run backup', () => {
  it('writes one file with a manifest, the database dump and every upload', async () => {
    expect(existsSync(result.file)).toBe(true);
    const names: string[] = [];
    await tar.t({ file: result.file, onReadEntry: (e) => void names.push(e.path) });
    expect(names[0]).toBe('manifest.json');
    expect(names).toContain(usingPostgres ? 'database.pgdump' : 'database.pglite.tar.gz');
    expect(names.filter((n) => n.startsWith('uploads/')).map((n) => n.slice(8)).sort()).toEqual(Object.keys(sourceFiles));

    const m = result.manifest;
    expect(m).toMatchObject({ format: 'gyanjyoti-backup', version: 1, database: { kind: usingPostgres ? 'postgres' : 'pglite' }, warnings: [] });
    expect(m.database.tables).toEqual(sourceRows);
    // The demo data's four participants of its past course (sessions/session-seed.ts), and the three made here.
    expect(m.database.tables['public.registrations']).toBe(4 + 3);
    expect(m.database.tables['public.events']).toBe(11);
    expect(m.database.tables['public.team_members']).toBe(7);
    expect(m.database.lastMigration).toMatch(/\d{13}$/);
    expect(Object.fromEntries(Object.entries(m.uploads.files).map(([n, f]) => [n, f.sha256]))).toEqual(sourceFiles);
    // Demo images (8 for the events, two of them used twice, and 6 for the team) plus the two uploaded here, three renditions each.
    expect(m.uploads.count).toBe(3 * 16);
    // No temporary files left beside it.
    expect(readdirSync(outDir)).toEqual(['live.tar']);
  });

  it('refuses to overwrite an existing file', async () => {
    await expect(backup({ databaseUrl: source.url, embeddedDir: embeddedDir(), uploadsDir: uploadsDir(), out: result.file })).rejects.toThrow(/already exists/);
  });

  (usingPostgres ? it.skip : it)('refuses an embedded database another process has open', async () => {
    const open = await openDatabase({ embeddedDir: embeddedDir() });
    try {
      await expect(backup({ embeddedDir: embeddedDir(), uploadsDir: uploadsDir(), out: path.join(outDir, 'while-open.tar') })).rejects.toThrow(/open in another process.*stop the API first/s);
    } finally {
      await open.close();
    }
    expect(existsSync(path.join(outDir, 'while-open.tar'))).toBe(false);
  });
});

describe('npm run restore', () => {
  it('brings the database and uploads back into a fresh database and storage: same rows per table, same bytes', async () => {
    const target = await freshTarget('fresh');
    targets.push(target);
    const restored = await restore({ ...target, file: result.file });
    expect(restored.tables).toEqual(sourceRows);
    expect(checksums(target.uploadsDir)).toEqual(sourceFiles);

    const db = await target.open();
    try {
      expect(await countRows(db)).toEqual(sourceRows);
      // Every referenced image is there to serve.
      const keys: { k: string }[] = await db.dataSource.query(`SELECT image_key AS k FROM events WHERE image_key IS NOT NULL UNION SELECT image_key FROM team_members`);
      for (const { k } of keys) expect(existsSync(path.join(target.uploadsDir, `${k}-1280.webp`))).toBe(true);
    } finally {
      await db.close();
    }
  });

  it('refuses a target that already has data, changing nothing; --force replaces it', async () => {
    const target = await freshTarget('busy');
    targets.push(target);
    const db = await target.open(); // migrated: tables, and an admin row
    await ensureAdminAccount(db.dataSource, 'other@test.local', 'Other-Password-1', 4);
    const before = await countRows(db);
    await db.close();
    mkdirSync(target.uploadsDir, { recursive: true });
    writeFileSync(path.join(target.uploadsDir, 'aaaaaaaaaaaaaaaaaaaaaaaa-320.webp'), 'existing');

    const refusal = restore({ ...target, file: result.file });
    await expect(refusal).rejects.toBeInstanceOf(RefusedError);
    await expect(refusal).rejects.toThrow(/Refusing to restore: .*not empty|already holds a database/);
    await expect(refusal).rejects.toThrow(/uploads folder .* already holds files.*nothing was changed/s);

    const after = await target.open();
    expect(await countRows(after)).toEqual(before);
    await after.close();
    expect(readdirSync(target.uploadsDir)).toEqual(['aaaaaaaaaaaaaaaaaaaaaaaa-320.webp']);

    // Only the uploads folder in the way: refused as well, and the (empty) database is untouched.
    const empty = await freshTarget('uploads_only');
    targets.push(empty);
    mkdirSync(empty.uploadsDir, { recursive: true });
    writeFileSync(path.join(empty.uploadsDir, 'stray.webp'), 'x');
    await expect(restore({ ...empty, file: result.file })).rejects.toThrow(/uploads folder .* already holds files/);
    expect(existsSync(empty.embeddedDir)).toBe(false);
    if (usingPostgres) {
      const c = new Client({ connectionString: empty.databaseUrl });
      await c.connect();
      expect((await c.query(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`)).rows[0].n).toBe(0);
      await c.end();
    }

    const forced = await restore({ ...target, file: result.file, force: true });
    expect(forced.tables).toEqual(sourceRows);
    expect(checksums(target.uploadsDir)).toEqual(sourceFiles);
    expect(forced.movedAside.some((p) => p.includes('uploads.replaced-'))).toBe(true);
    const replaced = await target.open();
    expect(await countRows(replaced)).toEqual(sourceRows);
    await replaced.close();
  });

  it('refuses a damaged or foreign file with a clear error, touching nothing', async () => {
    const target = await freshTarget('corrupt');
    targets.push(target);
    const truncated = path.join(outDir, 'truncated.tar');
    writeFileSync(truncated, readFileSync(result.file));
    truncateSync(truncated, Math.floor(readFileSync(result.file).length / 2));
    await expect(restore({ ...target, file: truncated })).rejects.toThrow(/not a usable backup/);

    const flipped = path.join(outDir, 'flipped.tar');
    const bytes = readFileSync(result.file);
    const inDump = bytes.indexOf(Buffer.from('database.'), 1024) + 2048; // inside the dump's data
    bytes[inDump] ^= 0xff;
    writeFileSync(flipped, bytes);
    await expect(restore({ ...target, file: flipped })).rejects.toThrow(/not a usable backup.*(checksum|tar)/s);

    const foreign = path.join(outDir, 'foreign.tar');
    writeFileSync(foreign, 'this is not a backup at all\n'.repeat(100));
    await expect(restore({ ...target, file: foreign })).rejects.toThrow(OpsError);
    await expect(restore({ ...target, file: path.join(outDir, 'nope.tar') })).rejects.toThrow(/does not exist/);

    const other = path.join(outDir, 'other.tar');
    writeFileSync(path.join(outDir, 'manifest.json'), JSON.stringify({ hello: 'world' }));
    await tar.c({ file: other, cwd: outDir }, ['manifest.json']);
    await expect(restore({ ...target, file: other })).rejects.toThrow(/not a gyanjyoti-backup manifest/);

    // Nothing was written to the target.
    expect(existsSync(target.embeddedDir)).toBe(false);
    expect(existsSync(target.uploadsDir)).toBe(false);
    expect(readdirSync(target.dataDir).filter((n) => n.startsWith('.restore-'))).toEqual([]);
  });

  it('refuses a backup of the other database kind', async () => {
    const target = await freshTarget('kind');
    targets.push(target);
    const wrong = usingPostgres ? { ...target, databaseUrl: undefined } : { ...target, databaseUrl: 'postgres://nobody@127.0.0.1:1/none' };
    await expect(restore({ ...wrong, file: result.file })).rejects.toThrow(usingPostgres ? /holds a Postgres database, but the target is the embedded database/ : /holds an embedded \(PGlite\) database, but DATABASE_URL points at Postgres/);
  });
});
