import 'reflect-metadata';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { loadConfig } from '../config/env';
import { TEACHER_DETAILS } from '../questions/teacher-details.seed';
import { openDatabase } from './data-source';

/**
 * A large, repeatable data set for benchmarks: events, users and registrations generated inside the
 * database with INSERT ... SELECT generate_series (no row-by-row round trips). Every value, ids included,
 * is a function of (seed, row number, anchor date), so two runs with the same options give the same rows.
 * registered_count equals the registration rows of each event and never exceeds max_participants.
 *
 * It REPLACES users, events, registrations (with check-ins and certificates at past events) and the
 * transient tables (one-time codes, rate-limit counters, audit log, contact messages): only ever point it
 * at a benchmark or test database.
 */
export interface BenchSeedOptions {
  events: number;
  users: number;
  registrations: number;
  seed: number;
  /** The day the data is generated around (YYYY-MM-DD): events two years before to one year after it. */
  anchor: string;
}

export const BENCH_DEFAULTS: BenchSeedOptions = { events: 10_000, users: 100_000, registrations: 300_000, seed: 42, anchor: '2026-01-01' };

const P = 2147483647; // 2^31 - 1
const CHUNK = 50_000;

/** A deterministic pseudo-random integer in [0, mod) for row expression `x` (MINSTD steps, bigint-safe). */
function rnd(x: string, salt: number, seed: number, mod: number): string {
  const once = `((((${x})::bigint + ${salt * 7919 + seed * 104729 + 1}) * 48271) % ${P})`;
  return `((((${once}) * 48271 + ${salt + 11}) % ${P}) % ${mod})`;
}

/** The deterministic uuid of row `i` of a kind ('u', 'e', 'r'). */
const uuidOf = (kind: string, i: string, seed: number) => `md5('${kind}:${seed}:' || (${i}))::uuid`;

function check(o: BenchSeedOptions): void {
  for (const k of ['events', 'users', 'registrations', 'seed'] as const) {
    if (!Number.isSafeInteger(o[k]) || o[k] < 0) throw new Error(`${k} must be a whole number`);
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(o.anchor)) throw new Error('anchor must be YYYY-MM-DD');
  if (o.registrations > 0 && (o.events < 1 || o.users < 1)) throw new Error('registrations need events and users');
  // Registration k goes to event k % E and user (e * 7919 + (k / E) * 3331) % U: distinct users per event
  // while every event has fewer registrations than there are users and 3331 does not divide U.
  if (o.events > 0 && Math.ceil(o.registrations / o.events) > o.users) throw new Error('more registrations per event than users');
  if (o.users % 3331 === 0) throw new Error('users must not be a multiple of 3331');
}

