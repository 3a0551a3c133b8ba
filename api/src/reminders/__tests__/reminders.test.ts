/**
 * Event reminders end to end: the keyed job scheduled with the event, run by the test (runDue) on a clock
 * the test moves, the mails caught by a real SMTP server.
 *
 * The test clock starts at the real time: the queue decides what is due by the database's clock, the
 * service by its own, and here both agree as in production. "The time comes" is the test clock moved
 * past the due moment and the pending job made due in the queue (start_after = now()).
 */
import { createLogger } from '../../common/logger';
import { openDatabase, type Database } from '../../db/data-source';
import { formatEventDate } from '../../mail/mail-dates';
import { MAIL_JOB } from '../../mail/mail-deliveries';
import { createServices } from '../../services';
import { createTestContext, usingPostgres, type TestContext } from '../../test/harness';
import { adminToken, makeEvent, makeUser, shiftDays, standardScenario, userToken } from '../../test/scenarios';
import { SmtpCapture } from '../../test/smtp-capture';
import type { UserEntity } from '../../users/user.entity';
import { REMINDER_JOB } from '../reminder.service';
import { StopReminderTokens } from '../../users/stop-token';
import { readMail, type ReadMail } from './mime';

const HOUR = 3_600_000;
let smtp: SmtpCapture;
let ctx: TestContext;
let s: Awaited<ReturnType<typeof standardScenario>>;
/** A fresh admin token by the test clock (admin tokens last hours; the tests move the clock by days). */
const admin = () => adminToken(ctx, s.admin);
let origin: string;

beforeAll(async () => {
  smtp = new SmtpCapture();
  ctx = await createTestContext({ env: { SMTP_URL: await smtp.start(), PUBLIC_ORIGIN: 'https://site.test' }, now: new Date() });
  origin = ctx.config.publicOrigin;
  s = await standardScenario(ctx);
});
afterAll(async () => {
  await ctx.services.mail.idle();
  await ctx.close();
  await smtp.stop();
});
beforeEach(() => ctx.clock.set(new Date()));

// ---------- helpers ----------

let serial = 0;
const person = (fields: Partial<UserEntity> = {}) => makeUser(ctx, { email: `rem${++serial}-${Date.now().toString(36)}@test.local`, name: `Person ${serial}`, ...fields });

async function createEvent(title: string, daysAhead: number, time = '10:00'): Promise<{ id: string; startsAt: Date; due: Date }> {
  const date = shiftDays(ctx.services.events.today(), daysAhead);
  const res = await ctx.gql(
    `mutation($input: EventInput!) { createEvent(input: $input) { id startsAt } }`,
    { input: { title, description: 'An evening of experiments', category: 'GENERAL', date, time, location: 'Anand Bhawan, Prayagraj' } },
    admin(),
  );
  expect(res.errors).toBeUndefined();
  const startsAt = new Date(res.data.createEvent.startsAt);
  return { id: res.data.createEvent.id, startsAt, due: new Date(startsAt.getTime() - ctx.config.reminderLeadHours * HOUR) };
}

async function register(user: UserEntity, eventId: string) {
  const res = await ctx.http.post(`/api/events/${eventId}/register`).set('authorization', `Bearer ${userToken(ctx, user)}`);
  expect(res.status).toBe(200);
  await ctx.services.jobs.runDue(MAIL_JOB); // the confirmation
  await ctx.services.mail.idle();
}

const pendingJobs = async (eventId: string) =>
  (await ctx.services.jobs.list({ states: ['created', 'retry'] })).filter((j) => j.name === REMINDER_JOB && j.key === eventId);

/** The time comes for every pending reminder job (the queue's clock), then the jobs and the mails they plan run. */
async function runReminders() {
  await ctx.db.dataSource.query(`UPDATE pgboss.job SET start_after = now() - interval '1 second' WHERE name = $1 AND state::text IN ('created', 'retry')`, [REMINDER_JOB]);
  await ctx.services.jobs.runDue(REMINDER_JOB);
  await ctx.services.jobs.runDue(MAIL_JOB);
}

