/**
 * The waiting list of a full event, through the services, GraphQL and REST, on a real database, with the
 * job queue driven by the test (runDue) on a clock the test moves, and mail captured over SMTP.
 */
import type { Viewer } from '../../common/access';
import type { EventEntity } from '../../events/event.entity';
import { createTestContext, type TestContext } from '../../test/harness';
import { adminToken, makeEvent, makeUser, userToken } from '../../test/scenarios';
import { decodeQuotedPrintable, SmtpCapture } from '../../test/smtp-capture';
import type { UserEntity } from '../../users/user.entity';
import { EXPIRY_JOB, OFFERS_JOB } from '../waitlist.service';

let ctx: TestContext;
let smtp: SmtpCapture;
let admin: UserEntity;

beforeAll(async () => {
  smtp = new SmtpCapture();
  ctx = await createTestContext({ env: { SMTP_URL: await smtp.start(), SQL_STATEMENT_HEADER: '1', PUBLIC_ORIGIN: 'https://site.test' } });
  admin = await makeUser(ctx, { name: 'Admin', category: 'admin', status: 'active' });
});
afterAll(async () => {
  await ctx.services.mail.idle();
  await ctx.close();
  await smtp.stop();
});

const HOUR = 3_600_000;
const viewerOf = (u: UserEntity, tokenKind: Viewer['tokenKind'] = 'user'): Viewer => ({ id: u.id, email: u.email, name: u.name, category: u.category, status: u.status, tokenKind });
const adminViewer = () => viewerOf(admin, 'admin');
const w = () => ctx.services.waitlist;

/** Runs every due job (offers, expiries, the mails they plan) until none is left; a failed job fails the test. */
async function drain(): Promise<void> {
  for (let round = 0; round < 20; round++) {
    const { completed, failed } = await ctx.services.jobs.runDue();
    if (failed) {
      const errors = (await ctx.services.jobs.list({ states: ['retry', 'failed'] })).map((j) => `${j.name}: ${j.error}`);
      throw new Error(`${failed} job(s) failed: ${errors.join('; ')}`);
    }
    if (!completed) return;
  }
  throw new Error('jobs kept coming after 20 rounds');
}

/** Time passes for the services (their clock) and for the queue (pending jobs come due as much sooner). */
async function passTime(ms: number): Promise<void> {
  ctx.clock.advance(ms);
  await ctx.db.dataSource.query(`UPDATE pgboss.job SET start_after = start_after - make_interval(secs => $1) WHERE state IN ('created', 'retry')`, [ms / 1000]);
}

/** A full event of `capacity` places (registered through the service) and the people then waiting, in order. */
async function fullEvent(capacity: number, waiting: number, fields: Partial<EventEntity> = {}) {
  const event = await makeEvent(ctx, { title: `Full workshop ${Math.random().toString(36).slice(2, 7)}`, maxParticipants: capacity, ...fields });
  const registered: UserEntity[] = [];
  for (let i = 0; i < capacity; i++) {
    const u = await makeUser(ctx);
    await ctx.services.registrations.register(viewerOf(u), event.id);
    registered.push(u);
  }
  const queue: UserEntity[] = [];
  for (let i = 0; i < waiting; i++) {
    const u = await makeUser(ctx);
    ctx.clock.advance(1_000); // joined one after another
    await w().join(viewerOf(u), event.id);
    queue.push(u);
  }
  await ctx.services.mail.idle();
  await drain(); // the "you are on the waiting list" mails
  ctx.clock.advance(1_000); // whoever joins next comes after them
  return { event, registered, queue };
}

const row = async (eventId: string) => {
  const [r] = await ctx.db.dataSource.query(
    `SELECT registered_count AS registered, offered_count AS offered, max_participants AS max,
            (SELECT count(*)::int FROM registrations WHERE event_id = $1) AS rows,
            (SELECT count(*)::int FROM waitlist_entries WHERE event_id = $1 AND status = 'offered') AS offers,
            (SELECT count(*)::int FROM waitlist_entries WHERE event_id = $1 AND status = 'waiting') AS waiting
       FROM events WHERE id = $1`,
    [eventId],
  );
  return r as { registered: number; offered: number; max: number | null; rows: number; offers: number; waiting: number };
};
const statusOf = async (eventId: string, u: UserEntity) =>
  ((await ctx.db.dataSource.query(`SELECT status FROM waitlist_entries WHERE event_id = $1 AND user_id = $2 ORDER BY created_at DESC LIMIT 1`, [eventId, u.id]))[0]?.status ?? null) as string | null;

