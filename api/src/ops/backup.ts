import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, openAsBlob } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { copyFile, link, mkdir, mkdtemp, open, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as tar from 'tar';
import { referencedImageKeys } from '../uploads/image-references';
import { IMAGE_WIDTHS, renditionName } from '../uploads/image-urls';
import {
  assertEmbeddedNotInUse,
  connectPostgres,
  ident,
  isEmptyOrMissingDir,
  lastMigration,
  openEmbedded,
  OpsError,
  safeUrl,
  tableCounts,
  userObjects,
  type OpsDatabase,
} from './ops-database';

/**
 * One backup file: an uncompressed tar holding
 *   manifest.json              what is inside, with row counts and checksums (first entry)
 *   database.pgdump            Postgres: pg_dump's custom format (compressed)
 *   database.pglite.tar.gz     embedded PGlite: its own data-directory dump (dumpDataDir)
 *   uploads/<name>             every uploaded image file, as stored
 */
export const BACKUP_FORMAT = 'gyanjyoti-backup';
export const BACKUP_VERSION = 1;
const DUMP_FILE = { postgres: 'database.pgdump', pglite: 'database.pglite.tar.gz' } as const;
const SAFE_UPLOAD_NAME = /^[a-z0-9-]+\.[a-z0-9]+$/i;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  database: {
    kind: 'postgres' | 'pglite';
    file: string;
    bytes: number;
    sha256: string;
    /** The newest migration applied when the backup was taken. */
    lastMigration: string | null;
    serverVersion: string;
    /** "schema.table" → rows, counted in the same snapshot the dump was taken from. */
    tables: Record<string, number>;
  };
  uploads: {
    count: number;
    bytes: number;
    files: Record<string, { bytes: number; sha256: string }>;
  };
  warnings: string[];
}

export interface Locations {
  /** Postgres URL (DATABASE_URL); when absent the embedded database in embeddedDir. */
  databaseUrl?: string;
  /** DATA_DIR/pgdata, as the API opens it. */
  embeddedDir: string;
  /** DATA_DIR/uploads, as the API stores images. */
  uploadsDir: string;
  /** Directory holding pg_dump / pg_restore, when they are not on PATH. */
  pgBinDir?: string;
}

export interface BackupOptions extends Locations {
  /** The backup file to write (written beside it under a temporary name, then renamed). */
  out: string;
  /** Embedded only: open the database although its lock file is present (after a crash). */
  ignoreLock?: boolean;
  now?: Date;
  log?: (line: string) => void;
}

export interface BackupResult {
  file: string;
  bytes: number;
  seconds: number;
  manifest: BackupManifest;
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export const totalRows = (tables: Record<string, number>) => Object.values(tables).reduce((a, b) => a + b, 0);

/** Runs pg_dump / pg_restore with the password in the environment (not on the command line, where ps shows it). */
async function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[], url: string, pgBinDir?: string): Promise<void> {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  const command = pgBinDir ? path.join(pgBinDir, tool) : tool;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(command, [...args, '--dbname', u.toString()], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 20_000) stderr += d.toString();
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'ENOENT'
          ? new OpsError(`${tool} was not found${pgBinDir ? ` in ${pgBinDir}` : ' on PATH'}: install the PostgreSQL client tools (the same major version as the server, or newer), or pass --pg-bin DIR.`)
          : err,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new OpsError(`${tool} failed (exit code ${code}):\n${stderr.trim()}`));
    });
  });
}

/** Hard-links (same disk: instant, and a file removed meanwhile keeps its bytes here) or copies a file. */
async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch {
    await copyFile(from, to);
  }
}

/** Moves a file, across disks too. */
async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await copyFile(from, to);
    await unlink(from);
  }
}

