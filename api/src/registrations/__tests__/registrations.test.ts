import { EventEntity } from '../../events/event.entity';
import { RegistrationEntity } from '../registration.entity';
import type { Viewer } from '../../common/access';
import type { UserEntity } from '../../users/user.entity';
import { createTestContext, usingPostgres, type TestContext } from '../../test/harness';
import { adminToken, makeEvent, makeUser, userToken } from '../../test/scenarios';
import { SmtpCapture, decodeQuotedPrintable } from '../../test/smtp-capture';
import { MAIL_JOB } from '../../mail/mail-deliveries';

let ctx: TestContext;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = new SmtpCapture();
  ctx = await createTestContext({ env: { SMTP_URL: await smtp.start() } });
});
afterAll(async () => {
  await ctx.services.mail.idle();
  await ctx.close();
  await smtp.stop();
});

const countOf = async (id: string) => (await ctx.db.dataSource.getRepository(EventEntity).findOneByOrFail({ id })).registeredCount;
const rowsOf = (id: string) => ctx.db.dataSource.getRepository(RegistrationEntity).count({ where: { eventId: id } });
const viewerOf = (u: UserEntity): Viewer => ({ id: u.id, email: u.email, name: u.name, category: u.category, status: u.status, tokenKind: 'user' });
const register = (id: string, token: string) => ctx.http.post(`/api/events/${id}/register`).set('authorization', `Bearer ${token}`).send();
const unregister = (id: string, token: string) => ctx.http.post(`/api/events/${id}/unregister`).set('authorization', `Bearer ${token}`).send();

const confirmationsQueuedFor = async (user: UserEntity): Promise<number> =>
  Number((await ctx.db.dataSource.query(`SELECT count(*) AS n FROM mail_deliveries WHERE user_id = $1 AND kind = 'registration-confirmation'`, [user.id]))[0].n);