const mails = (u: UserEntity, subject: RegExp) => smtp.to(u.email).filter((m) => subject.test(m.subject));
const offerMails = (u: UserEntity) => mails(u, /A place is free for you/);
const body = (m: { raw: string }) => decodeQuotedPrintable(m.raw);

async function expectCode(p: Promise<unknown>, code: string, message?: string | RegExp) {
  const err = await p.then(() => null, (e: { code?: string; message?: string }) => e);
  expect(err).not.toBeNull();
  expect(err!.code).toBe(code);
  if (message) expect(err!.message).toMatch(message);
}

describe('joining: order and positions', () => {
  it('queues people in the order they join, tells each their number by mail, and closes the gap when someone leaves', async () => {
    const { event, queue } = await fullEvent(1, 0);
    const [a, b, c] = [await makeUser(ctx), await makeUser(ctx), await makeUser(ctx)];
    const ra = await w().join(viewerOf(a), event.id);
    ctx.clock.advance(1_000);
    const rb = await w().join(viewerOf(b), event.id);
    ctx.clock.advance(1_000);
    const rc = await w().join(viewerOf(c), event.id);
    expect(queue).toHaveLength(0);
    expect([ra.position, rb.position, rc.position]).toEqual([1, 2, 3]);
    expect(rc.message).toMatch(/number 3/);
    expect(await w().position(viewerOf(c), event.id)).toBe(3);

    await drain();
    const joined = smtp.to(c.email).find((m) => /You are on the waiting list/.test(m.subject));
    expect(joined).toBeDefined();
    expect(body(joined!)).toMatch(/You are number 3 on it/);

    await w().leave(viewerOf(b), event.id);
    expect(await statusOf(event.id, b)).toBe('left');
    expect([await w().position(viewerOf(a), event.id), await w().position(viewerOf(b), event.id), await w().position(viewerOf(c), event.id)]).toEqual([1, null, 2]);
    // Someone who left may join again, at the end.
    ctx.clock.advance(1_000);
    const again = await w().join(viewerOf(b), event.id);
    expect(again.position).toBe(3);
    expect((await row(event.id)).waiting).toBe(3);
  });
});

describe('joining is refused with a clear reason', () => {
  it('when a place is free (register instead), or the capacity is unlimited', async () => {
    const open = await makeEvent(ctx, { maxParticipants: 2 });
    await expectCode(w().join(viewerOf(await makeUser(ctx)), open.id), 'CONFLICT', /free places: register/);
    const unlimited = await makeEvent(ctx, { maxParticipants: null });
    await expectCode(w().join(viewerOf(await makeUser(ctx)), unlimited.id), 'CONFLICT', /free places/);
  });

  it('for a past event, one that has started, and a cancelled one', async () => {
    const past = await makeEvent(ctx, { maxParticipants: 1, daysFromToday: -3 });
    await expectCode(w().join(viewerOf(await makeUser(ctx)), past.id), 'EVENT_PAST', /already started/);
    const started = await makeEvent(ctx, { maxParticipants: 1, daysFromToday: 0, time: '09:00' }); // 10:00 now, India time
    await expectCode(w().join(viewerOf(await makeUser(ctx)), started.id), 'EVENT_PAST');
    const { event: cancelled } = await fullEvent(1, 0);
    await ctx.db.dataSource.query(`UPDATE events SET cancelled_at = now() WHERE id = $1`, [cancelled.id]);
    await expectCode(w().join(viewerOf(await makeUser(ctx)), cancelled.id), 'EVENT_CANCELLED');
    await expectCode(w().join(viewerOf(await makeUser(ctx)), '00000000-0000-4000-8000-000000000000'), 'NOT_FOUND');
  });

  it('for people registered already, or waiting already', async () => {
    const { event, registered, queue } = await fullEvent(1, 1);
    await expectCode(w().join(viewerOf(registered[0]), event.id), 'CONFLICT', /already registered/);
    await expectCode(w().join(viewerOf(queue[0]), event.id), 'CONFLICT', /already on the waiting list/);
  });
});