async function fsyncFile(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The image keys the database references whose renditions are not all among `files`. */
function missingImages(keys: Set<string>, files: Set<string>): string[] {
  return [...keys].filter((key) => IMAGE_WIDTHS.some((w) => !files.has(renditionName(key, w)))).sort();
}

/**
 * Writes one backup file with the database and the uploaded images.
 * Postgres: taken while the API runs; row counts and dump come from one snapshot (pg_dump --snapshot).
 * Embedded PGlite: the API must be stopped (the data directory belongs to one process).
 */
export async function backup(options: BackupOptions): Promise<BackupResult> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const out = path.resolve(options.out);
  const outDir = path.dirname(out);
  if (existsSync(out)) throw new OpsError(`${out} already exists; choose another --out file.`);
  const kind = options.databaseUrl ? 'postgres' : 'pglite';
  if (kind === 'pglite') {
    if (!existsSync(path.join(options.embeddedDir, 'PG_VERSION'))) throw new OpsError(`There is no embedded database in ${options.embeddedDir} (DATA_DIR/pgdata) to back up. Is DATA_DIR (or DATABASE_URL) set as for the API?`);
    assertEmbeddedNotInUse(options.embeddedDir, options.ignoreLock);
  }
  await mkdir(outDir, { recursive: true });

  const staging = await mkdtemp(path.join(outDir, '.gj-backup-'));
  const partial = path.join(outDir, `.${path.basename(out)}.partial-${process.pid}`);
  try {
    const dumpFile = path.join(staging, DUMP_FILE[kind]);
    let tables: Record<string, number>;
    let migration: string | null;
    let serverVersion: string;
    let referenced: Set<string>;
    let uploads: Record<string, { bytes: number; sha256: string }>;

    if (options.databaseUrl) {
      const db = await connectPostgres(options.databaseUrl);
      try {
        // One snapshot for the counts, the referenced images and pg_dump: they describe the same moment.
        await db.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
        const [{ snapshot }] = await db.query<{ snapshot: string }>('SELECT pg_export_snapshot() AS snapshot');
        ({ tables, migration, serverVersion, referenced } = await describe(db));
        log(`database: Postgres ${serverVersion} at ${safeUrl(options.databaseUrl)}, ${Object.keys(tables).length} tables, ${totalRows(tables)} rows; dumping (pg_dump -Fc)`);
        await runPgTool('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, '--file', dumpFile], options.databaseUrl, options.pgBinDir);
        await db.query('COMMIT');
      } finally {
        await db.close();
      }
      // Images after the snapshot: one replaced meanwhile may be gone (reported below); a newer upload is harmless.
      uploads = await stageUploads(options.uploadsDir, path.join(staging, 'uploads'));
    } else {
      const db = await openEmbedded(options.embeddedDir);
      try {
        await db.query('CHECKPOINT');
        ({ tables, migration, serverVersion, referenced } = await describe(db));
        log(`database: embedded PGlite (${serverVersion}) in ${options.embeddedDir}, ${Object.keys(tables).length} tables, ${totalRows(tables)} rows; dumping (dumpDataDir)`);
        const dump = await db.pglite!.dumpDataDir('gzip');
        await pipeline(Readable.fromWeb(dump.stream() as import('node:stream/web').ReadableStream), createWriteStream(dumpFile));
        // Nothing else writes while this process holds the database: the images match it exactly.
        uploads = await stageUploads(options.uploadsDir, path.join(staging, 'uploads'));
      } finally {
        await db.close();
      }
    }

    const warnings: string[] = [];
    const missing = missingImages(referenced, new Set(Object.keys(uploads)));
    if (missing.length) warnings.push(`${missing.length} image(s) referenced by events or team members have files missing from the uploads folder: ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ', ...' : ''}`);

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: (options.now ?? new Date()).toISOString(),
      database: { kind, file: DUMP_FILE[kind], bytes: (await stat(dumpFile)).size, sha256: await sha256File(dumpFile), lastMigration: migration, serverVersion, tables },
      uploads: { count: Object.keys(uploads).length, bytes: Object.values(uploads).reduce((a, f) => a + f.bytes, 0), files: uploads },
      warnings,
    };
    await writeFile(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));
    log(`uploads: ${manifest.uploads.count} files, ${formatBytes(manifest.uploads.bytes)}`);

    const entries = ['manifest.json', DUMP_FILE[kind], ...Object.keys(uploads).map((n) => `uploads/${n}`)];
    await tar.c({ file: partial, cwd: staging, portable: true }, entries);
    await fsyncFile(partial);
    await rename(partial, out);
    return { file: out, bytes: (await stat(out)).size, seconds: (Date.now() - started) / 1000, manifest };
  } finally {
    await rm(partial, { force: true });
    await rm(staging, { recursive: true, force: true });
  }
}

