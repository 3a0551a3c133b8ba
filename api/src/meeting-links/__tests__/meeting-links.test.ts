/**
 * The meeting link of an online event: only for people registered for the event and admins, in every
 * place it can show (REST, GraphQL, the .ics download, the confirmation and reminder mails), and never in
 * a public answer or the public cache.
 */
import { MAIL_JOB } from '../../mail/mail-deliveries';
import { REMINDER_JOB } from '../../reminders/reminder.service';
import { readMail } from '../../reminders/__tests__/mime';
import { createTestContext, type TestContext } from '../../test/harness';
import { adminToken, makeEvent, makeUser, shiftDays, standardScenario, userToken } from '../../test/scenarios';
import { SmtpCapture } from '../../test/smtp-capture';
import type { UserEntity } from '../../users/user.entity';

const LINK = 'https://meet.example.org/gj-online-42';
const HOUR = 3_600_000;
let smtp: SmtpCapture;
let ctx: TestContext;
let s: Awaited<ReturnType<typeof standardScenario>>;
let eventId: string;
let registered: UserEntity;
let other: UserEntity;

beforeAll(async () => {
  smtp = new SmtpCapture();
  // The real time: the job queue decides what is due by the database's clock (as in reminders.test.ts).
  ctx = await createTestContext({ env: { SMTP_URL: await smtp.start() }, now: new Date() });
  s = await standardScenario(ctx);
  const created = await ctx.http
    .post('/api/events')
    .set('authorization', `Bearer ${s.tokens.admin}`)
    .send({ title: 'Online workshop', description: 'On the web', category: 'general', date: shiftDays(ctx.services.events.today(), 3), time: '10:00', location: 'Online', meetingLink: LINK });
  expect(created.status).toBe(201);
  eventId = created.body.data.id;
  registered = await makeUser(ctx, { email: `online-reg-${Date.now()}@example.org` });
  other = await makeUser(ctx, { email: `online-other-${Date.now()}@example.org` });
  expect((await ctx.http.post(`/api/events/${eventId}/register`).set('authorization', `Bearer ${userToken(ctx, registered)}`)).status).toBe(200);
});
afterAll(async () => {
  await ctx.services.mail.idle();
  await ctx.close();
  await smtp.stop();
});

const admin = () => adminToken(ctx, s.admin);
const bearer = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});
const getOne = (token?: string) => ctx.http.get(`/api/events/${eventId}`).set(bearer(token));
const gqlLink = async (token?: string) => (await ctx.gql(`query($id: ID!) { event(id: $id) { isOnline meetingLink } }`, { id: eventId }, token)).data.event;

describe('POST/PUT accept meetingLink (https only)', () => {
  it('validates it and clears it with an empty string', async () => {
    const base = { title: 'X', description: 'Y', category: 'general', date: '2026-12-01', time: '10:00', location: 'Z' };
    for (const bad of ['http://meet.example.org/a', 'javascript:alert(1)', 'meet.example.org', 'https://', 'x'.repeat(20)]) {
      const res = await ctx.http.post('/api/events').set(bearer(admin())).send({ ...base, meetingLink: bad });
      expect([res.status, res.body.fields?.meetingLink]).toEqual([400, 'Meeting link must be an https:// address']);
    }
    const e = await makeEvent(ctx, { meetingLink: LINK });
    const put = await ctx.http.put(`/api/events/${e.id}`).set(bearer(admin())).send({ meetingLink: 'ftp://x.org' });
    expect(put.status).toBe(400);
    const cleared = await ctx.http.put(`/api/events/${e.id}`).set(bearer(admin())).send({ meetingLink: '' });
    expect(cleared.body.data.isOnline).toBe(false);
    const gql = await ctx.gql(`mutation($id: ID!) { updateEvent(id: $id, input: { meetingLink: "${LINK}/2" }) { isOnline meetingLink } }`, { id: e.id }, admin());
    expect(gql.data.updateEvent).toEqual({ isOnline: true, meetingLink: `${LINK}/2` });
  });
});

describe('GET /api/events/{id}', () => {
  it('answers meetingLink to a registered caller and an admin only; the field is absent for everyone else', async () => {
    const anonymous = await getOne();
    expect(anonymous.body.data.isOnline).toBe(true);
    expect('meetingLink' in anonymous.body.data).toBe(false);
    expect('meetingLink' in (await getOne(userToken(ctx, other))).body.data).toBe(false);
    // An admin's everyday (user) token is not an admin sign-in.
    expect('meetingLink' in (await getOne(s.tokens.adminAsUser)).body.data).toBe(false);
    expect((await getOne(userToken(ctx, registered))).body.data.meetingLink).toBe(LINK);
    expect((await getOne(admin())).body.data.meetingLink).toBe(LINK);
    // An online-less event: null for those who may see it.
    const plain = await makeEvent(ctx);
    expect((await ctx.http.get(`/api/events/${plain.id}`).set(bearer(admin()))).body.data.meetingLink).toBeNull();
  });

  it('never in a list, even for a registrant or an admin', async () => {
    for (const token of [undefined, userToken(ctx, registered), admin()]) {
      const res = await ctx.http.get('/api/events?limit=100').set(bearer(token));
      expect(JSON.stringify(res.body)).not.toContain(LINK);
    }
  });
});

