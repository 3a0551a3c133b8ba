/**
 * A session's own meeting link (a hybrid course where one session is online): the same rule as the
 * event's link (registrants and admins only) in every place it can show — REST, GraphQL, the .ics
 * download (per VEVENT), the confirmation and the reminder of that session — and never in a public
 * answer, a list or the public cache.
 */
import { MAIL_JOB } from '../../mail/mail-deliveries';
import { REMINDER_JOB } from '../../reminders/reminder.service';
import { readMail } from '../../reminders/__tests__/mime';
import { createTestContext, type TestContext } from '../../test/harness';
import { adminToken, makeUser, shiftDays, standardScenario, userToken } from '../../test/scenarios';
import { SmtpCapture } from '../../test/smtp-capture';
import type { UserEntity } from '../../users/user.entity';

const EVENT_LINK = 'https://meet.example.org/gj-hybrid-event';
const SESSION_LINK = 'https://meet.example.org/gj-hybrid-session-two';
const HOUR = 3_600_000;
let smtp: SmtpCapture;
let ctx: TestContext;
let s: Awaited<ReturnType<typeof standardScenario>>;
let eventId: string;
let sessionIds: string[];
let registered: UserEntity;
let other: UserEntity;

const admin = () => adminToken(ctx, s.admin);
const bearer = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});
const unfold = (t: string) => t.replace(/\r\n[ \t]/g, '');
/** Each VEVENT of a calendar file, unfolded. */
const vevents = (ics: string) => unfold(ics).split('BEGIN:VEVENT').slice(1);

beforeAll(async () => {
  smtp = new SmtpCapture();
  // The real time: the job queue decides what is due by the database's clock (as in reminders.test.ts).
  ctx = await createTestContext({ env: { SMTP_URL: await smtp.start() }, now: new Date() });
  s = await standardScenario(ctx);
  const day = shiftDays(ctx.services.events.today(), 3);
  const created = await ctx.http
    .post('/api/events')
    .set(bearer(admin()))
    .send({
      title: 'Hybrid course',
      description: 'In the hall, and one session online',
      category: 'primary',
      date: day,
      time: '10:00',
      location: 'Civil Lines',
      meetingLink: EVENT_LINK,
      sessions: [
        { date: day, time: '10:00', endTime: '12:00', title: 'In the hall' },
        { date: day, time: '14:00', endTime: '16:00', title: 'Online practice', meetingLink: SESSION_LINK },
        { date: shiftDays(day, 1), time: '10:00', endTime: '12:00' },
      ],
    });
  expect(created.status).toBe(201);
  eventId = created.body.data.id;
  sessionIds = created.body.data.sessions.map((x: { id: string }) => x.id);
  registered = await makeUser(ctx, { email: `hybrid-reg-${Date.now()}@example.org` });
  other = await makeUser(ctx, { email: `hybrid-other-${Date.now()}@example.org` });
  expect((await ctx.http.post(`/api/events/${eventId}/register`).set(bearer(userToken(ctx, registered)))).status).toBe(200);
});
afterAll(async () => {
  await ctx.services.mail.idle();
  await ctx.close();
  await smtp.stop();
});

const getOne = (token?: string) => ctx.http.get(`/api/events/${eventId}`).set(bearer(token));
const gqlSessions = async (token?: string) =>
  (await ctx.gql(`query($id: ID!) { event(id: $id) { meetingLink sessions { id meetingLink } } }`, { id: eventId }, token)).data.event as { meetingLink: string | null; sessions: { id: string; meetingLink: string | null }[] };

describe('sessions[].meetingLink in POST/PUT (https only)', () => {
  it('refuses a non-https link naming the session, and an edit keeps, changes or clears it', async () => {
    const day = shiftDays(ctx.services.events.today(), 10);
    const base = { title: 'X', description: 'Y', category: 'general', date: day, time: '10:00', location: 'Z' };
    const two = (link: string) => [{ date: day, time: '10:00' }, { date: day, time: '14:00', meetingLink: link }];
    for (const bad of ['http://meet.example.org/a', 'javascript:alert(1)', 'meet.example.org']) {
      const res = await ctx.http.post('/api/events').set(bearer(admin())).send({ ...base, sessions: two(bad) });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('Meeting link must be an https:// address');
      expect(JSON.stringify(res.body.fields)).toContain('meetingLink');
    }
    // Over 500 characters, as the event's own link (the REST contract's fuzzed maximum length found it accepted).
    const long = `${SESSION_LINK}/${'a'.repeat(500)}`;
    const tooLong = await ctx.http.post('/api/events').set(bearer(admin())).send({ ...base, sessions: two(long) });
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(tooLong.body)).toContain('Meeting link is too long (500 characters at most)');
    // A multipart form sends sessions as JSON text.
    const form = await ctx.http.post('/api/events').set(bearer(admin())).field({ ...base, sessions: JSON.stringify(two(`${SESSION_LINK}/form`)) });
    expect(form.status).toBe(201);
    const id = form.body.data.id;
    const links = async () => (await ctx.http.get(`/api/events/${id}`).set(bearer(admin()))).body.data.sessions.map((x: { meetingLink: string | null }) => x.meetingLink);
    expect(await links()).toEqual([null, `${SESSION_LINK}/form`]);
    const ids = form.body.data.sessions.map((x: { id: string }) => x.id);
    const put = await ctx.http.put(`/api/events/${id}`).set(bearer(admin())).send({ sessions: [{ id: ids[0], date: day, time: '10:00', meetingLink: `${SESSION_LINK}/first` }, { id: ids[1], date: day, time: '14:00', meetingLink: '' }] });
    expect(put.status).toBe(200);
    expect(await links()).toEqual([`${SESSION_LINK}/first`, null]);
    // GraphQL takes it too.
    const gql = await ctx.gql(
      `mutation($id: ID!, $s: [EventSessionInput!]) { updateEvent(id: $id, input: { sessions: $s }) { sessions { meetingLink } } }`,
      { id, s: [{ id: ids[0], date: day, time: '10:00' }, { id: ids[1], date: day, time: '14:00', meetingLink: `${SESSION_LINK}/gql` }] },
      admin(),
    );
    expect(gql.data.updateEvent.sessions).toEqual([{ meetingLink: null }, { meetingLink: `${SESSION_LINK}/gql` }]);
  });
});