describe('offers', () => {
  it('an unregistration frees a place: the first person waiting is mailed an offer with the accept link, the place is held', async () => {
    const { event, registered, queue } = await fullEvent(1, 2);
    await ctx.services.registrations.unregister(viewerOf(registered[0]), event.id);
    // The job was queued in the unregistration's transaction.
    expect((await ctx.services.jobs.list()).some((j) => j.name === OFFERS_JOB && j.key === event.id && j.state === 'created')).toBe(true);
    await drain();

    expect(await statusOf(event.id, queue[0])).toBe('offered');
    expect(await statusOf(event.id, queue[1])).toBe('waiting');
    expect(await row(event.id)).toMatchObject({ registered: 0, offered: 1, offers: 1, waiting: 1 });
    const [offer] = offerMails(queue[0]);
    expect(offer.subject).toContain(event.title);
    expect(body(offer)).toContain(`https://site.test/events/${event.id}?offer=accept`);
    expect(offerMails(queue[1])).toHaveLength(0);
    // An expiry job is due when the offer runs out.
    expect((await ctx.services.jobs.list()).filter((j) => j.name === EXPIRY_JOB && j.state === 'created').length).toBeGreaterThan(0);

    // The held place is not for anyone else: the event reads full, a newcomer cannot register.
    expect(ctx.services.events.toView(await ctx.services.events.get(event.id)).isFull).toBe(true);
    await expectCode(ctx.services.registrations.register(viewerOf(await makeUser(ctx)), event.id), 'EVENT_FULL');
    // Running the job again offers nothing more.
    expect(await w().offerFreePlaces(event.id)).toBe(0);
  });

  it('writes the offer in the person\'s language', async () => {
    const { event, registered, queue } = await fullEvent(1, 1);
    await ctx.db.dataSource.query(`UPDATE users SET language = 'hi' WHERE id = $1`, [queue[0].id]);
    await ctx.services.registrations.unregister(viewerOf(registered[0]), event.id);
    await drain();
    const last = smtp.to(queue[0].email).at(-1)!;
    // RFC 2047 encoded words, as nodemailer writes a non-ASCII subject.
    const subject = last.subject.replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : Buffer.from(decodeQuotedPrintable(text.replace(/_/g, ' ')), 'latin1').toString('utf8'),
    );
    expect(subject).toBe(`आपके लिए जगह खाली हुई है: ${event.title}`);
  });

  it('accepting registers the person with the held place and sends the usual confirmation with the .ics', async () => {
    const { event, registered, queue } = await fullEvent(1, 1);
    await ctx.services.registrations.unregister(viewerOf(registered[0]), event.id);
    await drain();
    const result = await w().accept(viewerOf(queue[0]), event.id);
    expect(result.message).toBe('Successfully registered for the event!');
    expect(await row(event.id)).toMatchObject({ registered: 1, rows: 1, offered: 0, offers: 0, waiting: 0 });
    expect(await statusOf(event.id, queue[0])).toBe('accepted');
    await drain(); // the confirmation, queued with the place
    await ctx.services.mail.idle();
    const confirmations = mails(queue[0], /You are registered/);
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0].subject).toContain(event.title);
    expect(confirmations[0].raw).toMatch(/Content-Type: text\/calendar/i);
    // The offer's expiry job is gone; a second accept finds no live offer.
    const [{ id: entryId }] = await ctx.db.dataSource.query(`SELECT id FROM waitlist_entries WHERE event_id = $1 AND user_id = $2`, [event.id, queue[0].id]);
    expect((await ctx.services.jobs.list()).filter((j) => j.name === EXPIRY_JOB && j.key === entryId && j.state === 'created')).toEqual([]);
    await expectCode(w().accept(viewerOf(queue[0]), event.id), 'CONFLICT', 'There is no live offer for you on this event');
  });

  it('accepting without an offer, or after it ran out, is 409; the expiry passes the place to the next person (a mail to each)', async () => {
    const { event, registered, queue } = await fullEvent(1, 2, { waitlistOfferHours: 6 });
    await expectCode(w().accept(viewerOf(queue[1]), event.id), 'CONFLICT', 'There is no live offer for you on this event');
    await ctx.services.registrations.unregister(viewerOf(registered[0]), event.id);
    await drain();
    const [{ offer_expires_at: until }] = await ctx.db.dataSource.query(`SELECT offer_expires_at FROM waitlist_entries WHERE event_id = $1 AND status = 'offered'`, [event.id]);
    expect(new Date(until).getTime() - ctx.clock.now().getTime()).toBe(6 * HOUR);

    // Five hours on: still held; the expiry job (if it ran early) leaves it alone.
    await passTime(5 * HOUR);
    await drain();
    expect(await statusOf(event.id, queue[0])).toBe('offered');

    // Past the six hours: accepting is refused even before the job has run...
    await passTime(1 * HOUR + 1_000);
    await expectCode(w().accept(viewerOf(queue[0]), event.id), 'CONFLICT', 'There is no live offer for you on this event');
    // ...and the job expires it, tells the person once, and offers the place to the next.
    await drain();
    expect(await statusOf(event.id, queue[0])).toBe('expired');
    expect(await statusOf(event.id, queue[1])).toBe('offered');
    expect(mails(queue[0], /Your offer of a place has expired/)).toHaveLength(1);
    expect(offerMails(queue[1])).toHaveLength(1);
    expect(await row(event.id)).toMatchObject({ registered: 0, offered: 1, offers: 1, waiting: 0 });
    await drain();
    expect(mails(queue[0], /expired/)).toHaveLength(1);

    // The second person accepts in time.
    await passTime(2 * HOUR);
    await w().accept(viewerOf(queue[1]), event.id);
    expect(await row(event.id)).toMatchObject({ registered: 1, offered: 0 });
  });

  it('declining passes the place on at once; leaving with an offer is declining it', async () => {
    const { event, registered, queue } = await fullEvent(2, 3);
    await ctx.services.registrations.unregister(viewerOf(registered[0]), event.id);
    await drain();
    expect(await statusOf(event.id, queue[0])).toBe('offered');
    await expectCode(w().decline(viewerOf(queue[1]), event.id), 'CONFLICT', 'There is no live offer for you on this event');
    const declined = await w().decline(viewerOf(queue[0]), event.id);
    expect(declined.message).toMatch(/declined/);
    expect(await statusOf(event.id, queue[0])).toBe('declined');
    await drain();
    expect(await statusOf(event.id, queue[1])).toBe('offered');
    expect(offerMails(queue[1])).toHaveLength(1);

    await w().leave(viewerOf(queue[1]), event.id);
    expect(await statusOf(event.id, queue[1])).toBe('declined');
    await drain();
    expect(await statusOf(event.id, queue[2])).toBe('offered');
    expect(await row(event.id)).toMatchObject({ registered: 1, offered: 1, offers: 1, waiting: 0 });
  });

  it('raising the capacity offers as many places as it adds; removing it offers to everyone waiting', async () => {
    const { event, queue } = await fullEvent(2, 6);
    await ctx.services.events.update(adminViewer(), event.id, { maxParticipants: 5 });
    await drain();
    expect(await Promise.all(queue.map((u) => statusOf(event.id, u)))).toEqual(['offered', 'offered', 'offered', 'waiting', 'waiting', 'waiting']);
    expect(await row(event.id)).toMatchObject({ registered: 2, offered: 3, max: 5 });
    // Lowering it below the places taken (registered and held) is refused.
    await expectCode(ctx.services.events.update(adminViewer(), event.id, { maxParticipants: 4 }), 'VALIDATION', /5 places already taken/);
    await ctx.services.events.update(adminViewer(), event.id, { maxParticipants: null });
    await drain();
    expect(await Promise.all(queue.map((u) => statusOf(event.id, u)))).toEqual(Array(6).fill('offered'));
    expect(queue.every((u) => offerMails(u).length === 1)).toBe(true);
  });

  it("an admin's removal and a deleted account free places too; a deleted person's held place passes on", async () => {
    const { event, registered, queue } = await fullEvent(2, 3);
    await ctx.services.registrations.removeByAdmin(adminViewer(), event.id, registered[0].id);
    await drain();
    expect(await statusOf(event.id, queue[0])).toBe('offered');
    await ctx.services.userAdmin.delete(adminViewer(), registered[1].id);
    await drain();
    expect(await statusOf(event.id, queue[1])).toBe('offered');
    expect(await row(event.id)).toMatchObject({ registered: 0, offered: 2 });
    // The first person's account goes while their place is held: it goes to the third.
    await ctx.services.userAdmin.delete(adminViewer(), queue[0].id);
    expect(await row(event.id)).toMatchObject({ offered: 1, offers: 1 });
    await drain();
    expect(await statusOf(event.id, queue[2])).toBe('offered');
    expect(await row(event.id)).toMatchObject({ registered: 0, offered: 2, offers: 2, waiting: 0 });
  });

  it('registering while holding an offer takes the held place; an event cancelled meanwhile refuses the accept', async () => {
    const { event, registered, queue } = await fullEvent(1, 1);
    await ctx.services.registrations.unregister(viewerOf(registered[0]), event.id);
    await drain();
    const r = await ctx.services.registrations.register(viewerOf(queue[0]), event.id);
    expect(r.changed).toBe(true);
    expect(await row(event.id)).toMatchObject({ registered: 1, offered: 0, offers: 0 });
    expect(await statusOf(event.id, queue[0])).toBe('accepted');

    const other = await fullEvent(1, 1);
    await ctx.services.registrations.unregister(viewerOf(other.registered[0]), other.event.id);
    await drain();
    await ctx.db.dataSource.query(`UPDATE events SET cancelled_at = now() WHERE id = $1`, [other.event.id]);
    await expectCode(w().accept(viewerOf(other.queue[0]), other.event.id), 'EVENT_CANCELLED');
  });

  it('cancelling the event mails the people on the waiting list (as people who were waiting)', async () => {
    const { event, queue } = await fullEvent(1, 2);
    await ctx.services.events.cancel(adminViewer(), event.id);
    await drain();
    for (const u of queue) {
      const cancelled = smtp.to(u.email).filter((m) => /cancel/i.test(m.subject));
      expect(cancelled).toHaveLength(1);
      expect(body(cancelled[0])).toMatch(/waiting list/);
    }
  });
});