export async function seedBenchData(dataSource: DataSource, options: Partial<BenchSeedOptions> = {}): Promise<BenchSeedOptions> {
  const o = { ...BENCH_DEFAULTS, ...options };
  check(o);
  const { seed } = o;
  const anchor = `'${o.anchor}'::date`;
  const anchorTs = `('${o.anchor}'::timestamp AT TIME ZONE 'UTC')`;
  await dataSource.transaction(async (m) => {
    // Bulk statements outlast the API's 10 s per-statement bound (Postgres); PGlite has none.
    await m.query(`SET LOCAL statement_timeout = 0`);
    await m.query(`TRUNCATE registrations, events, users, otp_codes, rate_limit_counters, audit_log, contact_submissions CASCADE`);

    // In chunks of CHUNK rows: each statement stays well inside any per-statement bound a pool may set.
    for (let from = 0; from < o.users; from += CHUNK) {
      await m.query(`
      INSERT INTO users (id, name, email, phone, category, status, father_name, school_name, district, area, token_version, created_at, updated_at)
      SELECT ${uuidOf('u', 'i', seed)},
             'Bench User ' || i,
             'bench.user' || i || '@bench.example',
             '9' || lpad(${rnd('i', 1, seed, 1_000_000_000)}::text, 9, '0'),
             (ARRAY['primary','secondary','graduate','student','secondary','graduate'])[1 + ${rnd('i', 2, seed, 6)}],
             (ARRAY['active','pending','approved','rejected','active','approved'])[1 + ${rnd('i', 3, seed, 6)}],
             'Father ' || i,
             'School ' || ${rnd('i', 4, seed, 500)},
             (ARRAY['Prayagraj','Kaushambi','Pratapgarh','Varanasi','Lucknow'])[1 + ${rnd('i', 5, seed, 5)}],
             'Area ' || ${rnd('i', 6, seed, 200)},
             0,
             ${anchorTs} - make_interval(mins => ${rnd('i', 7, seed, 730 * 24 * 60)}::int),
             ${anchorTs} - make_interval(mins => ${rnd('i', 7, seed, 730 * 24 * 60)}::int)
        FROM generate_series(${from}, ${Math.min(from + CHUNK, o.users) - 1}) AS i`);
    }

    await m.query(`
      INSERT INTO events (id, title, description, date, time, starts_at, location, category, speaker, registered_count, created_at, updated_at)
      SELECT ${uuidOf('e', 'i', seed)}, title, description, d, t, ((d + t::time) - interval '5 hours 30 minutes') AT TIME ZONE 'UTC',
             location, category, speaker, 0, created, created
        FROM (
          SELECT i,
                 (ARRAY['Science fair','Teacher training','Reading camp','Career talk','Art workshop','Parents meeting'])[1 + ${rnd('i', 10, seed, 6)}] || ' #' || i AS title,
                 'A community event of the mission for students, parents and teachers: talks, hands-on activities and ' ||
                   'time for questions. Bring a notebook; water and snacks are provided. Session ' || i || '.' AS description,
                 ${anchor} + (${rnd('i', 11, seed, 1095)}::int - 730) AS d,
                 lpad((8 + ${rnd('i', 12, seed, 12)})::text, 2, '0') || ':' || (ARRAY['00','15','30','45'])[1 + ${rnd('i', 13, seed, 4)}] AS t,
                 (ARRAY['Civil Lines, Prayagraj','Naini, Prayagraj','Jhunsi, Prayagraj','Online','Phaphamau, Prayagraj'])[1 + ${rnd('i', 14, seed, 5)}] AS location,
                 (ARRAY['general','primary','secondary','graduate'])[1 + ${rnd('i', 15, seed, 4)}] AS category,
                 CASE WHEN ${rnd('i', 16, seed, 3)} = 0 THEN NULL ELSE 'Speaker ' || ${rnd('i', 17, seed, 300)} END AS speaker,
                 ${anchorTs} - make_interval(days => 800) + make_interval(mins => ${rnd('i', 18, seed, 1000 * 24 * 60)}::int) AS created
            FROM generate_series(0, ${Math.max(o.events - 1, -1)}) AS i
        ) g`);

    for (let from = 0; from < o.registrations; from += CHUNK) {
      await m.query(`
        INSERT INTO registrations (id, event_id, user_id, created_at)
        SELECT ${uuidOf('r', 'k', seed)},
               ${uuidOf('e', `k % ${o.events}`, seed)},
               ${uuidOf('u', `((k % ${o.events})::bigint * 7919 + (k / ${o.events})::bigint * 3331) % ${o.users}`, seed)},
               ${anchorTs} - make_interval(mins => ${rnd('k', 20, seed, 700 * 24 * 60)}::int)
          FROM generate_series(${from}, ${Math.min(from + CHUNK, o.registrations) - 1}) AS k`);
    }

    // The 'primary' events ask the "Teacher details" questions, and their registrations answer the school and the
    // district (an option's value), so the impact report's districts and schools mix answers and profiles.
    const districts = TEACHER_DETAILS.find((q) => q.id === 'district')!.options.map((o) => `'${o.value}'`).join(',');
    await m.query(`UPDATE events SET questions = $1::jsonb WHERE category = 'primary'`, [JSON.stringify(TEACHER_DETAILS)]);
    await m.query(`
      UPDATE registrations r
         SET answers = jsonb_build_object('school', 'School ' || ${rnd("('x' || substr(md5(r.user_id::text), 1, 7))::bit(28)::int", 24, seed, 500)},
                                          'district', (ARRAY[${districts}])[1 + ${rnd("('x' || substr(md5(r.user_id::text), 1, 7))::bit(28)::int", 25, seed, 15)}],
                                          'subjects', jsonb_build_array('science'), 'classes-taught', jsonb_build_array('class-6'))
        FROM events e
       WHERE e.id = r.event_id AND e.category = 'primary'`);

    // Attendance and certificates, as the impact report reads them: at the events before the anchor day, 7 in
    // 10 registrations checked in (at the start), and every second of those given a certificate the next day.
    const rowPick = (salt: number, mod: number) => rnd("('x' || substr(md5(r.id::text), 1, 7))::bit(28)::int", salt, seed, mod);
    await m.query(`
      UPDATE registrations r SET checked_in_at = e.starts_at
        FROM events e
       WHERE e.id = r.event_id AND e.date < ${anchor} AND ${rowPick(22, 10)} < 7`);
    await m.query(`
      INSERT INTO certificates (code, event_id, user_id, language, participant_name, event_title, event_starts_at, event_place, issued_at)
      SELECT upper(substr(h, 1, 4) || '-' || substr(h, 5, 4) || '-' || substr(h, 9, 4) || '-' || substr(h, 13, 4)),
             r.event_id, r.user_id, 'en', u.name, e.title, e.starts_at, e.location, e.starts_at + interval '1 day'
        FROM registrations r JOIN events e ON e.id = r.event_id JOIN users u ON u.id = r.user_id,
             LATERAL (SELECT md5('c:${seed}:' || r.id::text) AS h) c
       WHERE r.checked_in_at IS NOT NULL AND ${rowPick(23, 2)} = 0`);

    // Counts from the rows themselves; a quarter of the events unlimited, a quarter exactly full.
    await m.query(`
      UPDATE events e
         SET registered_count = c.n,
             max_participants = CASE c.pick WHEN 0 THEN NULL WHEN 1 THEN greatest(c.n, 1) ELSE c.n + 1 + c.pick * 10 END
        FROM (SELECT ev.id, coalesce(r.n, 0) AS n, ${rnd("('x' || substr(md5(ev.id::text), 1, 7))::bit(28)::int", 21, seed, 4)} AS pick
                FROM events ev LEFT JOIN (SELECT event_id, count(*)::int AS n FROM registrations GROUP BY event_id) r ON r.event_id = ev.id) c
       WHERE c.id = e.id`);
  });
  // As autovacuum would in time: statistics, and the visibility map that lets counts use index-only scans.
  for (const table of ['users', 'events', 'registrations', 'certificates', 'user_counts', 'reach_names']) await dataSource.query(`VACUUM ANALYZE ${table}`);
  return o;
}