const mailsTo = (user: UserEntity): ReadMail[] => smtp.to(user.email).map((m) => readMail(m.raw));
const reminders = (user: UserEntity) => mailsTo(user).filter((m) => /^(Reminder|अनुस्मारक):/.test(m.subject));
const confirmations = (user: UserEntity) => mailsTo(user).filter((m) => /^(You are registered|आपका पंजीकरण हो गया है)/.test(m.subject));
const near = (a: Date, b: Date, ms = 60_000) => Math.abs(a.getTime() - b.getTime()) < ms;

// ---------- the tests ----------

describe('the reminder job', () => {
  it('goes out at the lead time and not before, to those registered before it, with the date, the place, the .ics and a stop link', async () => {
    const event = await createEvent('Science fair', 3);
    const [early, second, late] = [await person(), await person(), await person()];
    await register(early, event.id);
    await register(second, event.id);

    // One keyed job, due REMINDER_LEAD_HOURS before the start.
    const [job] = await pendingJobs(event.id);
    expect(await pendingJobs(event.id)).toHaveLength(1);
    expect(near(job.startAfter, event.due)).toBe(true);

    // The queue runs it an hour early (by the service clock): nothing is mailed, and it is due again at the right time.
    ctx.clock.set(new Date(event.due.getTime() - HOUR));
    await runReminders();
    expect(reminders(early)).toHaveLength(0);
    const again = await pendingJobs(event.id);
    expect(again).toHaveLength(1);
    expect(near(again[0].startAfter, new Date(Date.now() + HOUR))).toBe(true);

    // Someone registering inside the window (after the due time) gets no reminder: their confirmation is fresh.
    ctx.clock.set(new Date(event.due.getTime() + 60_000));
    await register(late, event.id);
    ctx.clock.set(new Date(event.due.getTime() + 5 * 60_000));
    await runReminders();
    expect(reminders(early)).toHaveLength(1);
    expect(reminders(second)).toHaveLength(1);
    expect(reminders(late)).toHaveLength(0);
    expect(await pendingJobs(event.id)).toHaveLength(0);

    const mail = reminders(early)[0];
    expect(mail.subject).toBe('Reminder: Science fair is tomorrow');
    expect(mail.text).toContain(formatEventDate(event.startsAt, 'en'));
    expect(mail.text).toContain('Anand Bhawan, Prayagraj');
    expect(mail.text).toContain(`${origin}/events/${event.id}`);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0].contentType).toContain('text/calendar');
    expect(mail.attachments[0].filename).toBe('science-fair.ics');
    expect(mail.attachments[0].content).toContain('BEGIN:VCALENDAR');
    expect(mail.attachments[0].content).toContain('SUMMARY:Science fair');
    // The stop link opens the site's page (which asks first); the header is the one-click target, both signed for this person.
    const pageToken = new RegExp(`${origin}/reminders/stop\\?token=([A-Za-z0-9._%-]+)`).exec(mail.text)?.[1];
    expect(pageToken).toBeDefined();
    expect(ctx.services.users.stopTokens.verify(decodeURIComponent(pageToken!))).toBe(early.id);
    expect(mail.headers['list-unsubscribe']).toMatch(new RegExp(`^<${origin}/api/reminders/stop\\?token=[A-Za-z0-9._%-]+>$`));
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers['list-unsubscribe']).not.toContain(early.id);

    // The confirmation said a reminder would come when one will, and not to the late registrant.
    expect(confirmations(early)[0].text).toContain('We will send you a reminder 24 hours before the event starts.');
    expect(confirmations(late)).toHaveLength(1);
    expect(confirmations(late)[0].text).not.toContain('reminder');
  });

  it('never mails twice: a retried mail job, or the reminder job run again, sends nothing more', async () => {
    const event = await createEvent('Maths olympiad', 3);
    const users = [await person(), await person(), await person()];
    for (const u of users) await register(u, event.id);
    ctx.clock.set(new Date(event.due.getTime() + 60_000));
    await runReminders();
    for (const u of users) expect(reminders(u)).toHaveLength(1);

    const rows: { id: string }[] = await ctx.db.dataSource.query(`SELECT id FROM mail_deliveries WHERE event_id = $1 AND kind = 'reminder'`, [event.id]);
    expect(rows).toHaveLength(3);
    for (const { id } of rows) await ctx.services.deliveries.deliver(id);
    await ctx.services.reminders.runReminderJob(event.id);
    await ctx.services.jobs.runDue(MAIL_JOB);
    expect(await ctx.db.dataSource.query(`SELECT id FROM mail_deliveries WHERE event_id = $1 AND kind = 'reminder'`, [event.id])).toHaveLength(3);
    for (const u of users) expect(reminders(u)).toHaveLength(1);
  });

  it('moves with the event: one pending job at the new time; the old time sends nothing, the new one sends; moved again inside the window it reminds once more', async () => {
    const event = await createEvent('Moved lecture', 3);
    const user = await person();
    await register(user, event.id);

    const newDate = shiftDays(ctx.services.events.today(), 5);
    const res = await ctx.gql(`mutation($id: ID!, $date: String!) { updateEvent(id: $id, input: { date: $date }) { startsAt } }`, { id: event.id, date: newDate }, admin());
    expect(res.errors).toBeUndefined();
    const startsAt = new Date(res.data.updateEvent.startsAt);
    const due = new Date(startsAt.getTime() - 24 * HOUR);
    const jobs = await pendingJobs(event.id);
    expect(jobs).toHaveLength(1);
    expect(near(jobs[0].startAfter, due)).toBe(true);

    // At the old time: nothing (the job finds it is not due and waits for the new time).
    ctx.clock.set(new Date(event.due.getTime() + 60_000));
    await runReminders();
    expect(reminders(user)).toHaveLength(0);
    const waiting = await pendingJobs(event.id);
    expect(waiting).toHaveLength(1);
    expect(near(waiting[0].startAfter, new Date(Date.now() + (due.getTime() - ctx.clock.now().getTime())))).toBe(true);

    ctx.clock.set(new Date(due.getTime() + 60_000));
    await runReminders();
    expect(reminders(user)).toHaveLength(1);
    expect(reminders(user)[0].text).toContain(formatEventDate(startsAt, 'en'));

    // Moved two hours earlier after the reminder went: the new time is worth one more reminder, and only one.
    const moved = await ctx.gql(`mutation($id: ID!) { updateEvent(id: $id, input: { time: "08:00" }) { startsAt } }`, { id: event.id }, admin());
    expect(moved.errors).toBeUndefined();
    await runReminders();
    await runReminders();
    expect(reminders(user)).toHaveLength(2);
    expect(reminders(user)[1].text).toContain(formatEventDate(new Date(moved.data.updateEvent.startsAt), 'en'));
  });

  it('does nothing for an event that has started, and skips a planned reminder when the event is cancelled before it goes', async () => {
    const event = await createEvent('Quiz night', 3);
    const user = await person();
    await register(user, event.id);
    ctx.clock.set(new Date(event.due.getTime() + 60_000));
    await ctx.db.dataSource.query(`UPDATE pgboss.job SET start_after = now() - interval '1 second' WHERE name = $1 AND singleton_key = $2`, [REMINDER_JOB, event.id]);
    await ctx.services.jobs.runDue(REMINDER_JOB); // planned, not sent yet
    expect((await ctx.http.post(`/api/events/${event.id}/cancel`).set('authorization', `Bearer ${admin()}`)).status).toBe(200);
    await ctx.services.jobs.runDue(MAIL_JOB);
    expect(reminders(user)).toHaveLength(0);
    const [row] = await ctx.db.dataSource.query(`SELECT sent_at, skipped_reason FROM mail_deliveries WHERE event_id = $1 AND kind = 'reminder'`, [event.id]);
    expect(row).toEqual({ sent_at: null, skipped_reason: 'the event was cancelled' });

    const started = await createEvent('Started already', 2);
    await register(user, started.id);
    ctx.clock.set(new Date(started.startsAt.getTime() + 60_000));
    await ctx.services.reminders.runReminderJob(started.id);
    expect(await ctx.db.dataSource.query(`SELECT id FROM mail_deliveries WHERE kind = 'reminder' AND event_id = $1`, [started.id])).toHaveLength(0);
  });

  it('at start-up, schedules the events that have no reminder job (written before reminders existed, or seeded)', async () => {
    const seeded = await makeEvent(ctx, { title: 'Seeded event', daysFromToday: 8 });
    const cancelled = await makeEvent(ctx, { title: 'Seeded, cancelled', daysFromToday: 8, cancelledAt: new Date() });
    const past = await makeEvent(ctx, { title: 'Seeded, past', daysFromToday: -2 });
    expect(await pendingJobs(seeded.id)).toHaveLength(0);
    expect(await ctx.services.reminders.scheduleMissing()).toBe(1);
    const [job] = await pendingJobs(seeded.id);
    expect(near(job.startAfter, new Date(seeded.startsAt.getTime() - 24 * HOUR))).toBe(true);
    expect(await pendingJobs(cancelled.id)).toHaveLength(0);
    expect(await pendingJobs(past.id)).toHaveLength(0);
    expect(await ctx.services.reminders.scheduleMissing()).toBe(0);
  });
});