/** The India date and time (to the minute) `ms` after the service clock's now: an event starting then. */
function startingIn(ms: number): { date: string; time: string } {
  const local = new Date(ctx.clock.now().getTime() + ms + 330 * 60_000);
  return { date: local.toISOString().slice(0, 10), time: local.toISOString().slice(11, 16) };
}
const offerUntil = async (eventId: string, u: UserEntity) =>
  new Date((await ctx.db.dataSource.query(`SELECT offer_expires_at FROM waitlist_entries WHERE event_id = $1 AND user_id = $2 AND status = 'offered'`, [eventId, u.id]))[0].offer_expires_at);

describe('an offer ends by the event\'s start at the latest', () => {
  it('a place freed 3 hours before the start is held until the start, not for the 24 hours; then it expires and nobody else is offered it', async () => {
    const { event, registered, queue } = await fullEvent(1, 2, { ...startingIn(3 * HOUR), waitlistOfferHours: 24 });
    const startsAt = new Date(event.startsAt).getTime();
    expect(startsAt - ctx.clock.now().getTime()).toBeLessThan(3 * HOUR);
    await ctx.services.registrations.unregister(viewerOf(registered[0]), event.id);
    await drain();
    expect(await statusOf(event.id, queue[0])).toBe('offered');
    expect((await offerUntil(event.id, queue[0])).getTime()).toBe(startsAt);
    // The person is told the same: the event page (GraphQL) and the offer mail.
    const seen = await ctx.gql(`query($id: ID!) { event(id: $id) { myWaitlist { offerExpiresAt } } }`, { id: event.id }, userToken(ctx, queue[0]));
    expect(new Date(seen.data.event.myWaitlist.offerExpiresAt).getTime()).toBe(startsAt);
    await ctx.services.mail.idle();
    expect(offerMails(queue[0])).toHaveLength(1);

    // The start comes: the offer can no longer be taken, expires, and the place is not offered on (the event has started).
    await passTime(startsAt - ctx.clock.now().getTime() + 1_000);
    await expectCode(w().accept(viewerOf(queue[0]), event.id), 'CONFLICT', 'There is no live offer for you on this event');
    await drain();
    expect(await statusOf(event.id, queue[0])).toBe('expired');
    expect(await statusOf(event.id, queue[1])).toBe('waiting');
    expect(offerMails(queue[1])).toHaveLength(0);
    expect(await row(event.id)).toMatchObject({ registered: 0, offered: 0, offers: 0 });
  });

  it('a place freed 10 minutes before the start is offered for those 10 minutes, and can be accepted in them', async () => {
    const { event, registered, queue } = await fullEvent(1, 1, { ...startingIn(10 * 60_000 + 30_000), waitlistOfferHours: 6 });
    const startsAt = new Date(event.startsAt).getTime();
    await ctx.services.registrations.unregister(viewerOf(registered[0]), event.id);
    await drain();
    expect((await offerUntil(event.id, queue[0])).getTime()).toBe(startsAt);
    await passTime(5 * 60_000);
    await w().accept(viewerOf(queue[0]), event.id);
    expect(await row(event.id)).toMatchObject({ registered: 1, offered: 0 });
  });

  it('a place freed once the event has started is offered to nobody', async () => {
    const { event, queue } = await fullEvent(1, 1, { ...startingIn(HOUR) });
    await passTime(HOUR);
    // The capacity is raised after the start (an admin's late edit): the offer job finds the event started.
    await ctx.services.events.update(adminViewer(), event.id, { maxParticipants: 2 });
    await drain();
    expect(await statusOf(event.id, queue[0])).toBe('waiting');
    expect(await row(event.id)).toMatchObject({ offered: 0, offers: 0 });
  });

  it('moving the event earlier shortens a live offer to the new start', async () => {
    const { event, registered, queue } = await fullEvent(1, 1, { waitlistOfferHours: 48 });
    await ctx.services.registrations.unregister(viewerOf(registered[0]), event.id);
    await drain();
    expect((await offerUntil(event.id, queue[0])).getTime()).toBe(ctx.clock.now().getTime() + 48 * HOUR);
    const updated = await ctx.services.events.update(adminViewer(), event.id, startingIn(2 * HOUR));
    expect((await offerUntil(event.id, queue[0])).getTime()).toBe(updated.after.startsAt.getTime());
    // Moving it later again leaves the offer as it is (its hold was counted from when it was made).
    await ctx.services.events.update(adminViewer(), event.id, startingIn(3 * HOUR));
    expect((await offerUntil(event.id, queue[0])).getTime()).toBe(updated.after.startsAt.getTime());
  });
});

