import type { Viewer } from '../../common/access';
import { createTestContext, type TestContext } from '../../test/harness';
import { adminToken, makeEvent, makeUser, standardScenario } from '../../test/scenarios';
import type { UserEntity } from '../../users/user.entity';
import { defaultSession } from '../session-rules';

let ctx: TestContext;
let s: Awaited<ReturnType<typeof standardScenario>>;

/** The clock's start: Monday 15 June 2026, 10:00 India time. */
const BASE = new Date('2026-06-15T10:00:00+05:30');
const at = (isoIndia: string) => new Date(`${isoIndia}+05:30`);

beforeAll(async () => {
  ctx = await createTestContext({ now: BASE });
  s = await standardScenario(ctx);
});
beforeEach(() => ctx.clock.set(BASE));
afterAll(async () => {
  await ctx.services.mail.idle();
  await ctx.close();
});

const admin = () => adminToken(ctx, s.admin);
const viewerOf = (u: UserEntity): Viewer => ({ id: u.id, email: u.email, name: u.name, category: u.category, status: u.status, tokenKind: 'user' });
let serial = 0;
const person = () => makeUser(ctx, { email: `sess-${++serial}-${Date.now().toString(36)}@example.org`, name: `Person ${serial}` });

const BASE_EVENT = { title: 'Teacher training', description: 'Five days', category: 'primary', location: 'Civil Lines', date: '2026-06-17', time: '10:00' };
const THREE = [
  { date: '2026-06-17', time: '10:00', endTime: '12:00', title: 'Opening', titleHi: 'उद्घाटन' },
  { date: '2026-06-17', time: '14:00', endTime: '16:00', location: 'Hall B', locationHi: 'हॉल बी' },
  { date: '2026-06-18', time: '10:00', endTime: '13:00' },
];

const post = (body: object) => ctx.http.post('/api/events').set('authorization', `Bearer ${admin()}`).send(body);
const put = (id: string, body: object) => ctx.http.put(`/api/events/${id}`).set('authorization', `Bearer ${admin()}`).send(body);
const checkIn = (eventId: string, body: object) => ctx.http.post(`/api/events/${eventId}/check-in`).set('authorization', `Bearer ${admin()}`).send(body);

async function threeSessionEvent(extra: object = {}) {
  const res = await post({ ...BASE_EVENT, title: `Course ${++serial}`, sessions: THREE, ...extra });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; sessions: { id: string; date: string; time: string; endTime: string | null; title: string | null; location: string | null }[] };
}

async function registered(eventId: string): Promise<UserEntity> {
  const user = await person();
  await ctx.services.registrations.register(viewerOf(user), eventId);
  return user;
}

