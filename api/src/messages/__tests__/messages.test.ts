/**
 * Messages to an event's people (issue 27): segments, several events counted as distinct people, news
 * and its opt-out (profile switch, one-click link), each person once (a job run twice, two workers at
 * once), the person's language, scheduling, the hourly limit per admin, and who may do it. Mails go to a
 * local SMTP capture, so what people receive is checked as they would see it.
 */
import type { UserEntity } from '../../users/user.entity';
import { createTestContext, type TestContext } from '../../test/harness';
import { adminToken, makeEvent, makeUser, standardScenario, userToken } from '../../test/scenarios';
import { decodeQuotedPrintable, SmtpCapture } from '../../test/smtp-capture';
import { MESSAGE_DELIVER_JOB, MESSAGE_SEND_JOB } from '../message.service';

jest.setTimeout(120_000);

let ctx: TestContext;
let smtp: SmtpCapture;
let s: Awaited<ReturnType<typeof standardScenario>>;
/** Event A: came (checked in), didNotCome, waiting (waiting list). Event B: came again, other. */
let eventA: string;
let eventB: string;
let came: UserEntity;
let didNotCome: UserEntity;
let waiting: UserEntity;
let other: UserEntity;

const LIMIT = 6;

async function register(eventId: string, user: UserEntity, checkedIn = false) {
  await ctx.db.dataSource.query(`INSERT INTO registrations (event_id, user_id, checked_in_at) VALUES ($1, $2, $3)`, [eventId, user.id, checkedIn ? ctx.clock.now() : null]);
}

/** A fresh admin (the hourly limit is per admin, so each test's sends do not eat into another's). */
async function newAdmin() {
  return adminToken(ctx, await makeUser(ctx, { category: 'admin', status: 'active' }));
}

const post = (path: string, token: string | null, body: object) => {
  const req = ctx.http.post(path);
  return (token ? req.set('authorization', `Bearer ${token}`) : req).send(body);
};

async function sendAll() {
  await ctx.services.jobs.runDue(MESSAGE_SEND_JOB);
  await ctx.services.jobs.runDue(MESSAGE_DELIVER_JOB);
}

beforeAll(async () => {
  smtp = new SmtpCapture();
  const url = await smtp.start();
  ctx = await createTestContext({ env: { SMTP_URL: url, MESSAGE_RECIPIENTS_PER_HOUR: String(LIMIT) }, now: new Date() });
  s = await standardScenario(ctx);
  eventA = (await makeEvent(ctx, { title: 'Science fair', daysFromToday: -2 })).id;
  eventB = (await makeEvent(ctx, { title: 'Maths camp', daysFromToday: -1 })).id;
  await ctx.db.dataSource.query(`UPDATE events SET translations = '{"hi": {"title": "विज्ञान मेला"}}'::jsonb WHERE id = $1`, [eventA]);
  came = await makeUser(ctx, { name: 'Asha', language: 'hi' });
  didNotCome = await makeUser(ctx, { name: 'Bina' });
  waiting = await makeUser(ctx, { name: 'Chitra' });
  other = await makeUser(ctx, { name: 'Deepa' });
  await register(eventA, came, true);
  await register(eventA, didNotCome);
  await ctx.db.dataSource.query(`INSERT INTO waitlist_entries (event_id, user_id, status) VALUES ($1, $2, 'waiting')`, [eventA, waiting.id]);
  await register(eventB, came, true);
  await register(eventB, other, true);
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.stop();
});

const base = { subject: 'Venue changed', text: 'The venue has changed.\n\nPlease come to hall 2.', subjectHi: 'स्थान बदला', textHi: 'स्थान बदल गया है।' };