describe('places held by offers, for everyone to see', () => {
  it('GraphQL and REST say how many places are held for people from the waiting list, signed out too, also from the cache', async () => {
    const { event, registered } = await fullEvent(1, 2);
    const gqlRead = async () => (await ctx.gql(`query($id: ID!) { event(id: $id) { registeredCount offeredCount isFull waitlistCount } }`, { id: event.id })).data.event;
    const restRead = async () => (await ctx.http.get(`/api/events/${event.id}`)).body.data;
    expect(await gqlRead()).toEqual({ registeredCount: 1, offeredCount: 0, isFull: true, waitlistCount: 2 });
    expect(await restRead()).toMatchObject({ registeredCount: 1, offeredCount: 0, isFull: true, waitlistCount: 2 });

    await ctx.services.registrations.unregister(viewerOf(registered[0]), event.id);
    await drain();
    // "0 / 1 registered" is not the whole truth: the place is held for the next person waiting.
    expect(await gqlRead()).toEqual({ registeredCount: 0, offeredCount: 1, isFull: true, waitlistCount: 1 });
    expect(await restRead()).toMatchObject({ registeredCount: 0, offeredCount: 1, isFull: true, waitlistCount: 1 });
    const list = await ctx.http.get(`/api/events?limit=100`);
    expect(list.body.data.find((e: { _id: string }) => e._id === event.id)).toMatchObject({ offeredCount: 1 });
  });
});

