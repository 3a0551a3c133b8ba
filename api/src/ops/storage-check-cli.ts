import 'reflect-metadata';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config/env';
import { LocalFileStorage } from '../uploads/storage';
import { formatBytes } from './backup';
import { assertEmbeddedNotInUse, connectPostgres, openEmbedded, OpsError, type OpsDatabase } from './ops-database';
import { checkStorage, DEFAULT_GRACE_HOURS, type KeyFiles } from './storage-check';

const USAGE = `Usage: npm run storage:check [-- --remove] [--grace-hours N] [--ignore-lock]

Lists the files in the uploads storage (DATA_DIR/uploads) that no event or team member references
(orphans), and with --remove removes them. An unreferenced upload younger than the grace period
(default ${DEFAULT_GRACE_HOURS} h) is not an orphan yet: POST /api/uploads hands out a key that a form attaches later.
Postgres (DATABASE_URL): runs beside the API. Embedded database: stop the API first.
Build the API first (npm run build).`;

class UsageError extends Error {}

function parseArgs(argv: string[]) {
  const args = { remove: false, graceHours: DEFAULT_GRACE_HOURS, ignoreLock: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--remove') args.remove = true;
    else if (a === '--ignore-lock') args.ignoreLock = true;
    else if (a === '--grace-hours') {
      const n = Number(argv[++i]);
      if (!Number.isFinite(n) || n < 0) throw new UsageError('--grace-hours needs a number of hours (0 or more)');
      args.graceHours = n;
    } else if (a === '--help' || a === '-h') throw new UsageError('');
    else throw new UsageError(`unknown argument ${a}`);
  }
  return args;
}

const age = (now: Date, d: Date) => {
  const h = (now.getTime() - d.getTime()) / 3_600_000;
  return h < 1 ? `${Math.round(h * 60)} min` : h < 48 ? `${h.toFixed(1)} h` : `${Math.round(h / 24)} days`;
};

export async function main(argv: string[]): Promise<number> {
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    if (err.message) console.error(`error: ${err.message}\n`);
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const uploadsDir = path.join(config.dataDir, 'uploads');
  let db: OpsDatabase;
  if (config.databaseUrl) db = await connectPostgres(config.databaseUrl);
  else {
    const dir = path.join(config.dataDir, 'pgdata');
    if (!existsSync(path.join(dir, 'PG_VERSION'))) throw new OpsError(`There is no embedded database in ${dir}. Is DATA_DIR (or DATABASE_URL) set as for the API?`);
    assertEmbeddedNotInUse(dir, args.ignoreLock);
    db = await openEmbedded(dir);
  }
  const now = new Date();
  try {
    const r = await checkStorage({ db, storage: new LocalFileStorage(uploadsDir), graceHours: args.graceHours, now, remove: args.remove });
    console.log(`Uploads storage ${uploadsDir}: ${r.files} files (${formatBytes(r.bytes)}); ${r.referenced} image keys referenced by events and team members.`);
    const list = (items: KeyFiles[]) => items.forEach((o) => console.log(`  ${o.key}  ${o.files.length} files, ${formatBytes(o.bytes)}, ${age(now, o.newest)} old`));
    const orphanBytes = r.orphans.reduce((a, o) => a + o.bytes, 0);
    console.log(`Orphans (unreferenced, older than ${args.graceHours} h): ${r.orphans.length} keys, ${formatBytes(orphanBytes)}`);
    list(r.orphans);
    if (r.young.length) {
      console.log(`Not orphans yet (unreferenced, but younger than ${args.graceHours} h — a form may still attach them): ${r.young.length} keys`);
      list(r.young);
    }
    if (r.missing.length) {
      console.log(`Referenced images with files missing (shown broken): ${r.missing.length}`);
      r.missing.forEach((m) => console.log(`  ${m.key}  missing ${m.names.join(', ')}`));
    }
    if (r.unrecognised.length) console.log(`Other files (not image renditions; left alone): ${r.unrecognised.map((f) => f.name).join(', ')}`);
    if (args.remove) console.log(`Removed ${r.removed.length} orphan keys (${formatBytes(r.orphans.filter((o) => r.removed.includes(o.key)).reduce((a, o) => a + o.bytes, 0))}).`);
    else if (r.orphans.length) console.log('Run with --remove (npm run storage:check -- --remove) to remove the orphans.');
    return 0;
  } finally {
    await db.close();
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
