/**
 * The fair waiting list under concurrency, on Postgres with two workers (two service instances on their
 * own connection pools, as two API replicas or `npm run worker` beside the API would be): newcomers
 * registering through both while places free, the capacity is raised, or the event is cancelled, with
 * both workers running the offer job at the same time. Newcomers never take a place that is due to
 * someone waiting; the offers go to the first people in the queue; a cancelled event's list is closed.
 */
import type { Viewer } from '../../common/access';
import { ManualClock } from '../../common/clock';
import { createLogger } from '../../common/logger';
import { openDatabase, type Database } from '../../db/data-source';
import { createServices, type Services } from '../../services';
import { createTestContext, usingPostgres, type TestContext } from '../../test/harness';
import { makeEvent, makeUser } from '../../test/scenarios';
import type { UserEntity } from '../../users/user.entity';
import { OFFERS_JOB } from '../waitlist.service';

let ctx: TestContext;
let other: Database | null = null;
let second: Services | null = null;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await second?.jobs.stop();
  await other?.close();
  await ctx.services.mail.idle();
  await ctx.close();
});

const viewerOf = (u: UserEntity, tokenKind: Viewer['tokenKind'] = 'user'): Viewer => ({ id: u.id, email: u.email, name: u.name, category: u.category, status: u.status, tokenKind });

async function secondWorker(): Promise<Services> {
  if (second) return second;
  other = await openDatabase({ url: ctx.db.url!, poolSize: 10 });
  second = createServices({ dataSource: other.dataSource, config: ctx.config, logger: createLogger('silent'), clock: new ManualClock(ctx.clock.now()) });
  await second.jobs.start({ work: false });
  return second;
}

async function fullEvent(capacity: number, waiting: number) {
  const event = await makeEvent(ctx, { title: `Rush ${Math.random().toString(36).slice(2, 7)}`, maxParticipants: capacity });
  const registered: UserEntity[] = [];
  for (let i = 0; i < capacity; i++) {
    const u = await makeUser(ctx);
    await ctx.services.registrations.register(viewerOf(u), event.id);
    registered.push(u);
  }
  const queue: UserEntity[] = [];
  for (let i = 0; i < waiting; i++) {
    const u = await makeUser(ctx);
    ctx.clock.advance(1_000);
    await ctx.services.waitlist.join(viewerOf(u), event.id);
    queue.push(u);
  }
  const newcomers: UserEntity[] = [];
  for (let i = 0; i < 40; i++) newcomers.push(await makeUser(ctx));
  const worker = await secondWorker();
  (worker.clock as ManualClock).set(ctx.clock.now());
  const admin = viewerOf(await makeUser(ctx, { category: 'admin' }), 'admin');
  return { event, registered, queue, newcomers, worker, admin };
}

/** Registrations by newcomers, half through each worker: each either registered or told the event is full. */
function newcomersRegister(eventId: string, newcomers: UserEntity[], worker: Services) {
  return newcomers.map(async (u, i) => {
    await new Promise((r) => setTimeout(r, Math.random() * 50));
    try {
      await (i % 2 ? worker : ctx.services).registrations.register(viewerOf(u), eventId);
      return 'registered';
    } catch (err) {
      if ((err as { code?: string }).code === 'EVENT_FULL') return 'full';
      throw err;
    }
  });
}

const offerRuns = (eventId: string, worker: Services, n = 10) =>
  Array.from({ length: n }, async (_, i) => {
    await new Promise((r) => setTimeout(r, Math.random() * 50));
    return (i % 2 ? worker : ctx.services).waitlist.offerFreePlaces(eventId);
  });

async function settle(eventId: string, worker: Services) {
  const after = await Promise.all([ctx.services.jobs.runDue(OFFERS_JOB), worker.jobs.runDue(OFFERS_JOB), ctx.services.waitlist.offerFreePlaces(eventId), worker.waitlist.offerFreePlaces(eventId)]);
  expect([after[0].failed, after[1].failed]).toEqual([0, 0]);
}

async function state(eventId: string) {
  const [r] = await ctx.db.dataSource.query(
    `SELECT registered_count AS registered, offered_count AS offered, max_participants AS max,
            (SELECT count(*)::int FROM registrations WHERE event_id = $1) AS rows,
            (SELECT count(*)::int FROM waitlist_entries WHERE event_id = $1 AND status = 'offered') AS offers,
            (SELECT count(*)::int FROM waitlist_entries WHERE event_id = $1 AND status = 'waiting') AS waiting
       FROM events WHERE id = $1`,
    [eventId],
  );
  return r as { registered: number; offered: number; max: number; rows: number; offers: number; waiting: number };
}
const offeredTo = async (eventId: string) =>
  new Set((await ctx.db.dataSource.query(`SELECT user_id FROM waitlist_entries WHERE event_id = $1 AND status = 'offered'`, [eventId])).map((r: { user_id: string }) => r.user_id));
