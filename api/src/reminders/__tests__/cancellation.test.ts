/**
 * Cancelling an event: the public reads say so at once, registering is refused, the reminder job goes,
 * and every registrant and person waiting is mailed once, however
 * often it is cancelled and even when it is deleted afterwards.
 */
import { MAIL_JOB } from '../../mail/mail-deliveries';
import { createTestContext, type TestContext } from '../../test/harness';
import { adminToken, makeUser, shiftDays, standardScenario, userToken } from '../../test/scenarios';
import { SmtpCapture } from '../../test/smtp-capture';
import type { UserEntity } from '../../users/user.entity';
import { REMINDER_JOB } from '../reminder.service';
import { readMail } from './mime';

let smtp: SmtpCapture;
let ctx: TestContext;
let s: Awaited<ReturnType<typeof standardScenario>>;
const admin = () => adminToken(ctx, s.admin);

beforeAll(async () => {
  smtp = new SmtpCapture();
  ctx = await createTestContext({ env: { SMTP_URL: await smtp.start(), PUBLIC_ORIGIN: 'https://site.test' }, now: new Date() });
  s = await standardScenario(ctx);
});
afterAll(async () => {
  await ctx.services.mail.idle();
  await ctx.close();
  await smtp.stop();
});
beforeEach(() => ctx.clock.set(new Date()));

let serial = 0;
const person = (fields: Partial<UserEntity> = {}) => makeUser(ctx, { email: `cx${++serial}-${Date.now().toString(36)}@test.local`, name: `Person ${serial}`, ...fields });

async function createEvent(title: string, daysAhead = 5): Promise<{ id: string; startsAt: Date }> {
  const res = await ctx.gql(
    `mutation($input: EventInput!) { createEvent(input: $input) { id startsAt } }`,
    { input: { title, description: 'A day of talks', category: 'GENERAL', date: shiftDays(ctx.services.events.today(), daysAhead), time: '11:00', location: 'Civil Lines, Prayagraj' } },
    admin(),
  );
  expect(res.errors).toBeUndefined();
  return { id: res.data.createEvent.id, startsAt: new Date(res.data.createEvent.startsAt) };
}

async function register(user: UserEntity, eventId: string) {
  const res = await ctx.http.post(`/api/events/${eventId}/register`).set('authorization', `Bearer ${userToken(ctx, user)}`);
  expect(res.status).toBe(200);
}

const cancellations = (user: UserEntity) => smtp.to(user.email).map((m) => readMail(m.raw)).filter((m) => /^(Cancelled|कार्यक्रम रद्द):/.test(m.subject));
const deliveriesOf = async (eventId: string): Promise<number> => (await ctx.db.dataSource.query(`SELECT id FROM mail_deliveries WHERE event_id = $1 AND kind = 'cancelled'`, [eventId])).length;
const pendingJobs = async (eventId: string) =>
  (await ctx.services.jobs.list({ states: ['created', 'retry'] })).filter((j) => j.name === REMINDER_JOB && j.key === eventId);