// Two processes working one database's queue at once. (Skipped on PGlite: the embedded database belongs to one process.)
(usingPostgres ? describe : describe.skip)('two workers on one database (Postgres)', () => {
  let other: Database;
  beforeAll(async () => {
    other = await openDatabase({ url: ctx.db.url!, poolSize: 4 });
  });
  afterAll(() => other.close());

  it('each of 30 registrants gets exactly one reminder', async () => {
    const second = createServices({ dataSource: other.dataSource, config: ctx.config, logger: createLogger('silent'), clock: ctx.clock });
    await second.jobs.start({ work: false });
    try {
      const event = await createEvent('Two workers', 3);
      const users: UserEntity[] = [];
      for (let i = 0; i < 30; i++) users.push(await person());
      for (const u of users) await register(u, event.id);
      ctx.clock.set(new Date(event.due.getTime() + 60_000));
      await ctx.db.dataSource.query(`UPDATE pgboss.job SET start_after = now() - interval '1 second' WHERE name = $1 AND singleton_key = $2`, [REMINDER_JOB, event.id]);
      // Both work the reminder job queue, both also plan (as a retry would), then both work the mails.
      await Promise.all([ctx.services.jobs.runDue(REMINDER_JOB), second.jobs.runDue(REMINDER_JOB)]);
      await Promise.all([ctx.services.reminders.runReminderJob(event.id), second.reminders.runReminderJob(event.id)]);
      await Promise.all([ctx.services.jobs.runDue(MAIL_JOB), second.jobs.runDue(MAIL_JOB)]);
      const ids: { id: string }[] = await ctx.db.dataSource.query(`SELECT id FROM mail_deliveries WHERE kind = 'reminder' AND event_id = $1`, [event.id]);
      expect(ids).toHaveLength(30);
      await Promise.all(ids.flatMap(({ id }) => [ctx.services.deliveries.deliver(id), second.deliveries.deliver(id)]));
      for (const u of users) expect(reminders(u)).toHaveLength(1);
    } finally {
      await second.jobs.stop();
    }
  });
});

