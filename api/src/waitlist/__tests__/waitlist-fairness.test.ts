/**
 * The fair waiting list: while anyone waits, a freed place (or one an admin adds) belongs to the people
 * waiting, also in the moment before the offer job runs; a cancelled or deleted event closes its list
 * (no count, no offers, the people waiting told once, in the cancellation mail). On both databases; the
 * races between two workers are in waitlist-fairness.race.test.ts (Postgres).
 */
import type { Viewer } from '../../common/access';
import { createTestContext, type TestContext } from '../../test/harness';
import { adminToken, makeEvent, makeUser, userToken } from '../../test/scenarios';
import { decodeQuotedPrintable, SmtpCapture } from '../../test/smtp-capture';
import type { UserEntity } from '../../users/user.entity';
import { OFFERS_JOB } from '../waitlist.service';

let ctx: TestContext;
let smtp: SmtpCapture;
let admin: UserEntity;

beforeAll(async () => {
  smtp = new SmtpCapture();
  ctx = await createTestContext({ env: { SMTP_URL: await smtp.start() } });
  admin = await makeUser(ctx, { name: 'Admin', category: 'admin', status: 'active' });
});
afterAll(async () => {
  await ctx.services.mail.idle();
  await ctx.close();
  await smtp.stop();
});

const viewerOf = (u: UserEntity, tokenKind: Viewer['tokenKind'] = 'user'): Viewer => ({ id: u.id, email: u.email, name: u.name, category: u.category, status: u.status, tokenKind });
const adminViewer = () => viewerOf(admin, 'admin');

async function drain(): Promise<void> {
  for (let round = 0; round < 20; round++) {
    const { completed, failed } = await ctx.services.jobs.runDue();
    if (failed) throw new Error(`${failed} job(s) failed`);
    if (!completed) return;
  }
}

/** A full event of `capacity` places and the people then waiting, in order. */
async function fullEvent(capacity: number, waiting: number) {
  const event = await makeEvent(ctx, { title: `Fair workshop ${Math.random().toString(36).slice(2, 7)}`, maxParticipants: capacity });
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
  await drain();
  ctx.clock.advance(1_000);
  return { event, registered, queue };
}

const restRegister = (eventId: string, u: UserEntity) => ctx.http.post(`/api/events/${eventId}/register`).set('authorization', `Bearer ${userToken(ctx, u)}`).send();
const gqlRegister = (eventId: string, u: UserEntity) =>
  ctx.gql(`mutation($id: ID!) { registerForEvent(eventId: $id) { message } }`, { id: eventId }, userToken(ctx, u));
const restEvent = async (eventId: string, u?: UserEntity) => {
  let req = ctx.http.get(`/api/events/${eventId}`);
  if (u) req = req.set('authorization', `Bearer ${userToken(ctx, u)}`);
  return (await req).body.data as { isFull: boolean; waitlistCount: number; waitlistPosition?: number | null };
};
const gqlEvent = async (eventId: string, u?: UserEntity) =>
  (await ctx.gql(`query($id: ID!) { event(id: $id) { isFull waitlistCount myWaitlist { status position } } }`, { id: eventId }, u ? userToken(ctx, u) : undefined)).data.event as {
    isFull: boolean;
    waitlistCount: number;
    myWaitlist: { status: string; position: number | null } | null;
  };
const counts = async (eventId: string) => {
  const [r] = await ctx.db.dataSource.query(
    `SELECT registered_count AS registered, offered_count AS offered,
            (SELECT count(*)::int FROM waitlist_entries WHERE event_id = $1 AND status = 'waiting') AS waiting,
            (SELECT count(*)::int FROM waitlist_entries WHERE event_id = $1 AND status = 'offered') AS offers,
            (SELECT count(*)::int FROM waitlist_entries WHERE event_id = $1 AND status = 'closed') AS closed
       FROM events WHERE id = $1`,
    [eventId],
  );
  return r as { registered: number; offered: number; waiting: number; offers: number; closed: number };
};
const statusOf = async (eventId: string, u: UserEntity) =>
  ((await ctx.db.dataSource.query(`SELECT status FROM waitlist_entries WHERE event_id = $1 AND user_id = $2 ORDER BY created_at DESC LIMIT 1`, [eventId, u.id]))[0]?.status ?? null) as string | null;
