/**
 * An opening rush inside one process: many teachers register for one small event at once. Exactly its
 * places are taken and everyone else is told EVENT_FULL; and the attempts take turns in memory
 * (RegistrationLedger.placeTurn), so none of this process's pooled connections sits waiting on the
 * event's row lock (which is what starved the pool, and gave 503s, in the bench's opening rush).
 */
import { Client } from 'pg';
import type { Viewer } from '../../common/access';
import { createTestContext, usingPostgres, type TestContext } from '../../test/harness';
import { makeEvent, makeUser } from '../../test/scenarios';

const PEOPLE = 60;
const PLACES = 10;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.services.mail.idle();
  await ctx.close();
});

describe('registration opening in one process', () => {
  // PGlite has one connection: nothing can wait on a row lock there.
  (usingPostgres ? it : it.skip)(`${PEOPLE} at once for ${PLACES} places: ${PLACES} registered, the rest EVENT_FULL, no connection waiting on the event's row`, async () => {
    const event = await makeEvent(ctx, { title: 'Opening rush', maxParticipants: PLACES, daysFromToday: 3 });
    const viewers: Viewer[] = [];
    for (let i = 0; i < PEOPLE; i++) {
      const u = await makeUser(ctx, { name: `Rush teacher ${i}`, category: 'primary', status: 'approved' });
      viewers.push({ id: u.id, email: u.email, name: u.name, category: u.category, status: u.status, tokenKind: 'user' });
    }
    // Watches the test database from outside the pool: the most sessions seen waiting for a lock at once.
    const watcher = new Client({ connectionString: ctx.db.url });
    await watcher.connect();
    let watching = true;
    let mostWaiting = 0;
    const watch = (async () => {
      while (watching) {
        const { rows } = await watcher.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
        mostWaiting = Math.max(mostWaiting, rows[0].n);
      }
    })();
    const outcomes = await Promise.all(
      viewers.map((v) => ctx.services.registrations.register(v, event.id).then(() => 'registered', (e: { code?: string }) => e.code ?? String(e))),
    );
    watching = false;
    await watch;
    await watcher.end();
    const counts: Record<string, number> = {};
    for (const o of outcomes) counts[o] = (counts[o] ?? 0) + 1;
    expect(counts).toEqual({ registered: PLACES, EVENT_FULL: PEOPLE - PLACES });
    const [row] = await ctx.db.dataSource.query(`SELECT registered_count FROM events WHERE id = $1`, [event.id]);
    expect(row.registered_count).toBe(PLACES);
    expect(mostWaiting).toBe(0);
  });
});