describe('sessions: create, read, update', () => {
  it('creates an event with three sessions; the event answers them and its date and time are the first session\'s', async () => {
    const { id } = await threeSessionEvent({ certificateMinSessions: 2 });
    const res = await ctx.http.get(`/api/events/${id}`);
    expect(res.status).toBe(200);
    const e = res.body.data;
    expect(e.date.slice(0, 10)).toBe('2026-06-17');
    expect(e.time).toBe('10:00');
    expect(e.endDate.slice(0, 10)).toBe('2026-06-18');
    expect(e.endTime).toBe('13:00');
    expect(e.certificateMinSessions).toBe(2);
    expect(e.sessions).toEqual([
      { id: expect.any(String), date: '2026-06-17', time: '10:00', endTime: '12:00', title: 'Opening', location: null, isOnline: false },
      { id: expect.any(String), date: '2026-06-17', time: '14:00', endTime: '16:00', title: null, location: 'Hall B', isOnline: false },
      { id: expect.any(String), date: '2026-06-18', time: '10:00', endTime: '13:00', title: null, location: null, isOnline: false },
    ]);
    // In Hindi: the sessions' own Hindi text.
    const hi = (await ctx.http.get(`/api/events/${id}?lang=hi`)).body.data;
    expect(hi.sessions.map((x: { title: string | null; location: string | null }) => [x.title, x.location])).toEqual([['उद्घाटन', null], [null, 'हॉल बी'], [null, null]]);
    // The lists answer them too.
    const list = (await ctx.http.get('/api/events?when=upcoming&limit=100')).body.data as { id: string; sessions: unknown[] }[];
    expect(list.find((x) => x.id === id)!.sessions).toHaveLength(3);
  });

  it('a single-session event (no sessions sent) has one session from its own date and time, which follows its edits', async () => {
    const res = await post({ ...BASE_EVENT, title: 'One evening', endTime: '12:30' });
    expect(res.status).toBe(201);
    const { id, sessions } = res.body.data;
    expect(sessions).toEqual([{ id: expect.any(String), date: '2026-06-17', time: '10:00', endTime: '12:30', title: null, location: null, isOnline: false }]);
    expect(res.body.data.certificateMinSessions).toBeNull();
    const moved = await put(id, { date: '2026-06-20', time: '11:00' });
    expect(moved.status).toBe(200);
    expect(moved.body.data.sessions).toEqual([{ id: sessions[0].id, date: '2026-06-20', time: '11:00', endTime: '12:30', title: null, location: null, isOnline: false }]);
  });

  it('refuses bad sessions with field-level 400s, writing nothing', async () => {
    const before = Number((await ctx.db.dataSource.query(`SELECT count(*)::int AS n FROM events`))[0].n);
    const cases: [object, string][] = [
      [{ sessions: [THREE[1], THREE[0]] }, 'sessions.1.time'],
      [{ sessions: [{ date: '2026-06-17', time: '10:00', endTime: '09:00' }] }, 'sessions.0.endTime'],
      [{ sessions: [] }, 'sessions'],
      [{ sessions: Array.from({ length: 51 }, (_, i) => ({ date: `2026-07-${String((i % 28) + 1).padStart(2, '0')}`, time: '10:00' })) }, 'sessions'],
      [{ sessions: [{ date: 'soon', time: '10:00' }] }, 'sessions.0.date'],
      [{ sessions: THREE, certificateMinSessions: 4 }, 'certificateMinSessions'],
      [{ sessions: THREE, certificateMinSessions: 0 }, 'certificateMinSessions'],
      [{ sessions: 'not json' }, 'sessions'],
    ];
    for (const [body, field] of cases) {
      const res = await post({ ...BASE_EVENT, ...body });
      expect([res.status, Object.keys(res.body.fields ?? {})]).toEqual([400, expect.arrayContaining([field])]);
    }
    expect(Number((await ctx.db.dataSource.query(`SELECT count(*)::int AS n FROM events`))[0].n)).toBe(before);
  });

  it('takes sessions as JSON text in a multipart form', async () => {
    const res = await ctx.http
      .post('/api/events')
      .set('authorization', `Bearer ${admin()}`)
      .field({ ...BASE_EVENT, title: 'Form course', sessions: JSON.stringify(THREE), certificateMinSessions: '2' });
    expect(res.status).toBe(201);
    expect(res.body.data.sessions).toHaveLength(3);
    expect(res.body.data.certificateMinSessions).toBe(2);
  });

  it('an edit keeps the sessions given with their id (and their attendance), drops the others, and refuses moving a several-session event by its date', async () => {
    const event = await threeSessionEvent();
    const user = await registered(event.id);
    ctx.clock.set(at('2026-06-17T10:30:00'));
    expect((await checkIn(event.id, { userId: user.id, sessionId: event.sessions[0].id })).status).toBe(200);
    const res = await put(event.id, { sessions: [{ ...THREE[0], id: event.sessions[0].id, title: 'Welcome' }, THREE[2]] });
    expect(res.status).toBe(200);
    expect(res.body.data.sessions.map((x: { id: string; title: string | null }) => [x.id === event.sessions[0].id, x.title])).toEqual([[true, 'Welcome'], [false, null]]);
    const [{ n }] = await ctx.db.dataSource.query(`SELECT count(*)::int AS n FROM session_attendance sa JOIN registrations r ON r.id = sa.registration_id WHERE r.event_id = $1`, [event.id]);
    expect(Number(n)).toBe(1);
    const moved = await put(event.id, { date: '2026-06-25' });
    expect(moved.status).toBe(400);
    expect(moved.body.fields).toHaveProperty('date');
    const unknown = await put(event.id, { sessions: [{ ...THREE[0], id: '00000000-0000-4000-8000-000000000000' }] });
    expect(unknown.status).toBe(400);
  });

  it('GraphQL: createEvent takes sessions and certificateMinSessions; Event.sessions answers them', async () => {
    const res = await ctx.gql(
      `mutation($input: EventInput!) { createEvent(input: $input) { id certificateMinSessions sessions { id date time endTime title location } } }`,
      { input: { ...BASE_EVENT, category: 'PRIMARY', title: 'GraphQL course', sessions: THREE, certificateMinSessions: 3 } },
      admin(),
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.createEvent.certificateMinSessions).toBe(3);
    expect(res.data.createEvent.sessions.map((x: { time: string }) => x.time)).toEqual(['10:00', '14:00', '10:00']);
    const bad = await ctx.gql(`mutation($input: EventInput!) { createEvent(input: $input) { id } }`, { input: { ...BASE_EVENT, category: 'PRIMARY', sessions: [THREE[1], THREE[0]] } }, admin());
    expect(bad.errors?.[0].extensions.code).toBe('VALIDATION');
  });
});