describe('GET /api/events/{id}', () => {
  it('answers sessions[].meetingLink to a registered caller and an admin only; absent for everyone else', async () => {
    for (const token of [undefined, userToken(ctx, other), s.tokens.adminAsUser]) {
      const res = await getOne(token);
      expect(res.body.data.sessions).toHaveLength(3);
      for (const x of res.body.data.sessions) expect('meetingLink' in x).toBe(false);
      expect(JSON.stringify(res.body)).not.toContain('gj-hybrid');
    }
    for (const token of [userToken(ctx, registered), admin()]) {
      const res = await getOne(token);
      expect(res.body.data.meetingLink).toBe(EVENT_LINK);
      // Its own link where it has one; null where the event's stands.
      expect(res.body.data.sessions.map((x: { meetingLink: string | null }) => x.meetingLink)).toEqual([null, SESSION_LINK, null]);
    }
  });

  it('never in a list, even for a registrant or an admin', async () => {
    for (const token of [undefined, userToken(ctx, registered), admin()]) {
      const res = await ctx.http.get('/api/events?limit=100').set(bearer(token));
      expect(JSON.stringify(res.body)).not.toContain('gj-hybrid-session-two');
    }
  });
});

describe('GraphQL EventSession.meetingLink', () => {
  it('null signed out and for others; the own link for a registrant, an admin and on My events', async () => {
    const none = { meetingLink: null, sessions: sessionIds.map((id) => ({ id, meetingLink: null })) };
    expect(await gqlSessions()).toEqual(none);
    expect(await gqlSessions(userToken(ctx, other))).toEqual(none);
    expect(await gqlSessions(s.tokens.adminAsUser)).toEqual(none);
    const theirs = { meetingLink: EVENT_LINK, sessions: sessionIds.map((id, i) => ({ id, meetingLink: i === 1 ? SESSION_LINK : null })) };
    expect(await gqlSessions(userToken(ctx, registered))).toEqual(theirs);
    expect(await gqlSessions(admin())).toEqual(theirs);
    const mine = await ctx.gql('{ myEvents { upcoming { id sessions { meetingLink } } } }', {}, userToken(ctx, registered));
    expect(mine.data.myEvents.upcoming.find((e: { id: string }) => e.id === eventId).sessions.map((x: { meetingLink: string | null }) => x.meetingLink)).toEqual([null, SESSION_LINK, null]);
  });

  it('not after unregistering', async () => {
    const leaving = await makeUser(ctx);
    const token = userToken(ctx, leaving);
    await ctx.http.post(`/api/events/${eventId}/register`).set(bearer(token));
    expect((await gqlSessions(token)).sessions[1].meetingLink).toBe(SESSION_LINK);
    await ctx.http.post(`/api/events/${eventId}/unregister`).set(bearer(token));
    expect((await gqlSessions(token)).sessions[1].meetingLink).toBeNull();
    expect(JSON.stringify((await getOne(token)).body)).not.toContain('gj-hybrid');
  });
});

describe('the .ics download', () => {
  it('each VEVENT of a registrant\'s or an admin\'s file carries its session\'s link; the public file none', async () => {
    const ics = async (token?: string) => (await ctx.http.get(`/api/events/${eventId}/ics`).set(bearer(token)).buffer(true)).text;
    expect(await ics()).not.toContain('meet.example.org');
    expect(await ics(userToken(ctx, other))).not.toContain('meet.example.org');
    for (const token of [userToken(ctx, registered), admin()]) {
      const [first, second, third] = vevents(await ics(token));
      expect(first).toContain(`DESCRIPTION:Join online: ${EVENT_LINK}`);
      expect(second).toContain(`DESCRIPTION:Join online: ${SESSION_LINK}`);
      expect(second).not.toContain(EVENT_LINK);
      expect(third).toContain(EVENT_LINK);
    }
  });
});