const pendingOfferJobs = async (eventId: string) =>
  Number((await ctx.db.dataSource.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND singleton_key = $2 AND state IN ('created', 'retry')`, [OFFERS_JOB, eventId]))[0].n);

describe('a freed place belongs to the waiting list', () => {
  it('between the unregistration and the offer job: a newcomer is told the event is full (REST 409 and GraphQL EVENT_FULL), reads say full; the first waiting gets the offer', async () => {
    const { event, registered, queue } = await fullEvent(2, 2);
    await ctx.services.registrations.unregister(viewerOf(registered[0]), event.id);
    // The offer job is queued, not run yet: the place is free, and it is the waiting list's.
    expect(await pendingOfferJobs(event.id)).toBe(1);
    expect(await counts(event.id)).toMatchObject({ registered: 1, offered: 0, waiting: 2 });

    const newcomer = await makeUser(ctx);
    const rest = await restRegister(event.id, newcomer);
    expect(rest.status).toBe(409);
    expect(rest.body).toMatchObject({ code: 'EVENT_FULL', message: 'This event is full' });
    const gql = await gqlRegister(event.id, await makeUser(ctx));
    expect(gql.errors?.[0].extensions?.code).toBe('EVENT_FULL');
    // The second in the queue may not jump the first either.
    expect((await restRegister(event.id, queue[1])).body.code).toBe('EVENT_FULL');
    expect((await restEvent(event.id)).isFull).toBe(true);
    expect((await gqlEvent(event.id)).isFull).toBe(true);
    // And the newcomer is offered the waiting list: joining it is allowed (the event is full for them).
    await ctx.services.waitlist.join(viewerOf(newcomer), event.id);

    await drain();
    expect(await statusOf(event.id, queue[0])).toBe('offered');
    expect(await statusOf(event.id, queue[1])).toBe('waiting');
    expect(await counts(event.id)).toMatchObject({ registered: 1, offered: 1, waiting: 2 });
  });

  it('the first person waiting may take the freed place directly (nobody is ahead of them)', async () => {
    const { event, registered, queue } = await fullEvent(1, 2);
    await ctx.services.registrations.unregister(viewerOf(registered[0]), event.id);
    expect((await restRegister(event.id, queue[1])).body.code).toBe('EVENT_FULL');
    expect((await restRegister(event.id, queue[0])).status).toBe(200);
    expect(await statusOf(event.id, queue[0])).toBe('accepted');
    expect(await counts(event.id)).toMatchObject({ registered: 1, offered: 0, waiting: 1 });
    await drain(); // the offer job finds no free place
    expect(await counts(event.id)).toMatchObject({ registered: 1, offered: 0, waiting: 1 });
  });

  it('after an admin raises the capacity: places up to the number waiting are theirs, the rest are open to anyone', async () => {
    const { event, queue } = await fullEvent(2, 3);
    await ctx.services.events.update(adminViewer(), event.id, { maxParticipants: 4 });
    const newcomer = await makeUser(ctx);
    expect((await restRegister(event.id, newcomer)).body.code).toBe('EVENT_FULL');
    expect((await gqlEvent(event.id)).isFull).toBe(true);

    // Two more than the three waiting: one place open to a newcomer, at once, before any offer.
    await ctx.services.events.update(adminViewer(), event.id, { maxParticipants: 6 });
    expect((await restEvent(event.id)).isFull).toBe(false);
    expect((await gqlEvent(event.id)).isFull).toBe(false);
    expect((await restRegister(event.id, newcomer)).status).toBe(200);
    expect((await restRegister(event.id, await makeUser(ctx))).body.code).toBe('EVENT_FULL');
    await drain();
    for (const u of queue) expect(await statusOf(event.id, u)).toBe('offered');
    expect(await counts(event.id)).toMatchObject({ registered: 3, offered: 3, waiting: 0 });
  });

  it('with nobody waiting, a freed place is anyone\'s at once', async () => {
    const { event, registered } = await fullEvent(1, 0);
    await ctx.services.registrations.unregister(viewerOf(registered[0]), event.id);
    expect((await restEvent(event.id)).isFull).toBe(false);
    expect((await restRegister(event.id, await makeUser(ctx))).status).toBe(200);
  });
});

describe('a cancelled or deleted event closes its waiting list', () => {
  it('cancelled: no count (REST and GraphQL), nobody on it, offers withdrawn, no offer job; each person waiting told once, in the cancellation mail', async () => {
    const { event, registered, queue } = await fullEvent(2, 3);
    await ctx.services.registrations.unregister(viewerOf(registered[0]), event.id);
    await drain(); // queue[0] holds an offer
    expect(await statusOf(event.id, queue[0])).toBe('offered');
    await ctx.services.registrations.unregister(viewerOf(registered[1]), event.id); // a second place freed, its job pending
    expect(await pendingOfferJobs(event.id)).toBe(1);

    const cancelled = await ctx.http.post(`/api/events/${event.id}/cancel`).set('authorization', `Bearer ${adminToken(ctx, admin)}`).send();
    expect(cancelled.status).toBe(200);
    expect(await counts(event.id)).toMatchObject({ offered: 0, waiting: 0, offers: 0, closed: 3 });
    expect(await pendingOfferJobs(event.id)).toBe(0);
    expect((await restEvent(event.id)).waitlistCount).toBe(0);
    expect((await restEvent(event.id, queue[1])).waitlistPosition).toBeNull();
    const read = await gqlEvent(event.id, queue[1]);
    expect(read.waitlistCount).toBe(0);
    expect(read.myWaitlist).toBeNull();
    expect((await gqlEvent(event.id, queue[0])).myWaitlist).toBeNull();

    // No offer is made afterwards, even by a job run for it.
    expect(await ctx.services.waitlist.offerFreePlaces(event.id)).toBe(0);
    await drain();
    for (const u of queue) {
      const toThem = smtp.to(u.email);
      const cancellation = toThem.filter((m) => /cancel/i.test(m.subject));
      expect(cancellation).toHaveLength(1);
      expect(decodeQuotedPrintable(cancellation[0].raw)).toMatch(/waiting list/);
    }
    // queue[1] and queue[2] were never offered a place.
    for (const u of queue.slice(1)) expect(smtp.to(u.email).filter((m) => /A place is free for you/.test(m.subject))).toHaveLength(0);
    // Cancelling again changes nothing and mails nobody.
    await ctx.services.events.cancel(adminViewer(), event.id);
    await drain();
    for (const u of queue) expect(smtp.to(u.email).filter((m) => /cancel/i.test(m.subject))).toHaveLength(1);
  });

  it('deleted before it starts: the people waiting are told once, and no offer job is left for it', async () => {
    const { event, registered, queue } = await fullEvent(1, 2);
    await ctx.services.registrations.unregister(viewerOf(registered[0]), event.id);
    expect(await pendingOfferJobs(event.id)).toBe(1);
    await ctx.services.events.delete(adminViewer(), event.id);
    expect(await pendingOfferJobs(event.id)).toBe(0);
    await drain();
    for (const u of queue) expect(smtp.to(u.email).filter((m) => /cancel/i.test(m.subject))).toHaveLength(1);
    for (const u of queue) expect(smtp.to(u.email).filter((m) => /A place is free for you/.test(m.subject))).toHaveLength(0);
  });
});