describe('check-in per session', () => {
  it('checks in for the session given; twice changes nothing; the first check-in is the registration\'s', async () => {
    const event = await threeSessionEvent();
    const user = await registered(event.id);
    ctx.clock.set(at('2026-06-17T14:10:00'));
    const first = await checkIn(event.id, { userId: user.id, sessionId: event.sessions[1].id });
    expect(first.body).toMatchObject({ alreadyCheckedIn: false, message: 'Checked in', sessionId: event.sessions[1].id });
    const again = await checkIn(event.id, { userId: user.id, sessionId: event.sessions[1].id });
    expect(again.body).toMatchObject({ alreadyCheckedIn: true, message: 'Already checked in', sessionId: event.sessions[1].id, checkedInAt: first.body.checkedInAt });
    const rows = await ctx.db.dataSource.query(`SELECT sa.session_id FROM session_attendance sa JOIN registrations r ON r.id = sa.registration_id WHERE r.event_id = $1`, [event.id]);
    expect(rows).toHaveLength(1);
    const [reg] = await ctx.db.dataSource.query(`SELECT checked_in_at FROM registrations WHERE event_id = $1 AND user_id = $2`, [event.id, user.id]);
    expect(new Date(reg.checked_in_at).toISOString()).toBe(first.body.checkedInAt);
    // Another session: counted apart; the registration keeps its first check-in.
    ctx.clock.set(at('2026-06-18T10:05:00'));
    const third = await checkIn(event.id, { userId: user.id, sessionId: event.sessions[2].id });
    expect(third.body).toMatchObject({ alreadyCheckedIn: false });
    const [still] = await ctx.db.dataSource.query(`SELECT checked_in_at FROM registrations WHERE event_id = $1 AND user_id = $2`, [event.id, user.id]);
    expect(new Date(still.checked_in_at).toISOString()).toBe(first.body.checkedInAt);
    // A session of another event: 400 naming sessionId.
    const other = await threeSessionEvent();
    const wrong = await checkIn(event.id, { userId: user.id, sessionId: other.sessions[0].id });
    expect(wrong.status).toBe(400);
  });

  it('without sessionId, uses the session running or next today, else the first (old callers)', async () => {
    const event = await threeSessionEvent();
    const a = await registered(event.id);
    const b = await registered(event.id);
    const c = await registered(event.id);
    ctx.clock.set(at('2026-06-17T12:30:00')); // between the first two: the next today is the second
    expect((await checkIn(event.id, { userId: a.id })).body.sessionId).toBe(event.sessions[1].id);
    ctx.clock.set(at('2026-06-17T10:30:00')); // the first is running
    expect((await checkIn(event.id, { userId: b.id })).body.sessionId).toBe(event.sessions[0].id);
    ctx.clock.set(at('2026-06-19T10:30:00')); // none today: the first
    expect((await checkIn(event.id, { userId: c.id })).body.sessionId).toBe(event.sessions[0].id);
  });

  it('an event seeded without session rows still checks in (its one session is made)', async () => {
    const event = await makeEvent(ctx, { date: '2026-06-15', time: '11:00' });
    const user = await registered(event.id);
    const res = await checkIn(event.id, { userId: user.id });
    expect(res.body).toMatchObject({ alreadyCheckedIn: false });
    expect((await checkIn(event.id, { userId: user.id })).body).toMatchObject({ alreadyCheckedIn: true });
    const [{ n }] = await ctx.db.dataSource.query(`SELECT count(*)::int AS n FROM event_sessions WHERE event_id = $1`, [event.id]);
    expect(Number(n)).toBe(1);
  });

  it('the GraphQL mutation takes sessionId; the registrants list tells which sessions each attended', async () => {
    const event = await threeSessionEvent();
    const user = await registered(event.id);
    ctx.clock.set(at('2026-06-17T10:00:00'));
    const res = await ctx.gql(`mutation($e: ID!, $u: ID!, $s: ID) { checkIn(eventId: $e, userId: $u, sessionId: $s) { sessionId alreadyCheckedIn } }`, { e: event.id, u: user.id, s: event.sessions[2].id }, admin());
    expect(res.data.checkIn).toEqual({ sessionId: event.sessions[2].id, alreadyCheckedIn: false });
    const list = await ctx.gql(`query($e: ID!) { eventRegistrants(eventId: $e) { userId attendedSessionIds } }`, { e: event.id }, admin());
    expect(list.data.eventRegistrants).toEqual([{ userId: user.id, attendedSessionIds: [event.sessions[2].id] }]);
    // The registrations CSV has a column per session.
    const csv = await ctx.http.get(`/api/admin/export/events/${event.id}/registrations.csv`).set('authorization', `Bearer ${admin()}`);
    const [header, row] = csv.text.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(header).toContain('session 1 (2026-06-17 10:00),session 2 (2026-06-17 14:00),session 3 (2026-06-18 10:00)');
    expect(row.endsWith('no,no,yes')).toBe(true);
  });

  it('undoing a check-in at one session keeps the others', async () => {
    const event = await threeSessionEvent();
    const user = await registered(event.id);
    ctx.clock.set(at('2026-06-18T10:00:00'));
    await checkIn(event.id, { userId: user.id, sessionId: event.sessions[0].id });
    await checkIn(event.id, { userId: user.id, sessionId: event.sessions[2].id });
    const undo = await ctx.http.delete(`/api/events/${event.id}/check-in/${user.id}?sessionId=${event.sessions[0].id}`).set('authorization', `Bearer ${admin()}`);
    expect(undo.body).toMatchObject({ alreadyCheckedIn: true, sessionId: event.sessions[0].id });
    const [reg] = await ctx.db.dataSource.query(`SELECT checked_in_at FROM registrations WHERE event_id = $1 AND user_id = $2`, [event.id, user.id]);
    expect(reg.checked_in_at).not.toBeNull();
  });
});