describe('REST register / unregister', () => {
  it('registers once, counts once, mails a confirmation with an .ics, and unregisters', async () => {
    const event = await makeEvent(ctx, { title: 'Career guidance camp', maxParticipants: 10 });
    const user = await makeUser(ctx, { email: `reg-${Date.now()}@example.org` });
    const token = userToken(ctx, user);
    const res = await register(event.id, token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Successfully registered for the event!', data: { _id: event.id, registeredCount: 1, isRegistered: true, registrations: [{ _id: user.id }] } });
    const again = await register(event.id, token);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('You are already registered for this event.');
    expect([await countOf(event.id), await rowsOf(event.id)]).toEqual([1, 1]);

    // The confirmation is queued with the place (one, however often they press), and the mail worker sends it.
    expect(await confirmationsQueuedFor(user)).toBe(1);
    expect(await ctx.services.jobs.runDue(MAIL_JOB)).toMatchObject({ failed: 0 });
    const mail = await smtp.waitFor(user.email);
    expect(mail.subject).toContain('Career guidance camp');
    expect(mail.raw).toMatch(/Content-Type: text\/calendar/i);
    expect(mail.raw).toMatch(/filename="?career-guidance-camp\.ics/);
    await ctx.services.mail.idle();
    expect(smtp.to(user.email)).toHaveLength(1);

    const off = await unregister(event.id, token);
    expect(off.body).toMatchObject({ success: true, message: 'Successfully unregistered from the event.', data: { registeredCount: 0, isRegistered: false } });
    const offAgain = await unregister(event.id, token);
    expect(offAgain.status).toBe(200);
    expect([await countOf(event.id), await rowsOf(event.id)]).toEqual([0, 0]);
  });

  it('refuses a full event (409 EVENT_FULL) and an event that has started (409 EVENT_PAST)', async () => {
    const full = await makeEvent(ctx, { maxParticipants: 1 });
    await register(full.id, userToken(ctx, await makeUser(ctx)));
    const late = await register(full.id, userToken(ctx, await makeUser(ctx)));
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'EVENT_FULL', msg: 'This event is full' });
    expect(await countOf(full.id)).toBe(1);

    const past = await makeEvent(ctx, { daysFromToday: -1 });
    const closed = await register(past.id, userToken(ctx, await makeUser(ctx)));
    expect(closed.status).toBe(409);
    expect(closed.body).toMatchObject({ code: 'EVENT_PAST', msg: 'Registration is closed for this event' });
    // Today, an hour ago (the test clock is 10:00 India time).
    const startedToday = await makeEvent(ctx, { daysFromToday: 0, time: '09:00' });
    expect((await register(startedToday.id, userToken(ctx, await makeUser(ctx)))).body.code).toBe('EVENT_PAST');
    expect(await countOf(past.id)).toBe(0);
  });

  it('answers 401 without a token, 404 for unknown or malformed ids', async () => {
    const event = await makeEvent(ctx);
    expect((await ctx.http.post(`/api/events/${event.id}/register`).send()).status).toBe(401);
    expect((await ctx.http.post(`/api/events/${event.id}/register`).set('authorization', 'Bearer garbage').send()).status).toBe(401);
    const token = userToken(ctx, await makeUser(ctx));
    expect((await register('00000000-0000-4000-8000-000000000000', token)).status).toBe(404);
    expect((await register('nope', token)).status).toBe(404);
  });

  it('keeps the registration when the confirmation mail cannot be sent, and sends it when SMTP is back', async () => {
    const event = await makeEvent(ctx, { title: 'Science fair' });
    const user = await makeUser(ctx);
    await ctx.services.jobs.runDue(MAIL_JOB); // earlier tests' mails, while SMTP is up
    const port = smtp.port;
    await smtp.stop();
    const res = await register(event.id, userToken(ctx, user));
    expect(res.status).toBe(200);
    expect(await countOf(event.id)).toBe(1);
    expect(await ctx.services.jobs.runDue(MAIL_JOB)).toEqual({ completed: 0, failed: 1 });
    const [delivery] = await ctx.db.dataSource.query(`SELECT sent_at, last_error FROM mail_deliveries WHERE user_id = $1`, [user.id]);
    expect(delivery.sent_at).toBeNull();
    expect(delivery.last_error).toBeTruthy();

    smtp = new SmtpCapture();
    await smtp.start(port);
    // The queue retries with backoff; the retry's time comes.
    await ctx.db.dataSource.query(`UPDATE pgboss.job SET start_after = now() - interval '1 second' WHERE name = $1 AND state::text = 'retry'`, [MAIL_JOB]);
    expect(await ctx.services.jobs.runDue(MAIL_JOB)).toEqual({ completed: 1, failed: 0 });
    expect((await smtp.waitFor(user.email)).subject).toBe('You are registered: Science fair');
  });

  it('does not send the confirmation without its check-in code when the code cannot be read: the queue retries it', async () => {
    const event = await makeEvent(ctx, { title: 'Poetry evening' });
    const user = await makeUser(ctx);
    await ctx.services.jobs.runDue(MAIL_JOB); // earlier tests' mails
    const read = jest.spyOn(ctx.services.checkIns, 'confirmationCode').mockRejectedValueOnce(new Error('the database went away for a moment'));
    try {
      expect((await register(event.id, userToken(ctx, user))).status).toBe(200);
      // Before, the mail went without the code; now composing it fails and the queue will try again.
      expect(await ctx.services.jobs.runDue(MAIL_JOB)).toEqual({ completed: 0, failed: 1 });
      const [delivery] = await ctx.db.dataSource.query(`SELECT sent_at, last_error FROM mail_deliveries WHERE user_id = $1`, [user.id]);
      expect(delivery.sent_at).toBeNull();
      expect(delivery.last_error).toContain('the database went away for a moment');
    } finally {
      read.mockRestore();
    }
    await ctx.db.dataSource.query(`UPDATE pgboss.job SET start_after = now() - interval '1 second' WHERE name = $1 AND state::text = 'retry'`, [MAIL_JOB]);
    expect(await ctx.services.jobs.runDue(MAIL_JOB)).toEqual({ completed: 1, failed: 0 });
    const mail = await smtp.waitFor(user.email);
    await ctx.services.mail.idle();
    expect(decodeQuotedPrintable(mail.raw)).toMatch(/Check-in code: [0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}\b/);
  });

  it('sends no confirmation for a place given up before the mail went', async () => {
    const event = await makeEvent(ctx);
    const user = await makeUser(ctx);
    const token = userToken(ctx, user);
    await register(event.id, token);
    await unregister(event.id, token);
    await ctx.services.jobs.runDue(MAIL_JOB);
    const [delivery] = await ctx.db.dataSource.query(`SELECT sent_at, skipped_reason FROM mail_deliveries WHERE user_id = $1`, [user.id]);
    expect(delivery).toEqual({ sent_at: null, skipped_reason: 'no longer registered' });
    await ctx.services.mail.idle();
    expect(smtp.to(user.email)).toEqual([]);
  });
});

