import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';

/** A problem the operator can act on: the CLIs print its message alone (no stack) and exit non-zero. */
export class OpsError extends Error {}

/**
 * The database as the operations tools see it: plain SQL on one connection, no pool, no migrations
 * (a backup must not change what it copies; a restore is checked before the API migrates it).
 */
export interface OpsDatabase {
  kind: 'postgres' | 'pglite';
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
  /** When kind is postgres. */
  client?: Client;
  /** When kind is pglite. */
  pglite?: import('@electric-sql/pglite').PGlite;
}

/** PGlite writes this file while a process has the data directory open, and removes it on close. */
const EMBEDDED_LOCK = 'postmaster.pid';

export const embeddedLockFile = (dir: string) => path.join(dir, EMBEDDED_LOCK);

/**
 * The embedded database belongs to one process, and PGlite itself does not stop a second one from opening
 * it (two writers corrupt it). Refuses while the lock file says some process has it open.
 */
export function assertEmbeddedNotInUse(dir: string, ignoreLock = false): void {
  if (ignoreLock || !existsSync(embeddedLockFile(dir))) return;
  throw new OpsError(
    `The embedded database in ${dir} is open in another process (${EMBEDDED_LOCK} is present): stop the API first ` +
      `(and any worker, backup or storage check using it), then run this again: the embedded database may be open in ` +
      `one process at a time, and a second one would corrupt it. If no process uses it (the API was killed and left the file behind), pass --ignore-lock.`,
  );
}

export function isEmptyOrMissingDir(dir: string): boolean {
  try {
    return readdirSync(dir).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}

/** Opens the embedded database without migrating it (the caller has checked the lock). */
export async function openEmbedded(dir: string, loadDataDir?: Blob): Promise<OpsDatabase> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { uuid_ossp } = await import('@electric-sql/pglite/contrib/uuid_ossp');
  const pglite = await PGlite.create(dir, { extensions: { uuid_ossp }, loadDataDir });
  return {
    kind: 'pglite',
    pglite: pglite as unknown as OpsDatabase['pglite'],
    query: async <T>(sql: string, params?: unknown[]) => (await pglite.query<T>(sql, params)).rows,
    close: () => pglite.close(),
  };
}

export async function connectPostgres(url: string): Promise<OpsDatabase> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (err) {
    throw new OpsError(`Could not connect to the database in DATABASE_URL (${safeUrl(url)}): ${(err as Error).message}`);
  }
  // The API bounds its statements; counting and dumping a large database may take longer.
  await client.query('SET statement_timeout = 0; SET idle_in_transaction_session_timeout = 0');
  return {
    kind: 'postgres',
    client,
    query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
    close: () => client.end(),
  };
}

/** A Postgres URL without its password, for messages. */
export function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable URL)';
  }
}

/** The tables of the application's schemas (public, pg-boss's, ...): "schema.table" → rows. */
export async function tableCounts(db: OpsDatabase): Promise<Record<string, number>> {
  const tables = await db.query<{ schema: string; table: string }>(`
    SELECT n.nspname AS schema, c.relname AS table
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'p')
       AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp%'
     ORDER BY 1, 2`);
  const counts: Record<string, number> = {};
  for (const { schema, table } of tables) {
    const [row] = await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM ${ident(schema)}.${ident(table)}`);
    counts[`${schema}.${table}`] = Number(row.n);
  }
  return counts;
}

/** Schemas other than the system ones and an empty public: what makes a target database "not empty". */
export async function userObjects(db: OpsDatabase): Promise<{ tables: number; schemas: string[] }> {
  const [{ tables }] = await db.query<{ tables: string | number }>(`
    SELECT count(*) AS tables FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
       AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp%'`);
  const schemas = await db.query<{ name: string }>(`
    SELECT nspname AS name FROM pg_namespace
     WHERE nspname NOT IN ('pg_catalog', 'information_schema', 'public') AND nspname NOT LIKE 'pg\\_toast%' AND nspname NOT LIKE 'pg\\_temp%'
     ORDER BY 1`);
  return { tables: Number(tables), schemas: schemas.map((s) => s.name) };
}

/** The newest migration applied (TypeORM's migrations table), or null when there is none. */
export async function lastMigration(db: OpsDatabase): Promise<string | null> {
  const [exists] = await db.query<{ t: string | null }>(`SELECT to_regclass('public.migrations')::text AS t`);
  if (!exists?.t) return null;
  const [row] = await db.query<{ name: string }>(`SELECT name FROM migrations ORDER BY timestamp DESC, id DESC LIMIT 1`);
  return row?.name ?? null;
}

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