async function describe(db: OpsDatabase) {
  const tables = await tableCounts(db);
  const migration = await lastMigration(db);
  const [{ v }] = await db.query<{ v: string }>(`SELECT current_setting('server_version') AS v`);
  const referenced = tables['public.events'] !== undefined && tables['public.team_members'] !== undefined ? await referencedImageKeys(db) : new Set<string>();
  return { tables, migration, serverVersion: v, referenced };
}

/** Links every uploaded file into the staging folder and checksums the staged copy. */
async function stageUploads(uploadsDir: string, into: string): Promise<Record<string, { bytes: number; sha256: string }>> {
  await mkdir(into, { recursive: true });
  const entries = await readdir(uploadsDir, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  const files: Record<string, { bytes: number; sha256: string }> = {};
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    // Only what the storage itself writes (LocalFileStorage.put's names); anything else is not ours to carry.
    if (!entry.isFile() || !SAFE_UPLOAD_NAME.test(entry.name)) continue;
    const staged = path.join(into, entry.name);
    try {
      await linkOrCopy(path.join(uploadsDir, entry.name), staged);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue; // removed meanwhile
      throw err;
    }
    files[entry.name] = { bytes: (await stat(staged)).size, sha256: await sha256File(staged) };
  }
  return files;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(2)} GB`;
}

// ---------------------------------------------------------------------------------------------------
// Restore

export interface RestoreOptions extends Locations {
  file: string;
  /** DATA_DIR: the restore unpacks here first (same disk as pgdata and uploads, so moves are renames). */
  dataDir: string;
  /**
   * Restore although the target is not empty. Postgres: every table, schema and row in the target database
   * is DROPPED first. Embedded: the old DATA_DIR/pgdata is moved aside. Uploads: the old files are moved aside.
   */
  force?: boolean;
  now?: Date;
  log?: (line: string) => void;
}

export interface RestoreResult {
  manifest: BackupManifest;
  seconds: number;
  tables: Record<string, number>;
  uploads: number;
  uploadBytes: number;
  /** Where --force put what the target held before (embedded database and uploads). */
  movedAside: string[];
}

class RefusedError extends OpsError {}
export { RefusedError };

/** Unpacks and checks a backup file completely before anything in the target is touched. */
async function unpack(file: string, into: string): Promise<BackupManifest> {
  const foreign = (why: string) => new OpsError(`${file} is not a usable backup of this application (${why}). Nothing was restored.`);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw new OpsError(`${file} does not exist or is not a file.`);
  const unexpected: string[] = [];
  try {
    await tar.x({
      file,
      cwd: into,
      strict: true,
      filter: (p, entry) => {
        const type = 'type' in entry ? entry.type : 'File';
        const ok = type === 'File' || (type === 'Directory' && p.replace(/\/$/, '') === 'uploads');
        const known = p === 'manifest.json' || Object.values(DUMP_FILE).includes(p as never) || /^uploads\/?$/.test(p) || (p.startsWith('uploads/') && SAFE_UPLOAD_NAME.test(p.slice(8)));
        if (!ok || !known) unexpected.push(p);
        return ok && known;
      },
    });
  } catch (err) {
    throw foreign(`it cannot be read as a tar archive: ${(err as Error).message}; the file may be damaged or truncated`);
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(into, 'manifest.json'), 'utf8'));
  } catch {
    throw foreign('it has no readable manifest.json');
  }
  if (manifest?.format !== BACKUP_FORMAT) throw foreign(`its manifest is not a ${BACKUP_FORMAT} manifest`);
  if (manifest.version !== BACKUP_VERSION) throw foreign(`it is format version ${manifest.version}; this version of the API reads version ${BACKUP_VERSION}`);
  if (unexpected.length) throw foreign(`it holds unexpected entries: ${unexpected.slice(0, 5).join(', ')}`);
  const kind = manifest.database?.kind;
  if (kind !== 'postgres' && kind !== 'pglite') throw foreign('its manifest names no database kind');
  const dump = path.join(into, DUMP_FILE[kind]);
  if (!existsSync(dump)) throw foreign(`${DUMP_FILE[kind]} is missing`);
  if ((await sha256File(dump)) !== manifest.database.sha256) throw foreign(`${DUMP_FILE[kind]} does not match its checksum`);
  const staged = new Set(await readdir(path.join(into, 'uploads')).catch(() => [] as string[]));
  for (const [name, f] of Object.entries(manifest.uploads?.files ?? {})) {
    if (!SAFE_UPLOAD_NAME.test(name)) throw foreign(`its manifest names an unsafe file ${JSON.stringify(name)}`);
    if (!staged.delete(name)) throw foreign(`uploads/${name} is missing`);
    if ((await sha256File(path.join(into, 'uploads', name))) !== f.sha256) throw foreign(`uploads/${name} does not match its checksum`);
  }
  if (staged.size) throw foreign(`it holds uploads its manifest does not list: ${[...staged].slice(0, 5).join(', ')}`);
  return manifest;
}

function compareCounts(expected: Record<string, number>, actual: Record<string, number>): string[] {
  const problems: string[] = [];
  for (const [table, n] of Object.entries(expected)) {
    if (actual[table] === undefined) problems.push(`${table} is missing`);
    else if (actual[table] !== n) problems.push(`${table} has ${actual[table]} rows, the backup ${n}`);
  }
  for (const table of Object.keys(actual)) if (expected[table] === undefined) problems.push(`${table} is not in the backup`);
  return problems;
}

/**
 * Brings a backup back into an EMPTY database and uploads folder (or, with force, replaces what is there),
 * then checks row counts and upload checksums against the manifest.
 */
export async function restore(options: RestoreOptions): Promise<RestoreResult> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const file = path.resolve(options.file);
  const stamp = (options.now ?? new Date()).toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
  await mkdir(options.dataDir, { recursive: true });
  const staging = await mkdtemp(path.join(options.dataDir, '.restore-'));
  try {
    // 1. The whole file is unpacked and checked before the target is looked at or touched.
    const manifest = await unpack(file, staging);
    const kind = manifest.database.kind;
    const targetKind = options.databaseUrl ? 'postgres' : 'pglite';
    if (kind !== targetKind) {
      throw new OpsError(
        kind === 'postgres'
          ? `${file} holds a Postgres database, but the target is the embedded database (DATABASE_URL is not set). Set DATABASE_URL to the Postgres database to restore into.`
          : `${file} holds an embedded (PGlite) database, but DATABASE_URL points at Postgres. Unset DATABASE_URL to restore into DATA_DIR/pgdata.`,
      );
    }
    log(`backup of ${manifest.createdAt}: ${kind}, ${Object.keys(manifest.database.tables).length} tables, ${totalRows(manifest.database.tables)} rows, ${manifest.uploads.count} uploads — checksums verified`);

    // 2. The target must be empty (or force).
    const refusals: string[] = [];
    const uploadsPresent = !isEmptyOrMissingDir(options.uploadsDir);
    if (uploadsPresent && !options.force) refusals.push(`the uploads folder ${options.uploadsDir} already holds files`);
    let pg: OpsDatabase | undefined;
    try {
      let pgNotEmpty: { tables: number; schemas: string[] } | undefined;
      const embeddedPresent = kind === 'pglite' && !isEmptyOrMissingDir(options.embeddedDir);
      if (kind === 'postgres') {
        pg = await connectPostgres(options.databaseUrl!);
        const objects = await userObjects(pg);
        if (objects.tables || objects.schemas.length) pgNotEmpty = objects;
        if (pgNotEmpty && !options.force) refusals.push(`the database at ${safeUrl(options.databaseUrl!)} is not empty (${objects.tables} tables${objects.schemas.length ? `, schemas ${objects.schemas.join(', ')}` : ''})`);
      } else if (embeddedPresent) {
        // Never under a running API, force or not.
        assertEmbeddedNotInUse(options.embeddedDir);
        if (!options.force) refusals.push(`the embedded database folder ${options.embeddedDir} already holds a database`);
      }
      if (refusals.length) {
        throw new RefusedError(
          `Refusing to restore: ${refusals.join(', and ')}. A restore goes into an empty database and uploads folder; nothing was changed. ` +
            `Pass --force to replace what is there (Postgres: the target database's tables are DROPPED first; embedded database and uploads: the old ones are moved aside).`,
        );
      }

      // 3. The database: in one transaction (Postgres) or a folder renamed into place (embedded).
      const movedAside: string[] = [];
      let tables: Record<string, number>;
      if (kind === 'postgres') {
        if (pgNotEmpty) {
          log('--force: dropping every schema of the target database');
          await pg!.query('BEGIN');
          for (const s of pgNotEmpty.schemas) await pg!.query(`DROP SCHEMA ${ident(s)} CASCADE`);
          await pg!.query('DROP SCHEMA IF EXISTS public CASCADE');
          await pg!.query('CREATE SCHEMA public');
          await pg!.query('COMMIT');
        }
        log('database: pg_restore (one transaction)');
        await runPgTool('pg_restore', ['--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', path.join(staging, DUMP_FILE.postgres)], options.databaseUrl!, options.pgBinDir);
        tables = await tableCounts(pg!);
        const problems = compareCounts(manifest.database.tables, tables);
        if (problems.length) throw new OpsError(`The database was restored but does not match the backup: ${problems.join('; ')}.`);
      } else {
        log('database: loading the embedded dump');
        const stagedDb = path.join(staging, 'pgdata');
        const db = await openEmbedded(stagedDb, await openAsBlob(path.join(staging, DUMP_FILE.pglite))).catch((err) => {
          throw new OpsError(`The embedded database in the backup could not be loaded (${(err as Error).message}). Nothing was restored.`);
        });
        try {
          tables = await tableCounts(db);
        } finally {
          await db.close();
        }
        const problems = compareCounts(manifest.database.tables, tables);
        if (problems.length) throw new OpsError(`The embedded database in the backup does not match its manifest: ${problems.join('; ')}. Nothing was restored.`);
        if (embeddedPresent) {
          const aside = `${options.embeddedDir}.replaced-${stamp}`;
          await rename(options.embeddedDir, aside);
          movedAside.push(aside);
        } else {
          await rm(options.embeddedDir, { recursive: true, force: true }); // an empty folder
        }
        await mkdir(path.dirname(options.embeddedDir), { recursive: true });
        await rename(stagedDb, options.embeddedDir);
      }
      log(`database: ${Object.keys(tables).length} tables, ${totalRows(tables)} rows — row counts match the backup`);

      // 4. The uploads.
      await mkdir(options.uploadsDir, { recursive: true });
      if (uploadsPresent) {
        const aside = `${options.uploadsDir}.replaced-${stamp}`;
        await mkdir(aside, { recursive: true });
        for (const name of await readdir(options.uploadsDir)) await moveFile(path.join(options.uploadsDir, name), path.join(aside, name));
        movedAside.push(aside);
      }
      for (const name of Object.keys(manifest.uploads.files)) await moveFile(path.join(staging, 'uploads', name), path.join(options.uploadsDir, name));
      const bad: string[] = [];
      for (const [name, f] of Object.entries(manifest.uploads.files)) {
        if ((await sha256File(path.join(options.uploadsDir, name)).catch(() => null)) !== f.sha256) bad.push(name);
      }
      if (bad.length) throw new OpsError(`The uploads were restored but ${bad.length} do not match their checksums: ${bad.slice(0, 5).join(', ')}.`);
      log(`uploads: ${manifest.uploads.count} files, ${formatBytes(manifest.uploads.bytes)} — checksums match the backup`);
      return { manifest, seconds: (Date.now() - started) / 1000, tables, uploads: manifest.uploads.count, uploadBytes: manifest.uploads.bytes, movedAside };
    } finally {
      await pg?.close();
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