export interface BenchChecksum {
  users: number;
  events: number;
  registrations: number;
  /** md5 over every generated column of each table, in id order. */
  usersMd5: string;
  eventsMd5: string;
  registrationsMd5: string;
  /** Events whose registered_count differs from their registration rows, or exceeds the capacity. */
  countMismatches: number;
  overCapacity: number;
}

export async function benchChecksum(dataSource: DataSource): Promise<BenchChecksum> {
  const [row] = await dataSource.query(`
    SELECT (SELECT count(*)::int FROM users) AS users,
           (SELECT count(*)::int FROM events) AS events,
           (SELECT count(*)::int FROM registrations) AS registrations,
           (SELECT coalesce(md5(string_agg(concat_ws('|', id, name, email, phone, category, status, school_name, district, area, created_at), ',' ORDER BY id)), '') FROM users) AS users_md5,
           (SELECT coalesce(md5(string_agg(concat_ws('|', id, title, date, time, starts_at, location, category, speaker, max_participants, registered_count, created_at), ',' ORDER BY id)), '') FROM events) AS events_md5,
           (SELECT coalesce(md5(string_agg(concat_ws('|', id, event_id, user_id, created_at), ',' ORDER BY id)), '') FROM registrations) AS registrations_md5,
           (SELECT count(*)::int FROM events e WHERE e.registered_count <> (SELECT count(*) FROM registrations r WHERE r.event_id = e.id)) AS count_mismatches,
           (SELECT count(*)::int FROM events WHERE max_participants IS NOT NULL AND registered_count > max_participants) AS over_capacity`);
  return {
    users: row.users,
    events: row.events,
    registrations: row.registrations,
    usersMd5: row.users_md5,
    eventsMd5: row.events_md5,
    registrationsMd5: row.registrations_md5,
    countMismatches: row.count_mismatches,
    overCapacity: row.over_capacity,
  };
}

function parseArgs(argv: string[]): Partial<BenchSeedOptions> {
  const out: Record<string, number | string> = {};
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, '');
    const value = argv[i + 1];
    if (!['events', 'users', 'registrations', 'seed', 'anchor'].includes(key) || value === undefined) {
      throw new Error(`usage: node dist/db/bench-seed.js [--events N] [--users N] [--registrations N] [--seed N] [--anchor YYYY-MM-DD]`);
    }
    out[key] = key === 'anchor' ? value : Number(value);
  }
  return out as Partial<BenchSeedOptions>;
}

/**
 * CLI: seeds the database the API would open (DATABASE_URL, else the embedded one under DATA_DIR), then
 * closes it, so it runs before the API starts (PGlite is single-process). Prints the checksum as JSON.
 */
async function main() {
  const options = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  const db = await openDatabase({ url: config.databaseUrl, embeddedDir: path.join(config.dataDir, 'pgdata') });
  try {
    const started = Date.now();
    const used = await seedBenchData(db.dataSource, options);
    const seconds = (Date.now() - started) / 1000;
    console.log(JSON.stringify({ database: db.kind, options: used, seconds, checksum: await benchChecksum(db.dataSource) }));
  } finally {
    await db.close();
  }
}

if (require.main === module) {
  main().catch((err) => {
    console.error('bench seed failed:', err);
    process.exit(1);
  });
}