const registeredAmong = async (eventId: string, people: UserEntity[]) =>
  Number((await ctx.db.dataSource.query(`SELECT count(*)::int AS n FROM registrations WHERE event_id = $1 AND user_id = ANY($2::uuid[])`, [eventId, people.map((u) => u.id)]))[0].n);

describe('the fair waiting list with two workers (Postgres)', () => {
  // PGlite has one connection: everything would run one after another there, so there is no race to test.
  (usingPostgres ? it : it.skip)('10 places freed while 40 newcomers register through both workers and both run the offers: no newcomer gets a place; the first 10 waiting are offered them', async () => {
    const { event, registered, queue, newcomers, worker, admin } = await fullEvent(20, 30);
    const removals = registered.slice(0, 10).map((u, i) =>
      i % 2 ? ctx.services.registrations.unregister(viewerOf(u), event.id) : worker.registrations.removeByAdmin(admin, event.id, u.id),
    );
    const outcomes = await Promise.all([...newcomersRegister(event.id, newcomers, worker), ...removals, ...offerRuns(event.id, worker)]);
    expect(outcomes.slice(0, newcomers.length).filter((o) => o === 'registered')).toEqual([]);
    await settle(event.id, worker);
    expect(await registeredAmong(event.id, newcomers)).toBe(0);
    expect(await state(event.id)).toEqual({ registered: 10, offered: 10, max: 20, rows: 10, offers: 10, waiting: 20 });
    expect(await offeredTo(event.id)).toEqual(new Set(queue.slice(0, 10).map((u) => u.id)));
  });

  (usingPostgres ? it : it.skip)('the capacity raised by 15 with 10 waiting while 40 newcomers register through both workers: at most the 5 places beyond the waiting ones go to newcomers; all 10 waiting are offered one', async () => {
    const { event, queue, newcomers, worker, admin } = await fullEvent(20, 10);
    const raise = (async () => {
      await new Promise((r) => setTimeout(r, 20));
      await worker.events.update(admin, event.id, { maxParticipants: 35 });
      return 'raised';
    })();
    const outcomes = await Promise.all([...newcomersRegister(event.id, newcomers, worker), raise, ...offerRuns(event.id, worker)]);
    const newcomersIn = outcomes.slice(0, newcomers.length).filter((o) => o === 'registered').length;
    expect(newcomersIn).toBeLessThanOrEqual(5);
    await settle(event.id, worker);
    expect(await registeredAmong(event.id, newcomers)).toBe(newcomersIn);
    expect(await offeredTo(event.id)).toEqual(new Set(queue.map((u) => u.id)));
    expect(await state(event.id)).toEqual({ registered: 20 + newcomersIn, offered: 10, max: 35, rows: 20 + newcomersIn, offers: 10, waiting: 0 });
  });

  (usingPostgres ? it : it.skip)('cancelled while places free and both workers run the offers: the list ends closed (nobody waiting or holding an offer, no held place), each person who was on it mailed once', async () => {
    const { event, registered, queue, newcomers, worker, admin } = await fullEvent(20, 15);
    const removals = registered.slice(0, 10).map((u) => worker.registrations.unregister(viewerOf(u), event.id));
    const cancel = (async () => {
      await new Promise((r) => setTimeout(r, 30));
      await ctx.services.events.cancel(admin, event.id);
      return 'cancelled';
    })();
    const results = await Promise.allSettled([...removals, cancel, ...offerRuns(event.id, worker), ...newcomersRegister(event.id, newcomers.slice(0, 10), worker)]);
    // Registrations after the cancellation are refused as such; nothing else fails.
    const unexpected = results.filter((r) => r.status === 'rejected' && !['EVENT_CANCELLED', 'EVENT_PAST'].includes((r.reason as { code?: string }).code ?? ''));
    expect(unexpected.map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    await settle(event.id, worker);
    const s = await state(event.id);
    expect({ offered: s.offered, offers: s.offers, waiting: s.waiting }).toEqual({ offered: 0, offers: 0, waiting: 0 });
    expect(await registeredAmong(event.id, newcomers)).toBe(0);
    const mails: { user_id: string; n: number }[] = await ctx.db.dataSource.query(
      `SELECT user_id, count(*)::int AS n FROM mail_deliveries WHERE event_id = $1 AND kind = 'cancelled' AND user_id = ANY($2::uuid[]) GROUP BY user_id`,
      [event.id, queue.map((u) => u.id)],
    );
    // Everyone still on the list at the cancellation (all of them: nobody accepted) is told once.
    expect(mails.map((m) => m.n)).toEqual(queue.map(() => 1));
    const closed = Number((await ctx.db.dataSource.query(`SELECT count(*)::int AS n FROM waitlist_entries WHERE event_id = $1 AND status = 'closed'`, [event.id]))[0].n);
    expect(closed).toBe(15);
  });
});