describe('K of N certificates', () => {
  it('issues to those who attended at least K sessions, saying how many and the hours', async () => {
    const event = await threeSessionEvent({ certificateMinSessions: 2 });
    const two = await registered(event.id);
    const one = await registered(event.id);
    ctx.clock.set(at('2026-06-18T10:00:00'));
    await checkIn(event.id, { userId: two.id, sessionId: event.sessions[0].id });
    await checkIn(event.id, { userId: two.id, sessionId: event.sessions[2].id });
    await checkIn(event.id, { userId: one.id, sessionId: event.sessions[1].id });
    ctx.clock.set(at('2026-06-19T10:00:00'));
    expect(await ctx.services.certificates.toIssueCount(event.id)).toBe(1);
    await expect(ctx.services.certificates.issue(viewerOf(s.admin), event.id, { userId: one.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    const r = await ctx.services.certificates.issue(viewerOf(s.admin), event.id);
    expect(r.issued).toBe(1);
    const rows = await ctx.db.dataSource.query(`SELECT user_id, sessions_attended, sessions_total, hours_attended FROM certificates WHERE event_id = $1`, [event.id]);
    expect(rows.map((x: Record<string, unknown>) => [x.user_id, x.sessions_attended, x.sessions_total, Number(x.hours_attended)])).toEqual([[two.id, 2, 3, 5]]);
  });

  it('by default (no K) all sessions are needed', async () => {
    const event = await threeSessionEvent();
    const some = await registered(event.id);
    ctx.clock.set(at('2026-06-18T10:00:00'));
    await checkIn(event.id, { userId: some.id, sessionId: event.sessions[0].id });
    await checkIn(event.id, { userId: some.id, sessionId: event.sessions[2].id });
    ctx.clock.set(at('2026-06-19T10:00:00'));
    expect(await ctx.services.certificates.toIssueCount(event.id)).toBe(0);
    await checkIn(event.id, { userId: some.id, sessionId: event.sessions[1].id });
    expect(await ctx.services.certificates.toIssueCount(event.id)).toBe(1);
  });
});

describe('.ics and reminders per session', () => {
  it('the calendar file has one VEVENT per session, with stable UIDs of their own', async () => {
    const event = await threeSessionEvent();
    const first = (await ctx.http.get(`/api/events/${event.id}/ics`)).text;
    expect(first.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    const uids = [...first.matchAll(/UID:(.+)/g)].map((m) => m[1].trim());
    expect(new Set(uids).size).toBe(3);
    expect((await ctx.http.get(`/api/events/${event.id}/ics`)).text.match(/UID:(.+)/g)!.map((x) => x.slice(4).trim())).toEqual(uids);
    const single = (await post({ ...BASE_EVENT, title: 'Single' })).body.data;
    expect((await ctx.http.get(`/api/events/${single.id}/ics`)).text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  });

  it('plans one reminder per person before each session, never twice', async () => {
    const event = await threeSessionEvent();
    await registered(event.id);
    await registered(event.id);
    const reminders = async () => (await ctx.db.dataSource.query(`SELECT payload FROM mail_deliveries WHERE event_id = $1 AND kind = 'reminder'`, [event.id])) as { payload: { startsAt: string } }[];
    const lead = ctx.services.reminders.leadHours * 3_600_000;
    // Due for the first session only.
    ctx.clock.set(new Date(at('2026-06-17T10:00:00').getTime() - lead + 60_000));
    await ctx.services.reminders.runReminderJob(event.id);
    await ctx.services.reminders.runReminderJob(event.id);
    expect(await reminders()).toHaveLength(2);
    // Then for the second and third too.
    ctx.clock.set(at('2026-06-17T11:00:00'));
    await ctx.services.reminders.runReminderJob(event.id);
    ctx.clock.set(new Date(at('2026-06-18T10:00:00').getTime() - lead + 60_000));
    await ctx.services.reminders.runReminderJob(event.id);
    await ctx.services.reminders.runReminderJob(event.id);
    const all = await reminders();
    expect(all).toHaveLength(6);
    expect(new Set(all.map((r) => r.payload.startsAt)).size).toBe(3);
  });
});

describe('the default session', () => {
  const sessions = [
    { id: 'a', startsAt: at('2026-06-17T10:00:00'), endsAt: at('2026-06-17T12:00:00') },
    { id: 'b', startsAt: at('2026-06-17T14:00:00'), endsAt: null },
    { id: 'c', startsAt: at('2026-06-18T10:00:00'), endsAt: at('2026-06-18T12:00:00') },
  ];
  it('is the one running, else the next today, else the first', () => {
    expect(defaultSession(sessions, at('2026-06-17T11:00:00')).id).toBe('a');
    expect(defaultSession(sessions, at('2026-06-17T13:00:00')).id).toBe('b');
    expect(defaultSession(sessions, at('2026-06-17T20:00:00')).id).toBe('b'); // no end: runs to the end of its day
    expect(defaultSession(sessions, at('2026-06-18T09:00:00')).id).toBe('c');
    expect(defaultSession(sessions, at('2026-06-20T09:00:00')).id).toBe('a');
  });
});
