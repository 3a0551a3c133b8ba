import 'reflect-metadata';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config/env';
import { migrations } from '../db/entities';
import { backup, formatBytes, RefusedError, restore, totalRows } from './backup';
import { OpsError } from './ops-database';

const USAGE = `Usage:
  npm run backup [-- --out FILE|DIR] [--ignore-lock] [--pg-bin DIR]
  npm run restore -- FILE [--force] [--pg-bin DIR]

The database and uploads are those the API uses: DATABASE_URL (Postgres), else the embedded
database in DATA_DIR/pgdata; images in DATA_DIR/uploads. Build the API first (npm run build).

backup   writes one file (a tar: manifest.json, the database dump, the uploaded images).
         Default: ./backups/gyanjyoti-<date>-<time>.tar. Postgres: taken while the API runs
         (pg_dump must be on PATH, the server's major version or newer). Embedded database:
         STOP THE API FIRST (its data directory belongs to one process).
         --ignore-lock  embedded only: the API was killed and left its lock file; no process uses it.
restore  brings a backup back into an EMPTY database and uploads folder, then checks row counts
         and checksums. Stop the API first; start it afterwards (it applies newer migrations).
         --force  replace what is there: Postgres tables and schemas are DROPPED first; the old
                  embedded database and uploads are moved aside (…replaced-<time>).
--pg-bin DIR  where pg_dump / pg_restore are, when not on PATH.`;

interface Args {
  positional: string[];
  out?: string;
  force: boolean;
  ignoreLock: boolean;
  pgBin?: string;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { positional: [], force: false, ignoreLock: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--out' || a === '--pg-bin') {
      const value = argv[++i];
      if (!value) throw new UsageError(`${a} needs a value`);
      if (a === '--out') args.out = value;
      else args.pgBin = value;
    } else if (a === '--force') args.force = true;
    else if (a === '--ignore-lock') args.ignoreLock = true;
    else if (a === '--help' || a === '-h') throw new UsageError('');
    else if (a.startsWith('-')) throw new UsageError(`unknown option ${a}`);
    else args.positional.push(a);
  }
  return args;
}

class UsageError extends Error {}

/** Paths typed by the operator are relative to where they typed them (npm run changes into the project root). */
const fromUser = (p: string) => path.resolve(process.env.INIT_CWD || process.cwd(), p);

function defaultName(now: Date): string {
  const s = now.toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
  return `gyanjyoti-${s}.tar`;
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  let args: Args;
  try {
    if (command !== 'backup' && command !== 'restore') throw new UsageError(`unknown command ${command ?? '(none)'}`);
    args = parseArgs(rest);
    if (command === 'backup' && args.positional.length) throw new UsageError(`backup takes no file argument (use --out ${args.positional[0]})`);
    if (command === 'restore' && args.positional.length !== 1) throw new UsageError('restore needs the backup file: npm run restore -- FILE');
  } catch (err) {
    if (err instanceof UsageError) {
      if (err.message) console.error(`error: ${err.message}\n`);
      console.error(USAGE);
      return 2;
    }
    throw err;
  }

  const config = loadConfig();
  const locations = {
    databaseUrl: config.databaseUrl,
    embeddedDir: path.join(config.dataDir, 'pgdata'),
    uploadsDir: path.join(config.dataDir, 'uploads'),
    pgBinDir: args.pgBin ? fromUser(args.pgBin) : undefined,
  };
  const log = (line: string) => console.log(`  ${line}`);

  if (command === 'backup') {
    const now = new Date();
    let out = fromUser(args.out ?? path.join('backups', defaultName(now)));
    if (args.out && (args.out.endsWith('/') || (existsSync(out) && statSync(out).isDirectory()))) out = path.join(out, defaultName(now));
    console.log(`Backing up to ${out}`);
    if (!config.databaseUrl) console.log('  (embedded database: the API must be stopped while this runs)');
    const result = await backup({ ...locations, out, ignoreLock: args.ignoreLock, now, log });
    for (const w of result.manifest.warnings) console.warn(`  warning: ${w}`);
    console.log(
      `Backup written: ${result.file} (${formatBytes(result.bytes)}, ${result.seconds.toFixed(1)} s): ` +
        `${result.manifest.database.kind} database with ${Object.keys(result.manifest.database.tables).length} tables and ${totalRows(result.manifest.database.tables)} rows, ` +
        `${result.manifest.uploads.count} upload files (${formatBytes(result.manifest.uploads.bytes)}).`,
    );
    console.log('Keep a copy away from this machine (another disk, host or bucket).');
    return 0;
  }

  const file = fromUser(args.positional[0]);
  console.log(`Restoring ${file}`);
  try {
    const result = await restore({ ...locations, file, dataDir: config.dataDir, force: args.force, log });
    for (const w of result.manifest.warnings) console.warn(`  warning (recorded at backup time): ${w}`);
    const known = migrations.map((m) => m.name);
    const last = result.manifest.database.lastMigration;
    if (last && !known.includes(last)) console.warn(`  warning: the backup's schema (migration ${last}) is newer than this version of the API knows; run the version that made it.`);
    console.log(
      `Restored in ${result.seconds.toFixed(1)} s: ${Object.keys(result.tables).length} tables, ${totalRows(result.tables)} rows and ${result.uploads} upload files ` +
        `(${formatBytes(result.uploadBytes)}), all matching the backup of ${result.manifest.createdAt}.`,
    );
    for (const aside of result.movedAside) console.log(`  what was there before is in ${aside} (delete it once you are satisfied)`);
    console.log('Start the API now; it applies any newer migrations.');
    return 0;
  } catch (err) {
    // npm keeps "--force" for itself unless it comes after "--".
    if (err instanceof RefusedError && !args.force && process.env.npm_config_force === 'true') {
      err.message += ' (npm took --force for itself: write npm run restore -- FILE --force)';
    }
    throw err;
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      if (err instanceof OpsError || err instanceof ConfigError) console.error(`error: ${err.message}`);
      else console.error('error:', err);
      process.exit(1);
    },
  );
}