describe('stopping reminders', () => {
  const stopUrl = (user: UserEntity) => `/api/reminders/stop?token=${encodeURIComponent(ctx.services.users.stopTokens.sign(user.id))}`;
  const remindersEnabled = async (user: UserEntity) => (await ctx.db.dataSource.query(`SELECT reminders_enabled FROM users WHERE id = $1`, [user.id]))[0].reminders_enabled;

  it('by the link (GET, and the one-click POST), by the profile switch, and on again', async () => {
    const event = await createEvent('Poetry evening', 3);
    const [byGet, byPost, byProfile, stays, meanwhile] = [await person(), await person(), await person(), await person(), await person()];
    for (const u of [byGet, byPost, byProfile, stays, meanwhile]) await register(u, event.id);

    const get = await ctx.http.get(stopUrl(byGet));
    expect(get.status).toBe(200);
    expect(get.body).toMatchObject({ success: true, message: expect.stringContaining('You will not receive event reminders') });
    const post = await ctx.http.post(stopUrl(byPost)).type('form').send('List-Unsubscribe=One-Click');
    expect(post.status).toBe(200);
    expect(post.body.success).toBe(true);
    const token = userToken(ctx, byProfile);
    const off = await ctx.gql(`mutation { setReminderPreference(enabled: false) { id remindersEnabled language } }`, {}, token);
    expect(off.data.setReminderPreference).toEqual({ id: byProfile.id, remindersEnabled: false, language: 'en' });
    expect((await ctx.gql(`{ me { remindersEnabled } }`, {}, token)).data.me.remindersEnabled).toBe(false);
    const profile = await ctx.http.get('/api/users/get-single-user').set('authorization', `Bearer ${token}`);
    expect(profile.body.data).toMatchObject({ remindersEnabled: false, language: 'en' });
    for (const u of [byGet, byPost, byProfile]) expect(await remindersEnabled(u)).toBe(false);

    // Planned while still on, stopped over GraphQL's public mutation before it went: skipped.
    ctx.clock.set(new Date(event.due.getTime() + 60_000));
    await ctx.db.dataSource.query(`UPDATE pgboss.job SET start_after = now() - interval '1 second' WHERE name = $1 AND singleton_key = $2`, [REMINDER_JOB, event.id]);
    await ctx.services.jobs.runDue(REMINDER_JOB);
    const stop = await ctx.gql(`mutation($t: String!) { stopReminders(token: $t) { message } }`, { t: ctx.services.users.stopTokens.sign(meanwhile.id) });
    expect(stop.data.stopReminders.message).toContain('You will not receive event reminders');
    await ctx.services.jobs.runDue(MAIL_JOB);
    expect(reminders(stays)).toHaveLength(1);
    for (const u of [byGet, byPost, byProfile, meanwhile]) expect(reminders(u)).toHaveLength(0);
    const skipped = await ctx.db.dataSource.query(`SELECT skipped_reason FROM mail_deliveries WHERE kind = 'reminder' AND event_id = $1 AND user_id = $2`, [event.id, meanwhile.id]);
    expect(skipped).toEqual([{ skipped_reason: 'reminders turned off' }]);

    // On again on the profile: the next event reminds them.
    ctx.clock.set(new Date());
    const on = await ctx.gql(`mutation { setReminderPreference(enabled: true) { remindersEnabled } }`, {}, token);
    expect(on.data.setReminderPreference.remindersEnabled).toBe(true);
    const next = await createEvent('Poetry evening II', 4);
    await register(byProfile, next.id);
    ctx.clock.set(new Date(next.due.getTime() + 60_000));
    await runReminders();
    expect(reminders(byProfile)).toHaveLength(1);
  });

  it('refuses a link that is forged, altered, made for something else or missing (400, never a 500)', async () => {
    const user = await person();
    const good = ctx.services.users.stopTokens.sign(user.id);
    const altered = good.slice(0, -2) + (good.endsWith('AA') ? 'BB' : 'AA');
    const otherSecret = new StopReminderTokens('another-secret-that-is-long-enough-0123456789').sign(user.id);
    for (const token of [altered, otherSecret, userToken(ctx, user), user.id, 'x']) {
      const res = await ctx.http.get(`/api/reminders/stop?token=${encodeURIComponent(token)}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
    }
    expect((await ctx.http.post('/api/reminders/stop')).status).toBe(400);
    const gql = await ctx.gql(`mutation { stopReminders(token: "nope") { message } }`);
    expect(gql.errors?.[0].extensions.code).toBe('VALIDATION');
    expect(await remindersEnabled(user)).toBe(true);
  });
});

describe('the admin "send reminder now"', () => {
  it('queues one reminder per registrant with reminders on, counts them, ignores a double click, and is audited', async () => {
    const event = await createEvent('Career talk', 6);
    const [a, b, optedOut] = [await person(), await person(), await person({ remindersEnabled: false })];
    for (const u of [a, b, optedOut]) await register(u, event.id);

    const first = await ctx.http.post(`/api/events/${event.id}/remind`).set('authorization', `Bearer ${admin()}`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, queued: 2, message: 'Reminder queued for 2 people' });
    const doubleClick = await ctx.gql(`mutation($id: ID!) { sendEventReminderNow(eventId: $id) { queued message } }`, { id: event.id }, admin());
    expect(doubleClick.data.sendEventReminderNow.queued).toBe(0);
    await ctx.services.jobs.runDue(MAIL_JOB);
    expect(reminders(a)).toHaveLength(1);
    expect(reminders(b)).toHaveLength(1);
    expect(reminders(optedOut)).toHaveLength(0);
    expect(reminders(a)[0].subject).toMatch(/^Reminder: Career talk is on /);

    ctx.clock.advance(2 * 60_000);
    const later = await ctx.gql(`mutation($id: ID!) { sendEventReminderNow(eventId: $id) { queued message } }`, { id: event.id }, admin());
    expect(later.data.sendEventReminderNow).toEqual({ queued: 2, message: 'Reminder queued for 2 people' });
    await ctx.services.jobs.runDue(MAIL_JOB);
    expect(reminders(a)).toHaveLength(2);
    expect(reminders(optedOut)).toHaveLength(0);

    const audit = await ctx.db.dataSource.query(`SELECT action FROM audit_log WHERE action = 'event.remind' AND entity_id = $1`, [event.id]);
    expect(audit).toHaveLength(3);

    const missing = await ctx.http.post('/api/events/00000000-0000-4000-8000-000000000000/remind').set('authorization', `Bearer ${admin()}`);
    expect(missing.status).toBe(404);
    await ctx.http.post(`/api/events/${event.id}/cancel`).set('authorization', `Bearer ${admin()}`);
    const cancelled = await ctx.http.post(`/api/events/${event.id}/remind`).set('authorization', `Bearer ${admin()}`);
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.code).toBe('EVENT_CANCELLED');
  });
});

describe('language', () => {
  it('a Hindi speaker gets the confirmation and the reminder in Hindi', async () => {
    const user = await person({ name: 'सीता देवी' });
    const token = userToken(ctx, user);
    expect((await ctx.gql(`mutation { setLanguage(language: "fr") { message } }`, {}, token)).errors?.[0].extensions.code).toBe('VALIDATION');
    expect((await ctx.gql(`mutation { setLanguage(language: "hi") { message } }`, {}, token)).data.setLanguage.message).toBe('Language saved');
    expect((await ctx.gql(`{ me { language } }`, {}, token)).data.me.language).toBe('hi');

    const event = await createEvent('विज्ञान मेला', 3);
    await register(user, event.id);
    const [confirmation] = confirmations(user);
    expect(confirmation.subject).toBe('आपका पंजीकरण हो गया है: विज्ञान मेला');
    expect(confirmation.text).toContain('कार्यक्रम शुरू होने से 24 घंटे पहले');

    ctx.clock.set(new Date(event.due.getTime() + 60_000));
    await runReminders();
    const [reminder] = reminders(user);
    expect(reminder.subject).toBe('अनुस्मारक: विज्ञान मेला कल है');
    expect(reminder.text).toContain(formatEventDate(event.startsAt, 'hi'));
    expect(reminder.text).toContain('कार्यक्रमों के अनुस्मारक बंद करें');
    expect(reminder.attachments[0].content).toContain('BEGIN:VCALENDAR');
  });
});