describe('GraphQL Event.meetingLink', () => {
  it('null signed out and for others; the link for a registrant and an admin', async () => {
    expect(await gqlLink()).toEqual({ isOnline: true, meetingLink: null });
    expect(await gqlLink(userToken(ctx, other))).toEqual({ isOnline: true, meetingLink: null });
    expect(await gqlLink(userToken(ctx, registered))).toEqual({ isOnline: true, meetingLink: LINK });
    expect(await gqlLink(admin())).toEqual({ isOnline: true, meetingLink: LINK });
    // My events carries it for the registrant.
    const mine = await ctx.gql('{ myEvents { upcoming { id meetingLink } } }', {}, userToken(ctx, registered));
    expect(mine.data.myEvents.upcoming.find((e: { id: string }) => e.id === eventId).meetingLink).toBe(LINK);
  });

  it('not after unregistering', async () => {
    const leaving = await makeUser(ctx);
    const token = userToken(ctx, leaving);
    await ctx.http.post(`/api/events/${eventId}/register`).set(bearer(token));
    expect((await gqlLink(token)).meetingLink).toBe(LINK);
    await ctx.http.post(`/api/events/${eventId}/unregister`).set(bearer(token));
    expect((await gqlLink(token)).meetingLink).toBeNull();
    expect('meetingLink' in (await getOne(token)).body.data).toBe(false);
  });
});

describe('the .ics download', () => {
  it('public (signed out) and for others: no link; for a registrant or an admin: the link', async () => {
    const ics = async (token?: string) => (await ctx.http.get(`/api/events/${eventId}/ics`).set(bearer(token)).buffer(true)).text;
    expect(await ics()).not.toContain('meet.example.org');
    expect(await ics(userToken(ctx, other))).not.toContain('meet.example.org');
    // Folded at 75 octets: unfold before looking.
    const unfold = (t: string) => t.replace(/\r\n[ \t]/g, '');
    expect(unfold(await ics(userToken(ctx, registered)))).toContain(`DESCRIPTION:Join online: ${LINK}`);
    expect(unfold(await ics(admin()))).toContain(LINK);
    // And the signed-out file again is still the public one (nothing personal was kept).
    expect(await ics()).not.toContain('meet.example.org');
  });
});

describe('the public cache', () => {
  it('never holds the link, whoever asked', async () => {
    const reads = async (token?: string) => {
      await getOne(token);
      await ctx.http.get('/api/events?when=upcoming').set(bearer(token));
      await ctx.http.get(`/api/events/${eventId}/ics`).set(bearer(token));
      await ctx.http.post('/graphql').set(bearer(token)).send({ query: `query($id: ID!) { event(id: $id) { id title isOnline meetingLink } }`, variables: { id: eventId } });
      await ctx.http.post('/graphql').set(bearer(token)).send({ query: '{ events(filter: { when: UPCOMING }) { items { id meetingLink } } }' });
    };
    for (const token of [undefined, userToken(ctx, registered), admin(), undefined]) await reads(token);
    const entries = (ctx.publicCache as unknown as { entries: Map<string, { body: Buffer }> }).entries;
    expect(entries.size).toBeGreaterThan(0);
    for (const entry of entries.values()) expect(entry.body.toString('utf8')).not.toContain('meet.example.org');
  });
});

describe('the mails', () => {
  it('the confirmation and the reminder carry the link, and its .ics too; a cancellation to someone waiting does not', async () => {
    await ctx.services.jobs.runDue(MAIL_JOB);
    await ctx.services.mail.idle();
    const [confirmation] = smtp.to(registered.email).map((m) => readMail(m.raw));
    expect(confirmation.html).toContain(LINK);
    expect(confirmation.text).toContain(LINK);
    expect(confirmation.attachments.find((a) => a.filename.endsWith('.ics'))!.content.replace(/\r\n[ \t]/g, '')).toContain(LINK);

    // The reminder's time comes (the queue's clock and the service's).
    const event = await ctx.services.events.get(eventId);
    ctx.clock.set(new Date(event.startsAt.getTime() - ctx.config.reminderLeadHours * HOUR + 60_000));
    await ctx.db.dataSource.query(`UPDATE pgboss.job SET start_after = now() - interval '1 second' WHERE name = $1 AND state::text IN ('created', 'retry')`, [REMINDER_JOB]);
    await ctx.services.jobs.runDue(REMINDER_JOB);
    await ctx.services.jobs.runDue(MAIL_JOB);
    await ctx.services.mail.idle();
    const reminder = smtp.to(registered.email).map((m) => readMail(m.raw)).find((m) => /^(Reminder|अनुस्मारक):/.test(m.subject));
    expect(reminder?.text).toContain(LINK);
    expect(reminder!.attachments.find((a) => a.filename.endsWith('.ics'))!.content.replace(/\r\n[ \t]/g, '')).toContain(LINK);
    // Nobody else was mailed the link.
    for (const m of smtp.messages.filter((x) => !x.to.includes(registered.email.toLowerCase()))) expect(m.raw).not.toContain('gj-online-42');
  });
});