describe('who receives it', () => {
  it('counts each segment of one event (service mail)', async () => {
    const admin = await newAdmin();
    const counts: Record<string, number> = {};
    for (const segment of ['registered', 'attended', 'absent', 'waiting']) {
      const res = await post('/api/admin/messages/preview', admin, { ...base, eventIds: [eventA], segment });
      expect(res.status).toBe(200);
      expect(res.body.data.kind).toBe('service');
      counts[segment] = res.body.data.recipients;
    }
    expect(counts).toEqual({ registered: 2, attended: 1, absent: 1, waiting: 1 });
  });

  it('counts a person in several events once, as news, with a preview in each language', async () => {
    const admin = await newAdmin();
    const res = await post('/api/admin/messages/preview', admin, { ...base, eventIds: [eventA, eventB], segment: 'attended' });
    expect(res.status).toBe(200);
    const p = res.body.data;
    expect(p).toMatchObject({ recipients: 2, kind: 'news', optedOut: 0, remainingThisHour: LIMIT });
    expect(p.languages.map((l: { language: string; recipients: number }) => [l.language, l.recipients])).toEqual([['en', 1], ['hi', 1]]);
    expect(p.languages[1].subject).toBe('स्थान बदला');
    expect(p.languages[0].html).toContain('Please come to hall 2.');
  });

  it('sends each attendee of several events one mail, in their language, with the one-click stop link of news', async () => {
    const admin = await newAdmin();
    const made = await post('/api/admin/messages', admin, { ...base, subject: 'Thank you for coming', eventIds: [eventA, eventB], segment: 'attended' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ success: true, recipients: 2 });
    await sendAll();
    const status = await ctx.http.get(`/api/admin/messages/${made.body.id}`).set('authorization', `Bearer ${admin}`);
    expect(status.body).toMatchObject({ queued: 0, sent: 2, failed: 0 });
    const hindi = await smtp.waitFor(came.email);
    expect(hindi.subject).toContain('=?UTF-8?'); // the Hindi subject, encoded
    expect(decodeQuotedPrintable(hindi.raw)).toMatch(/List-Unsubscribe:\s+<http[^>]*\/api\/news\/stop\?token=/);
    expect(hindi.raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    const english = await smtp.waitFor(other.email);
    expect(english.subject).toBe('Thank you for coming');
    const audit = await ctx.db.dataSource.query(`SELECT after FROM audit_log WHERE action = 'message.send' AND entity_id = $1`, [made.body.id]);
    expect(audit[0].after).toMatchObject({ recipients: 2, kind: 'news', segment: 'attended', subject: 'Thank you for coming' });
  });

  it('service mail has no stop link and names the event', async () => {
    const admin = await newAdmin();
    const made = await post('/api/admin/messages', admin, { subject: 'Bring workbooks', text: 'Bring your workbooks.', eventIds: [eventA], segment: 'absent' });
    expect(made.body.recipients).toBe(1);
    await sendAll();
    const mail = smtp.to(didNotCome.email).find((m) => m.subject === 'Bring workbooks')!;
    expect(mail.raw).not.toMatch(/List-Unsubscribe/);
    expect(decodeQuotedPrintable(mail.raw)).toContain('Science fair');
  });
});

describe('news opt-out', () => {
  it('the profile switch and the one-click link leave a person out of news but not of service mail', async () => {
    const admin = await newAdmin();
    const token = userToken(ctx, other);
    const off = await ctx.gql('mutation { setNewsPreference(enabled: false) { id newsEnabled } }', {}, token);
    expect(off.errors).toBeUndefined();
    expect(off.data.setNewsPreference.newsEnabled).toBe(false);
    const news = await post('/api/admin/messages/preview', admin, { ...base, eventIds: [eventA, eventB], segment: 'attended' });
    expect(news.body.data).toMatchObject({ recipients: 1, optedOut: 1 });
    const service = await post('/api/admin/messages/preview', admin, { ...base, eventIds: [eventB], segment: 'attended' });
    expect(service.body.data.recipients).toBe(2);
    const on = await ctx.gql('mutation { setNewsPreference(enabled: true) { newsEnabled } }', {}, token);
    expect(on.data.setNewsPreference.newsEnabled).toBe(true);

    // The one-click link (RFC 8058 POST), without signing in; a forged token is a 400.
    const link = ctx.services.messages.stopUrls(other.id).api.replace(/^https?:\/\/[^/]+/, '');
    const stop = await ctx.http.post(link).type('form').send('List-Unsubscribe=One-Click');
    expect(stop.status).toBe(200);
    expect(await ctx.services.messages.newsEnabled(other.id)).toBe(false);
    expect((await ctx.http.post('/api/news/stop?token=forged').send({})).status).toBe(400);
    expect((await ctx.gql('mutation($t: String!) { stopNews(token: $t) { message } }', { t: ctx.services.messages.stopTokens.sign(came.id) })).errors).toBeUndefined();
    expect(await ctx.services.messages.newsEnabled(came.id)).toBe(false);
    await ctx.services.messages.setNewsPreference(other.id, true);
    await ctx.services.messages.setNewsPreference(came.id, true);
  });

  it('a person who turns news off after it was queued is skipped', async () => {
    const admin = await newAdmin();
    const made = await post('/api/admin/messages', admin, { subject: 'Late news', text: 'News.', eventIds: [eventA, eventB], segment: 'registered' });
    expect(made.body.recipients).toBe(3);
    await ctx.services.messages.setNewsPreference(didNotCome.id, false);
    await sendAll();
    const got = await ctx.services.messages.get(made.body.id);
    expect(got.totals).toEqual({ queued: 0, sent: 2, failed: 0, skipped: 1 });
    expect(smtp.to(didNotCome.email).some((m) => m.subject === 'Late news')).toBe(false);
    await ctx.services.messages.setNewsPreference(didNotCome.id, true);
  });
});

describe('never twice', () => {
  it('a delivery run twice, or by two workers at once, and a second expansion send one mail each', async () => {
    const admin = await newAdmin();
    const made = await post('/api/admin/messages', admin, { subject: 'Only once', text: 'Once.', eventIds: [eventA], segment: 'registered' });
    expect(made.body.recipients).toBe(2);
    const ids: { id: string }[] = await ctx.db.dataSource.query(`SELECT id FROM message_deliveries WHERE message_id = $1`, [made.body.id]);
    // Two workers on the same deliveries at once, then a retry of each.
    await Promise.all([...ids, ...ids].map((d) => ctx.services.messages.deliver(d.id)));
    await Promise.all(ids.map((d) => ctx.services.messages.deliver(d.id)));
    await ctx.services.messages.expandScheduled(made.body.id);
    await sendAll();
    expect(smtp.messages.filter((m) => m.subject === 'Only once')).toHaveLength(2);
    const rows = await ctx.db.dataSource.query(`SELECT count(*)::int AS n FROM message_deliveries WHERE message_id = $1`, [made.body.id]);
    expect(rows[0].n).toBe(2);
    const page = await ctx.http.get(`/api/admin/messages/${made.body.id}/deliveries`).set('authorization', `Bearer ${admin}`);
    expect(page.body.data.map((d: { status: string }) => d.status)).toEqual(['sent', 'sent']);
  });
});

describe('scheduling', () => {
  it('makes the deliveries when sendAt comes, not before; a cancelled message sends nothing', async () => {
    const admin = await newAdmin();
    const sendAt = new Date(Date.now() + 3_600_000);
    const made = await post('/api/admin/messages', admin, { subject: 'Tomorrow', text: 'Later.', eventIds: [eventB], segment: 'attended', sendAt: sendAt.toISOString() });
    expect(made.status).toBe(201);
    expect(made.body.recipients).toBe(2);
    expect(made.body.data.status).toBe('scheduled');
    await sendAll();
    expect((await ctx.services.messages.get(made.body.id)).totals.sent).toBe(0);
    const cancelled = await post('/api/admin/messages', admin, { subject: 'Never', text: 'No.', eventIds: [eventA], segment: 'waiting', sendAt: sendAt.toISOString() });
    expect((await post(`/api/admin/messages/${cancelled.body.id}/cancel`, admin, {})).body.data.status).toBe('cancelled');
    // The hour passes.
    await ctx.db.dataSource.query(`UPDATE pgboss.job SET start_after = now() - interval '1 second' WHERE name = $1`, [MESSAGE_SEND_JOB]);
    await sendAll();
    const after = await ctx.services.messages.get(made.body.id);
    expect(after).toMatchObject({ status: 'sent', totals: { sent: 2 } });
    expect(smtp.messages.filter((m) => m.subject === 'Never')).toHaveLength(0);
  });
});

describe('the hourly limit', () => {
  it('refuses with 429 once an admin would pass the people allowed this hour', async () => {
    const admin = await newAdmin();
    for (let i = 0; i < 3; i++) expect((await post('/api/admin/messages', admin, { subject: `Batch ${i}`, text: 'x', eventIds: [eventA], segment: 'registered' })).status).toBe(201);
    const over = await post('/api/admin/messages', admin, { subject: 'One too many', text: 'x', eventIds: [eventA], segment: 'attended' });
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('RATE_LIMITED');
    expect(over.body.message).toMatch(/at most 6 people an hour/);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another admin has their own hour.
    expect((await post('/api/admin/messages', await newAdmin(), { subject: 'Other admin', text: 'x', eventIds: [eventA], segment: 'attended' })).status).toBe(201);
    const gql = await ctx.gql('mutation($i: MessageInput!) { sendMessage(input: $i) { id } }', { i: { subject: 'x', text: 'x', eventIds: [eventA], segment: 'attended' } }, admin);
    expect(gql.errors?.[0].extensions.code).toBe('RATE_LIMITED');
  });
});

describe('input and access', () => {
  it('answers bad input with 400 and a field', async () => {
    const admin = await newAdmin();
    const cases: [object, string][] = [
      [{ ...base, eventIds: [eventA], segment: 'everyone' }, 'segment'],
      [{ ...base, eventIds: [], segment: 'registered' }, 'eventIds'],
      [{ ...base, eventIds: ['00000000-0000-4000-8000-000000000000'], segment: 'registered' }, 'eventIds'],
      [{ ...base, subject: ' ', eventIds: [eventA], segment: 'registered' }, 'subject'],
      [{ subject: 'a', text: 'b', subjectHi: 'क', eventIds: [eventA], segment: 'registered' }, 'textHi'],
      [{ ...base, eventIds: [eventA], segment: 'registered', sendAt: 'tomorrow' }, 'sendAt'],
    ];
    for (const [body, field] of cases) {
      const res = await post('/api/admin/messages', admin, body);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.fields ?? {})).toContain(field);
    }
    expect((await ctx.db.dataSource.query(`SELECT count(*)::int AS n FROM messages WHERE subject = 'Venue changed'`))[0].n).toBe(0);
  });

  it('lets admins and keys with messages:write send; nobody else', async () => {
    const body = { subject: 'Key', text: 'x', eventIds: [eventB], segment: 'attended' };
    expect((await post('/api/admin/messages', null, body)).status).toBe(401);
    expect((await post('/api/admin/messages', s.tokens.member, body)).status).toBe(403);
    expect((await post('/api/admin/messages', s.tokens.adminAsUser, body)).status).toBe(403);
    const keyAdmin = await makeUser(ctx, { category: 'admin', status: 'active' });
    const makeKey = async (scopes: string[]) => (await post('/api/admin/api-keys', adminToken(ctx, keyAdmin), { name: scopes.join(), scopes })).body.key as string;
    const writer = await makeKey(['messages:write']);
    const made = await post('/api/admin/messages', writer, body);
    expect(made.status).toBe(201);
    expect((await ctx.http.get(`/api/admin/messages/${made.body.id}`).set('authorization', `Bearer ${writer}`)).status).toBe(200);
    expect((await ctx.http.get('/api/admin/messages').set('authorization', `Bearer ${writer}`)).status).toBe(403);
    expect((await post('/api/admin/messages', await makeKey(['events:read']), body)).status).toBe(403);
    const audit = await ctx.db.dataSource.query(`SELECT api_key_id FROM audit_log WHERE action = 'message.send' AND entity_id = $1`, [made.body.id]);
    expect(audit[0].api_key_id).toBeTruthy();
    const list = await ctx.gql('{ messages { total items { id kind totals { queued sent failed } } } }', {}, s.tokens.admin);
    expect(list.errors).toBeUndefined();
    expect(list.data.messages.total).toBeGreaterThan(0);
  });
});