describe('GraphQL registerForEvent / unregisterFromEvent', () => {
  it('returns the event with its count and isRegistered', async () => {
    const event = await makeEvent(ctx, { maxParticipants: 5 });
    const token = userToken(ctx, await makeUser(ctx));
    const doc = `mutation($id: ID!) { registerForEvent(eventId: $id) { message event { id registeredCount isRegistered isFull } } }`;
    const res = await ctx.gql(doc, { id: event.id }, token);
    expect(res.data.registerForEvent).toEqual({ message: 'Successfully registered for the event!', event: { id: event.id, registeredCount: 1, isRegistered: true, isFull: false } });
    const off = await ctx.gql(`mutation($id: ID!) { unregisterFromEvent(eventId: $id) { event { registeredCount isRegistered } } }`, { id: event.id }, token);
    expect(off.data.unregisterFromEvent.event).toEqual({ registeredCount: 0, isRegistered: false });
    const anon = await ctx.gql(doc, { id: event.id });
    expect(anon.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});

describe('Add to calendar', () => {
  it('GET /api/events/:id/ics returns text/calendar as an attachment', async () => {
    const event = await makeEvent(ctx, { title: 'Science fair', date: '2026-07-01', time: '10:30', location: 'Prayagraj' });
    const res = await ctx.http.get(`/api/events/${event.id}/ics`).buffer(true).parse((r, cb) => {
      let data = '';
      r.on('data', (c: Buffer) => (data += c.toString()));
      r.on('end', () => cb(null, data));
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="science-fair.ics"');
    const text = decodeQuotedPrintable(res.body as string);
    expect(text).toContain('BEGIN:VEVENT');
    expect(text).toContain('SUMMARY:Science fair');
    expect(text).toContain('DTSTART:20260701T050000Z'); // 10:30 India time
    expect((await ctx.http.get('/api/events/nope/ics')).status).toBe(404);
  });
});

describe('an admin removes a registration', () => {
  const auditOf = (eventId: string, userId: string) =>
    ctx.db.dataSource.query(`SELECT actor_id, before, after FROM audit_log WHERE action = 'registration.remove' AND entity_id = $1 AND before->>'userId' = $2`, [eventId, userId]);
  const registeredIds = async (eventId: string, auth: string) =>
    ((await ctx.http.get(`/api/events/${eventId}/registrations`).set('authorization', auth)).body.data as { _id: string }[]).map((u) => u._id);
  let admin: UserEntity;
  let auth: string;
  beforeAll(async () => {
    admin = await makeUser(ctx, { name: 'Registrations Admin', category: 'admin' });
    auth = `Bearer ${adminToken(ctx, admin)}`;
  });
  // Signed at each call: admin tokens expire sooner than the tests below move the clock.
  const removeRest = (eventId: string, userId: string) => ctx.http.delete(`/api/events/${eventId}/registrations/${userId}`).set('authorization', `Bearer ${adminToken(ctx, admin)}`);
  const removeGql = `mutation($eventId: ID!, $userId: ID!) { removeEventRegistration(eventId: $eventId, userId: $userId) { message event { id registeredCount } } }`;

  it('REST DELETE /api/events/:id/registrations/:userId: the count drops, the person is off the list, audited', async () => {
    const event = await makeEvent(ctx, { maxParticipants: 5 });
    const [stays, goes] = [await makeUser(ctx), await makeUser(ctx)];
    for (const u of [stays, goes]) await register(event.id, userToken(ctx, u));
    expect(await countOf(event.id)).toBe(2);

    const res = await removeRest(event.id, goes.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Registration removed', data: { _id: event.id, registeredCount: 1 } });
    expect([await countOf(event.id), await rowsOf(event.id)]).toEqual([1, 1]);
    expect(await registeredIds(event.id, auth)).toEqual([stays.id]);
    expect(await auditOf(event.id, goes.id)).toEqual([{ actor_id: admin.id, before: { eventId: event.id, userId: goes.id }, after: null }]);
    // The person sees it too: registering again is possible.
    expect((await register(event.id, userToken(ctx, goes))).body.message).toBe('Successfully registered for the event!');
  });

  it('REST: someone not registered (or unknown) is 404 "This person is not registered for this event", nothing changes', async () => {
    const event = await makeEvent(ctx, { maxParticipants: 5 });
    const registered = await makeUser(ctx);
    await register(event.id, userToken(ctx, registered));
    const stranger = await makeUser(ctx);
    for (const userId of [stranger.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await removeRest(event.id, userId);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND', msg: 'This person is not registered for this event' });
    }
    expect([await countOf(event.id), await rowsOf(event.id)]).toEqual([1, 1]);
    expect(await auditOf(event.id, stranger.id)).toEqual([]);
    expect((await removeRest('00000000-0000-4000-8000-000000000000', registered.id)).body).toMatchObject({ code: 'NOT_FOUND', msg: 'Event not found' });
    // Admins only: a user's token is refused.
    expect((await ctx.http.delete(`/api/events/${event.id}/registrations/${registered.id}`).set('authorization', `Bearer ${userToken(ctx, registered)}`)).status).toBe(403);
    expect(await countOf(event.id)).toBe(1);
  });

  it('REST: still possible once the event has started (the person can no longer unregister themselves)', async () => {
    const event = await makeEvent(ctx, { daysFromToday: 1, maxParticipants: 5 });
    const user = await makeUser(ctx);
    await register(event.id, userToken(ctx, user));
    const start = ctx.clock.now();
    ctx.clock.advance(2 * 24 * 60 * 60 * 1000);
    try {
      expect((await unregister(event.id, userToken(ctx, user))).body.code).toBe('EVENT_PAST');
      const res = await removeRest(event.id, user.id);
      expect(res.status).toBe(200);
      expect(res.body.data.registeredCount).toBe(0);
      expect([await countOf(event.id), await rowsOf(event.id)]).toEqual([0, 0]);
      expect(await auditOf(event.id, user.id)).toHaveLength(1);
    } finally {
      ctx.clock.set(start);
    }
  });

  it('GraphQL removeEventRegistration: the count drops, eventRegistrations no longer lists the person, audited', async () => {
    const event = await makeEvent(ctx, { maxParticipants: 5 });
    const [stays, goes] = [await makeUser(ctx), await makeUser(ctx)];
    for (const u of [stays, goes]) await register(event.id, userToken(ctx, u));
    const token = adminToken(ctx, admin);

    const res = await ctx.gql(removeGql, { eventId: event.id, userId: goes.id }, token);
    expect(res.errors).toBeUndefined();
    expect(res.data.removeEventRegistration).toEqual({ message: 'Registration removed', event: { id: event.id, registeredCount: 1 } });
    const list = await ctx.gql(`query($id: ID!) { eventRegistrations(eventId: $id) { id } }`, { id: event.id }, token);
    expect(list.data.eventRegistrations).toEqual([{ id: stays.id }]);
    expect([await countOf(event.id), await rowsOf(event.id)]).toEqual([1, 1]);
    expect(await auditOf(event.id, goes.id)).toEqual([{ actor_id: admin.id, before: { eventId: event.id, userId: goes.id }, after: null }]);

    const again = await ctx.gql(removeGql, { eventId: event.id, userId: goes.id }, token);
    expect(again.errors?.[0]).toMatchObject({ message: 'This person is not registered for this event', extensions: { code: 'NOT_FOUND' } });
    const asUser = await ctx.gql(removeGql, { eventId: event.id, userId: stays.id }, userToken(ctx, stays));
    expect(asUser.errors?.[0].extensions.code).toBe('FORBIDDEN');
    expect(await countOf(event.id)).toBe(1);
  });

  it('GraphQL: works after the event has started too', async () => {
    const event = await makeEvent(ctx, { daysFromToday: 1 });
    const user = await makeUser(ctx);
    await register(event.id, userToken(ctx, user));
    const start = ctx.clock.now();
    ctx.clock.advance(2 * 24 * 60 * 60 * 1000);
    try {
      const res = await ctx.gql(removeGql, { eventId: event.id, userId: user.id }, adminToken(ctx, admin));
      expect(res.data.removeEventRegistration.event.registeredCount).toBe(0);
      expect([await countOf(event.id), await rowsOf(event.id)]).toEqual([0, 0]);
    } finally {
      ctx.clock.set(start);
    }
  });
});

describe('capacity under concurrency', () => {
  // PGlite has one connection, so concurrent requests are serialised there; the race exists only on Postgres.
  (usingPostgres ? it : it.skip)('200 concurrent registrations of distinct users for 20 places give exactly 20', async () => {
    const event = await makeEvent(ctx, { maxParticipants: 20 });
    const users = await Promise.all(Array.from({ length: 200 }, () => makeUser(ctx)));
    const results = await Promise.allSettled(users.map((u) => ctx.services.registrations.register(viewerOf(u), event.id)));
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const full = results.filter((r) => r.status === 'rejected' && (r.reason as { code?: string }).code === 'EVENT_FULL').length;
    expect([ok, full]).toEqual([20, 180]);
    expect([await countOf(event.id), await rowsOf(event.id)]).toEqual([20, 20]);
    await ctx.services.mail.idle();
  });

  (usingPostgres ? it : it.skip)('20 concurrent registrations by one user give one', async () => {
    const event = await makeEvent(ctx, { maxParticipants: 20 });
    const user = await makeUser(ctx);
    const results = await Promise.all(Array.from({ length: 20 }, () => ctx.services.registrations.register(viewerOf(user), event.id)));
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    expect([await countOf(event.id), await rowsOf(event.id)]).toEqual([1, 1]);
    await ctx.services.mail.idle();
  });
});