describe('cancelling an event', () => {
  it('says so publicly, refuses registrations, drops the reminder, and mails each registrant and waiting person once', async () => {
    const event = await createEvent('Teachers day');
    const [a, b, hindi, waiting, late] = [await person(), await person(), await person({ language: 'hi' }), await person(), await person()];
    for (const u of [a, b, hindi]) await register(u, event.id);
    // On the waiting list (written directly: the event has no limit); a is registered too: the registration wins.
    for (const u of [waiting, a]) {
      await ctx.db.dataSource.query(`INSERT INTO waitlist_entries (event_id, user_id, status) VALUES ($1, $2, 'waiting')`, [event.id, u.id]);
    }
    expect(await pendingJobs(event.id)).toHaveLength(1);
    // Warm the public cache: the cancellation must show through it at once.
    expect((await ctx.http.get(`/api/events/${event.id}`)).body.data.cancelled).toBe(false);

    const res = await ctx.http.post(`/api/events/${event.id}/cancel`).set('authorization', `Bearer ${admin()}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Event cancelled', changed: true, mailed: 4, data: { _id: event.id, cancelled: true } });
    expect(res.body.data.cancelledAt).toBe(ctx.clock.now().toISOString());

    const publicRead = await ctx.http.get(`/api/events/${event.id}`);
    expect(publicRead.body.data).toMatchObject({ cancelled: true, cancelledAt: ctx.clock.now().toISOString(), registeredCount: 3 });
    const gql = await ctx.gql(`query($id: ID!) { event(id: $id) { cancelled cancelledAt } }`, { id: event.id });
    expect(gql.data.event).toEqual({ cancelled: true, cancelledAt: ctx.clock.now().toISOString() });
    expect(await pendingJobs(event.id)).toHaveLength(0);

    const refused = await ctx.http.post(`/api/events/${event.id}/register`).set('authorization', `Bearer ${userToken(ctx, late)}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ success: false, code: 'EVENT_CANCELLED', message: 'This event has been cancelled.' });

    // Cancelled again (GraphQL, then REST): nothing changes, nobody is mailed again.
    const again = await ctx.gql(`mutation($id: ID!) { cancelEvent(id: $id) { id cancelled } }`, { id: event.id }, admin());
    expect(again.data.cancelEvent).toEqual({ id: event.id, cancelled: true });
    const third = await ctx.http.post(`/api/events/${event.id}/cancel`).set('authorization', `Bearer ${admin()}`);
    expect(third.body).toMatchObject({ success: true, changed: false, mailed: 0, message: 'This event was already cancelled' });
    await ctx.services.jobs.runDue(MAIL_JOB);
    await ctx.services.jobs.runDue(MAIL_JOB);

    for (const u of [a, b, hindi, waiting]) expect(cancellations(u)).toHaveLength(1);
    expect(cancellations(late)).toHaveLength(0);
    const mail = cancellations(a)[0];
    expect(mail.subject).toMatch(/^Cancelled: Teachers day on /);
    expect(mail.text).toContain('Your registration has been cancelled with it.');
    expect(mail.text).toContain('Civil Lines, Prayagraj');
    expect(cancellations(waiting)[0].text).toContain('You were on the waiting list for this event');
    expect(cancellations(hindi)[0].subject).toMatch(/^कार्यक्रम रद्द: Teachers day/);

    // Leaving a cancelled event is allowed (and harmless).
    expect((await ctx.http.post(`/api/events/${event.id}/unregister`).set('authorization', `Bearer ${userToken(ctx, b)}`)).status).toBe(200);

    // Deleting it afterwards mails nobody again.
    const deleted = await ctx.gql(`mutation($id: ID!) { deleteEvent(id: $id) { success } }`, { id: event.id }, admin());
    expect(deleted.data.deleteEvent.success).toBe(true);
    await ctx.services.jobs.runDue(MAIL_JOB);
    expect(await deliveriesOf(event.id)).toBe(4);
    for (const u of [a, b, hindi, waiting]) expect(cancellations(u)).toHaveLength(1);

    const audit = await ctx.db.dataSource.query(`SELECT action FROM audit_log WHERE entity_id = $1 AND action = 'event.cancel'`, [event.id]);
    expect(audit).toHaveLength(1);
  });

  it('deleting an event that has not started tells its registrants once (from the snapshot: the event is gone when the mail goes)', async () => {
    const event = await createEvent('Library opening');
    const [a, b] = [await person(), await person()];
    for (const u of [a, b]) await register(u, event.id);
    const res = await ctx.http.delete(`/api/events/${event.id}`).set('authorization', `Bearer ${admin()}`);
    expect(res.status).toBe(200);
    expect(await pendingJobs(event.id)).toHaveLength(0);
    await ctx.services.jobs.runDue(MAIL_JOB);
    for (const u of [a, b]) expect(cancellations(u)).toHaveLength(1);
    expect(cancellations(a)[0].subject).toMatch(/^Cancelled: Library opening on /);
    expect(cancellations(a)[0].text).toContain('Civil Lines, Prayagraj');
  });

  it('deleting or cancelling an event that has started mails nobody', async () => {
    const deletedLater = await createEvent('Yesterday’s talk', 1);
    const cancelledLater = await createEvent('Morning run', 1);
    const user = await person();
    await register(user, deletedLater.id);
    await register(user, cancelledLater.id);
    ctx.clock.set(new Date(deletedLater.startsAt.getTime() + 3_600_000));
    expect((await ctx.http.delete(`/api/events/${deletedLater.id}`).set('authorization', `Bearer ${admin()}`)).status).toBe(200);
    const cancelled = await ctx.http.post(`/api/events/${cancelledLater.id}/cancel`).set('authorization', `Bearer ${admin()}`);
    expect(cancelled.body).toMatchObject({ success: true, changed: true, mailed: 0 });
    await ctx.services.jobs.runDue(MAIL_JOB);
    expect(await deliveriesOf(deletedLater.id)).toBe(0);
    expect(await deliveriesOf(cancelledLater.id)).toBe(0);
    expect(cancellations(user)).toHaveLength(0);
  });

  it('answers 404 for an unknown event and is for admins only', async () => {
    const missing = await ctx.http.post('/api/events/00000000-0000-4000-8000-000000000000/cancel').set('authorization', `Bearer ${admin()}`);
    expect(missing.status).toBe(404);
    const event = await createEvent('Admins only');
    const asUser = await ctx.http.post(`/api/events/${event.id}/cancel`).set('authorization', `Bearer ${s.tokens.member}`);
    expect(asUser.status).toBe(403);
    const gql = await ctx.gql(`mutation($id: ID!) { cancelEvent(id: $id) { id } }`, { id: event.id }, s.tokens.member);
    expect(gql.errors?.[0].extensions.code).toBe('FORBIDDEN');
    expect((await ctx.http.get(`/api/events/${event.id}`)).body.data.cancelled).toBe(false);
  });
});