describe('over GraphQL and REST', () => {
  const EVENT = `query($id: ID!) { event(id: $id) { id registeredCount isFull waitlistCount waitlistOfferHours myWaitlist { status position offerExpiresAt } } }`;

  it('GraphQL: join, the Event fields, leave, decline, accept, and the admin list', async () => {
    const { event, registered, queue } = await fullEvent(1, 1);
    const someone = await makeUser(ctx);
    const token = userToken(ctx, someone);
    const joined = await ctx.gql(`mutation($id: ID!) { joinWaitlist(eventId: $id) { message position event { id waitlistCount myWaitlist { status position } } } }`, { id: event.id }, token);
    expect(joined.errors).toBeUndefined();
    expect(joined.data.joinWaitlist).toMatchObject({ position: 2, event: { id: event.id, waitlistCount: 2, myWaitlist: { status: 'WAITING', position: 2 } } });

    const signedOut = await ctx.gql(EVENT, { id: event.id });
    expect(signedOut.data.event).toMatchObject({ waitlistCount: 2, waitlistOfferHours: 24, isFull: true, myWaitlist: null });
    const again = await ctx.gql(`mutation($id: ID!) { joinWaitlist(eventId: $id) { message } }`, { id: event.id }, token);
    expect(again.errors?.[0].extensions.code).toBe('CONFLICT');

    // A list of events: waitlistCount and myWaitlist for each, batched.
    const list = await ctx.gql(`{ events(filter: { when: UPCOMING }, limit: 100) { items { id waitlistCount myWaitlist { status } } } }`, {}, token);
    expect(list.data.events.items.find((e: { id: string }) => e.id === event.id)).toEqual({ id: event.id, waitlistCount: 2, myWaitlist: { status: 'WAITING' } });

    await ctx.services.registrations.unregister(viewerOf(registered[0]), event.id);
    await drain();
    const offered = await ctx.gql(EVENT, { id: event.id }, userToken(ctx, queue[0]));
    expect(offered.data.event.myWaitlist).toMatchObject({ status: 'OFFERED', position: null });
    expect(new Date(offered.data.event.myWaitlist.offerExpiresAt).getTime()).toBe(ctx.clock.now().getTime() + 24 * HOUR);
    expect((await ctx.gql(EVENT, { id: event.id }, token)).data.event.myWaitlist).toEqual({ status: 'WAITING', position: 1, offerExpiresAt: null });

    const admins = await ctx.gql(`query($id: ID!) { eventWaitlist(eventId: $id) { id position userId name email status offeredUntil createdAt } }`, { id: event.id }, adminToken(ctx, admin));
    expect(admins.errors).toBeUndefined();
    expect(admins.data.eventWaitlist.map((e: { userId: string; status: string; position: number | null }) => [e.userId, e.status, e.position])).toEqual([
      [queue[0].id, 'offered', null],
      [someone.id, 'waiting', 1],
    ]);
    expect(admins.data.eventWaitlist[0].offeredUntil).not.toBeNull();

    const declined = await ctx.gql(`mutation($id: ID!) { declineWaitlistOffer(eventId: $id) { message position } }`, { id: event.id }, userToken(ctx, queue[0]));
    expect(declined.errors).toBeUndefined();
    await drain();
    const accepted = await ctx.gql(`mutation($id: ID!) { acceptWaitlistOffer(eventId: $id) { message event { registeredCount isRegistered isFull waitlistCount myWaitlist { status } } } }`, { id: event.id }, token);
    expect(accepted.errors).toBeUndefined();
    expect(accepted.data.acceptWaitlistOffer.event).toEqual({ registeredCount: 1, isRegistered: true, isFull: true, waitlistCount: 0, myWaitlist: null });
    const none = await ctx.gql(`mutation($id: ID!) { acceptWaitlistOffer(eventId: $id) { message } }`, { id: event.id }, token);
    expect(none.errors?.[0]).toMatchObject({ message: 'There is no live offer for you on this event', extensions: { code: 'CONFLICT' } });
    const left = await ctx.gql(`mutation($id: ID!) { leaveWaitlist(eventId: $id) { message position } }`, { id: event.id }, token);
    expect(left.data.leaveWaitlist).toEqual({ message: 'You are not on the waiting list for this event.', position: null });
  });

  it('GraphQL: the event form takes waitlistOfferHours (1-168); the dashboard counts people waiting', async () => {
    const adminTok = adminToken(ctx, admin);
    const before = (await ctx.gql(`{ dashboardStats { peopleWaiting } }`, {}, adminTok)).data.dashboardStats.peopleWaiting;
    const created = await ctx.gql(
      `mutation($input: EventInput!) { createEvent(input: $input) { id waitlistOfferHours } }`,
      { input: { title: 'Offer hours', category: 'GENERAL', description: 'd', date: '2026-07-01', time: '10:00', location: 'Naini', maxParticipants: 1, waitlistOfferHours: 48 } },
      adminTok,
    );
    expect(created.data.createEvent.waitlistOfferHours).toBe(48);
    const bad = await ctx.gql(`mutation($id: ID!) { updateEvent(id: $id, input: { waitlistOfferHours: 169 }) { id } }`, { id: created.data.createEvent.id }, adminTok);
    expect(bad.errors?.[0]).toMatchObject({ extensions: { code: 'VALIDATION' } });
    expect(bad.errors?.[0].message).toMatch(/1 to 168/);
    const ok = await ctx.gql(`mutation($id: ID!) { updateEvent(id: $id, input: { waitlistOfferHours: 2 }) { waitlistOfferHours } }`, { id: created.data.createEvent.id }, adminTok);
    expect(ok.data.updateEvent.waitlistOfferHours).toBe(2);
    // The admin form over REST sends it as a text field.
    const rest = await ctx.http.put(`/api/events/${created.data.createEvent.id}`).set('authorization', `Bearer ${adminTok}`).field('waitlistOfferHours', '12');
    expect(rest.body.data.waitlistOfferHours).toBe(12);
    const restBad = await ctx.http.put(`/api/events/${created.data.createEvent.id}`).set('authorization', `Bearer ${adminTok}`).field('waitlistOfferHours', '0');
    expect(restBad.status).toBe(400);

    await fullEvent(1, 2);
    const after = (await ctx.gql(`{ dashboardStats { peopleWaiting } }`, {}, adminTok)).data.dashboardStats.peopleWaiting;
    expect(after).toBe(before + 2);
  });

  it('REST: join, the event with waitlistCount for everyone and the position and offer only for the signed-in caller, leave, accept', async () => {
    const { event, registered, queue } = await fullEvent(1, 1);
    const someone = await makeUser(ctx);
    const auth = { authorization: `Bearer ${userToken(ctx, someone)}` };
    const joined = await ctx.http.post(`/api/events/${event.id}/waitlist`).set(auth);
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ success: true, position: 2, message: expect.stringMatching(/number 2/), data: { _id: event.id, waitlistCount: 2, waitlistPosition: 2, offerExpiresAt: null } });
    const twice = await ctx.http.post(`/api/events/${event.id}/waitlist`).set(auth);
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ success: false, code: 'CONFLICT', msg: 'You are already on the waiting list for this event.' });

    const publicRead = await ctx.http.get(`/api/events/${event.id}`);
    expect(publicRead.body.data.waitlistCount).toBe(2);
    expect(publicRead.body.data).not.toHaveProperty('waitlistPosition');
    expect(publicRead.body.data).not.toHaveProperty('offerExpiresAt');
    const mine = await ctx.http.get(`/api/events/${event.id}`).set(auth);
    expect(mine.body.data).toMatchObject({ waitlistCount: 2, waitlistPosition: 2, offerExpiresAt: null });
    const list = await ctx.http.get(`/api/events?limit=100`).set(auth);
    expect(list.body.data.find((e: { _id: string }) => e._id === event.id)).toMatchObject({ waitlistCount: 2, waitlistPosition: 2 });

    // Not full: joining over REST says to register instead.
    const open = await makeEvent(ctx, { maxParticipants: 5 });
    const refused = await ctx.http.post(`/api/events/${open.id}/waitlist`).set(auth);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toMatch(/register for it instead/);
    expect((await ctx.http.post(`/api/events/${event.id}/waitlist`)).status).toBe(401);

    await ctx.services.registrations.unregister(viewerOf(registered[0]), event.id);
    await drain();
    const firstAuth = { authorization: `Bearer ${userToken(ctx, queue[0])}` };
    const offered = await ctx.http.get(`/api/events/${event.id}`).set(firstAuth);
    expect(offered.body.data).toMatchObject({ waitlistCount: 1, waitlistPosition: null, isFull: true });
    expect(new Date(offered.body.data.offerExpiresAt).getTime()).toBe(ctx.clock.now().getTime() + 24 * HOUR);
    expect((await ctx.http.post(`/api/events/${event.id}/waitlist/accept`).set(auth)).status).toBe(409);
    const accepted = await ctx.http.post(`/api/events/${event.id}/waitlist/accept`).set(firstAuth);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ success: true, message: 'Successfully registered for the event!', data: { registeredCount: 1, isRegistered: true, waitlistPosition: null, offerExpiresAt: null } });
    const accepted409 = await ctx.http.post(`/api/events/${event.id}/waitlist/accept`).set(firstAuth);
    expect(accepted409.body).toMatchObject({ code: 'CONFLICT', msg: 'There is no live offer for you on this event' });

    const left = await ctx.http.delete(`/api/events/${event.id}/waitlist`).set(auth);
    expect(left.status).toBe(200);
    expect(left.body).toMatchObject({ success: true, message: 'You have left the waiting list.', position: null, data: { waitlistCount: 0, waitlistPosition: null } });
  });

  it('the public (cached) GET /api/events/:id shows the new waitlistCount at once', async () => {
    const { event } = await fullEvent(1, 1);
    const read = () => ctx.http.get(`/api/events/${event.id}`);
    const first = await read();
    const cached = await read();
    expect(cached.headers['x-sql-statements']).toBe('0'); // replayed from the cache
    expect(cached.body.data.waitlistCount).toBe(1);
    expect(first.body.data.waitlistCount).toBe(1);
    const u = await makeUser(ctx);
    await ctx.http.post(`/api/events/${event.id}/waitlist`).set('authorization', `Bearer ${userToken(ctx, u)}`).expect(200);
    expect((await read()).body.data.waitlistCount).toBe(2);
    await ctx.http.delete(`/api/events/${event.id}/waitlist`).set('authorization', `Bearer ${userToken(ctx, u)}`).expect(200);
    expect((await read()).body.data.waitlistCount).toBe(1);
    const gqlRead = () => ctx.gql(`query($id: ID!) { event(id: $id) { waitlistCount } }`, { id: event.id });
    expect((await gqlRead()).data.event.waitlistCount).toBe(1);
    await ctx.http.post(`/api/events/${event.id}/waitlist`).set('authorization', `Bearer ${userToken(ctx, u)}`).expect(200);
    expect((await gqlRead()).data.event.waitlistCount).toBe(2);
  });
});
