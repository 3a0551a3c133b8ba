import 'reflect-metadata';
import path from 'node:path';
import { systemClock } from '../common/clock';
import { createLogger } from '../common/logger';
import { queryRows } from '../common/sql';
import { loadConfig } from '../config/env';
import { TokenService } from '../auth/token.service';
import { openDatabase } from './data-source';

/**
 * The data of the bench's "big day" scenarios (bench/bigday.mjs), written straight into the database the
 * API is then started on (DATABASE_URL, else DATA_DIR's embedded one), with sign-in tokens minted with the
 * API's JWT_SECRET instead of thousands of sign-in mails:
 *
 *   node dist/db/bigday-seed.js certificates <n>   an event that ended two days ago, n people checked in
 *   node dist/db/bigday-seed.js reminders <n>      an event in three days, n people registered
 *   node dist/db/bigday-seed.js opening <n> <places>   an event of <places> places in a week, n teachers (tokens)
 *
 * Every scenario adds an admin (its token printed too). Prints one JSON line: { eventId, adminToken, tokens? }.
 * Adds rows (people get addresses under a random tag); meant for a benchmark database only.
 */
async function main(): Promise<void> {
  const [scenario, rawCount, rawPlaces] = process.argv.slice(2);
  const count = Number(rawCount);
  if (!['certificates', 'reminders', 'opening'].includes(scenario) || !Number.isInteger(count) || count < 1) {
    throw new Error('usage: bigday-seed.js certificates|reminders|opening <count> [places]');
  }
  const config = loadConfig();
  const logger = createLogger('silent');
  const db = await openDatabase({ url: config.databaseUrl, embeddedDir: path.join(config.dataDir, 'pgdata'), logger });
  const tokens = new TokenService(config, systemClock);
  const tag = Math.random().toString(36).slice(2, 8);
  try {
    const out = await db.dataSource.transaction(async (m) => {
      await m.query(`SET LOCAL statement_timeout = 0`);
      const daysFromToday = scenario === 'certificates' ? -2 : scenario === 'reminders' ? 3 : 7;
      const places = scenario === 'opening' ? Number(rawPlaces ?? 300) : null;
      const [event] = await queryRows<{ id: string; starts_at: Date }>(
        m,
        `INSERT INTO events (title, description, date, time, starts_at, location, category, max_participants)
         VALUES ($1, 'A state-wide workshop', (now() AT TIME ZONE 'Asia/Kolkata')::date + $2::int, '10:00',
                 (((now() AT TIME ZONE 'Asia/Kolkata')::date + $2::int)::timestamp + time '10:00') AT TIME ZONE 'Asia/Kolkata',
                 'GIC Hall, Prayagraj', 'general', $3)
         RETURNING id, starts_at`,
        [`Big day ${scenario} ${tag}`, daysFromToday, places],
      );
      const users = await queryRows<{ id: string; token_version: number }>(
        m,
        `INSERT INTO users (name, email, phone, category, status, language)
         SELECT 'Teacher ' || g, 'bigday-' || $2 || '-' || g || '@bench.test', '9876543210', 'primary', 'active', CASE WHEN g % 2 = 0 THEN 'hi' ELSE 'en' END
           FROM generate_series(1, $1::int) g
         RETURNING id, token_version`,
        [count, tag],
      );
      if (scenario !== 'opening') {
        const checkedIn = scenario === 'certificates' ? 'r.created_at' : 'NULL';
        await m.query(
          `INSERT INTO registrations (event_id, user_id, created_at, checked_in_at)
           SELECT $1, u.id, r.created_at, ${checkedIn}
             FROM unnest($2::uuid[]) AS u(id), (SELECT now() - interval '10 days' AS created_at) r`,
          [event.id, users.map((u) => u.id)],
        );
        await m.query(`UPDATE events SET registered_count = $2 WHERE id = $1`, [event.id, count]);
      }
      const [admin] = await queryRows<{ id: string; token_version: number }>(
        m,
        `INSERT INTO users (name, email, phone, category, status) VALUES ('Bench admin', $1, '9876543210', 'admin', 'active') RETURNING id, token_version`,
        [`bigday-admin-${tag}@bench.test`],
      );
      return {
        eventId: event.id,
        adminToken: tokens.sign(admin.id, Number(admin.token_version), 'admin'),
        tokens: scenario === 'opening' ? users.map((u) => tokens.sign(u.id, Number(u.token_version), 'user')) : undefined,
      };
    });
    process.stdout.write(`${JSON.stringify(out)}\n`);
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