describe('the public cache', () => {
  it('never holds a session\'s link, whoever asked', async () => {
    const reads = async (token?: string) => {
      await getOne(token);
      await ctx.http.get('/api/events?when=upcoming').set(bearer(token));
      await ctx.http.get(`/api/events/${eventId}/ics`).set(bearer(token));
      await ctx.http.post('/graphql').set(bearer(token)).send({ query: `query($id: ID!) { event(id: $id) { id sessions { id meetingLink } } }`, variables: { id: eventId } });
      await ctx.http.post('/graphql').set(bearer(token)).send({ query: '{ events(filter: { when: UPCOMING }) { items { id sessions { meetingLink } } } }' });
    };
    for (const token of [undefined, userToken(ctx, registered), admin(), undefined]) await reads(token);
    const entries = (ctx.publicCache as unknown as { entries: Map<string, { body: Buffer }> }).entries;
    expect(entries.size).toBeGreaterThan(0);
    for (const entry of entries.values()) expect(entry.body.toString('utf8')).not.toContain('meet.example.org');
  });
});

describe('the mails', () => {
  it('the confirmation names the session\'s own link; the reminder of that session carries it, the others the event\'s', async () => {
    await ctx.services.jobs.runDue(MAIL_JOB);
    await ctx.services.mail.idle();
    const [confirmation] = smtp.to(registered.email).map((m) => readMail(m.raw));
    expect(confirmation.text).toContain(EVENT_LINK);
    expect(confirmation.text).toContain(SESSION_LINK);
    expect(confirmation.html).toContain(SESSION_LINK);
    expect(confirmation.text).toMatch(/Join online \(Online practice\)/);
    const attached = vevents(confirmation.attachments.find((a) => a.filename.endsWith('.ics'))!.content);
    expect(attached[1]).toContain(SESSION_LINK);
    expect(attached[0]).not.toContain(SESSION_LINK);

    // The reminders' time comes for the first two sessions (same day): one mail each.
    const second = new Date((await ctx.services.events.sessionsOf(await ctx.services.events.get(eventId)))[1].startsAt);
    ctx.clock.set(new Date(second.getTime() - ctx.config.reminderLeadHours * HOUR + 60_000));
    await ctx.db.dataSource.query(`UPDATE pgboss.job SET start_after = now() - interval '1 second' WHERE name = $1 AND state::text IN ('created', 'retry')`, [REMINDER_JOB]);
    await ctx.services.jobs.runDue(REMINDER_JOB);
    await ctx.services.jobs.runDue(MAIL_JOB);
    await ctx.services.mail.idle();
    const reminders = smtp.to(registered.email).map((m) => readMail(m.raw)).filter((m) => /^(Reminder|अनुस्मारक):/.test(m.subject));
    const online = reminders.find((m) => m.subject.includes('Online practice'));
    const hall = reminders.find((m) => m.subject.includes('In the hall'));
    expect(online?.text).toContain(SESSION_LINK);
    expect(online?.text).not.toContain(EVENT_LINK);
    expect(hall?.text).toContain(EVENT_LINK);
    expect(hall?.text).not.toContain(SESSION_LINK);
    // Nobody else was mailed either link.
    for (const m of smtp.messages.filter((x) => !x.to.includes(registered.email.toLowerCase()))) expect(m.raw).not.toContain('gj-hybrid');
  });
});

describe('isOnline', () => {
  it('an event whose only link is a session\'s is online, in a list and alone, REST and GraphQL; its sessions say which', async () => {
    const day = shiftDays(ctx.services.events.today(), 4);
    const created = await ctx.http
      .post('/api/events')
      .set(bearer(admin()))
      .send({
        title: 'Course with one online session',
        description: 'No link of its own',
        category: 'primary',
        date: day,
        time: '10:00',
        location: 'Civil Lines',
        sessions: [
          { date: day, time: '10:00', endTime: '12:00' },
          { date: shiftDays(day, 1), time: '10:00', endTime: '12:00', meetingLink: `${SESSION_LINK}/only` },
        ],
      });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    const one = (await ctx.http.get(`/api/events/${id}`)).body.data;
    expect(one.isOnline).toBe(true);
    expect(one.sessions.map((x: { isOnline: boolean }) => x.isOnline)).toEqual([false, true]);
    const listed = (await ctx.http.get('/api/events?limit=100')).body.data.find((e: { id: string }) => e.id === id);
    expect(listed.isOnline).toBe(true);
    const gql = await ctx.gql(`query($id: ID!) { event(id: $id) { isOnline sessions { isOnline } } }`, { id });
    expect(gql.data.event).toEqual({ isOnline: true, sessions: [{ isOnline: false }, { isOnline: true }] });
    // An event with no link anywhere stays not online.
    const plain = await ctx.http.post('/api/events').set(bearer(admin())).send({ title: 'In the hall only', description: 'x', category: 'primary', date: day, time: '11:00', location: 'Civil Lines' });
    expect((await ctx.gql(`query($id: ID!) { event(id: $id) { isOnline } }`, { id: plain.body.data.id })).data.event.isOnline).toBe(false);
  });
});
