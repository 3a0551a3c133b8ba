import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { createApp } from '../app';
import { ManualClock, type Clock } from '../common/clock';
import { createLogger } from '../common/logger';
import { loadConfig, type Config } from '../config/env';
import { openDatabase, type Database } from '../db/data-source';
import { migrations } from '../db/entities';
import { createServices, type Services } from '../services';

/** Integration tests run on a real database: Postgres when TEST_DATABASE_URL is set, else embedded PGlite. */
export const usingPostgres = !!process.env.TEST_DATABASE_URL;

// Migrated databases are made once and copied per test file, named by a hash of the migrations' code (so an
// edited migration is never served from an old copy).
const MIGRATIONS_HASH = createHash('sha256')
  .update(migrations.map((m) => `${m.name}:${m.prototype.up.toString()}:${m.prototype.down.toString()}`).join('\n'))
  .digest('hex')
  .slice(0, 16);
const SNAPSHOT = path.join(os.tmpdir(), `gj-pglite-snapshot-${MIGRATIONS_HASH}.tar.gz`);
const TEMPLATE = `gj_template_${MIGRATIONS_HASH}`;

async function pgliteSnapshot(): Promise<Blob> {
  if (existsSync(SNAPSHOT)) return new Blob([readFileSync(SNAPSHOT)]);
  const db = await openDatabase({ embeddedDir: 'memory://' });
  const dump = await db.pglite!.dumpDataDir('gzip');
  await db.close();
  const bytes = Buffer.from(await dump.arrayBuffer());
  writeFileSync(`${SNAPSHOT}.${process.pid}`, bytes);
  require('node:fs').renameSync(`${SNAPSHOT}.${process.pid}`, SNAPSHOT);
  return new Blob([bytes]);
}

let dbCounter = 0;

/** A fresh, migrated database for one test file. */
export async function openTestDatabase(): Promise<Database> {
  if (!usingPostgres) return openDatabase({ embeddedDir: 'memory://', loadDataDir: await pgliteSnapshot() });
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const name = `gj_test_${process.pid}_${Date.now().toString(36)}_${dbCounter++}`;
  const admin = new Client({ connectionString: base.toString() });
  await admin.connect();
  try {
    await ensurePostgresTemplate(admin, base);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  const db = await openDatabase({ url: url.toString(), poolSize: 30 });
  return {
    ...db,
    close: async () => {
      await db.close();
      const dropper = new Client({ connectionString: base.toString() });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * The migrated template every Postgres test database is copied from: a copy takes a fraction of the ~1 s that
 * running every migration on an empty database takes, once per test file. Jest's workers make it under an
 * advisory lock, so only the first builds it. Templates of other migrations are left alone: another checkout's
 * run may be copying from one at this moment (each is a few MB; `DROP DATABASE` them by hand when done).
 */
async function ensurePostgresTemplate(admin: Client, base: URL): Promise<void> {
  const exists = async () => (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [TEMPLATE])).rowCount === 1;
  if (await exists()) return;
  await admin.query('SELECT pg_advisory_lock(hashtext($1))', ['gj-test-template']);
  try {
    if (await exists()) return;
    const building = `${TEMPLATE}_building`;
    await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${building}`);
    const url = new URL(base.toString());
    url.pathname = `/${building}`;
    const db = await openDatabase({ url: url.toString(), poolSize: 2 });
    await db.close();
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${TEMPLATE}`);
  } finally {
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', ['gj-test-template']);
  }
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gj-test-'));
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-0123456789abcdef',
    ADMIN_EMAIL: 'admin@test.local',
    ADMIN_PASSWORD: 'Admin-Password-1',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    // A stopped capture server fails a queued send within the seconds a test can wait (production: 60 s).
    MAIL_QUEUE_TIMEOUT_MS: '2000',
    ...overrides,
  });
}

export interface TestContext {
  config: Config;
  db: Database;
  services: Services;
  clock: ManualClock;
  http: ReturnType<typeof request>;
  app: import('express').Express;
  /** The app's shared answers of public reads. */
  publicCache: import('../http/public-cache').PublicCache;
  /** The whole request listener (tests that need a real socket listen on it). */
  handler: import('node:http').RequestListener;
  /** GET /api/changes. */
  changeStream: import('../http/change-stream').ChangeStream;
  /** POST /graphql with an optional bearer token. */
  gql<T = any>(query: string, variables?: Record<string, unknown>, token?: string): Promise<{ status: number; data: T; errors?: any[] }>;
  close(): Promise<void>;
}

export interface TestOptions {
  env?: Record<string, string>;
  /** Start the clock here (default: 2026-06-15 10:00 India time). */
  now?: Date;
  clock?: Clock;
}

/** A whole API (services + HTTP app) on a fresh database, with a clock the test controls. */
export async function createTestContext(options: TestOptions = {}): Promise<TestContext> {
  const config = testConfig(options.env);
  const db = await openTestDatabase();
  const clock = new ManualClock(options.now ?? new Date('2026-06-15T10:00:00+05:30'));
  const logger = createLogger('silent');
  const services = createServices({ dataSource: db.dataSource, config, logger, clock });
  const built = await createApp(config, db.dataSource, services, logger);
  // Jobs are sent but not worked: tests run them with services.jobs.runDue(), on the clock they control.
  await services.jobs.start({ work: false });
  const http = request(built.handler);
  return {
    config,
    db,
    services,
    clock,
    app: built.app,
    publicCache: built.publicCache,
    handler: built.handler,
    changeStream: built.changeStream,
    http,
    async gql(query, variables, token) {
      let req = request(built.handler).post('/graphql').set('content-type', 'application/json');
      if (token) req = req.set('authorization', `Bearer ${token}`);
      const res = await req.send({ query, variables });
      return { status: res.status, data: res.body.data, errors: res.body.errors };
    },
    async close() {
      await built.stop();
      await services.jobs.stop();
      await services.certificateRenderer.close();
      await services.mail.idle();
      services.mail.close();
      await db.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
