import { createTestContext, type TestContext } from '../../test/harness';
import { makeEvent, makeUser, standardScenario, userToken } from '../../test/scenarios';
import { EventEntity } from '../../events/event.entity';

/** Repeating an event (a series), over REST and GraphQL, and editing "this" or "this and the following ones". */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof standardScenario>>;
let auth: string;

beforeAll(async () => {
  ctx = await createTestContext(); // today: 2026-06-15 in India
  s = await standardScenario(ctx);
  auth = `Bearer ${s.tokens.admin}`;
});
afterAll(() => ctx.close());

const repeat = (id: string, body: unknown, token = auth) => ctx.http.post(`/api/events/${id}/repeat`).set('authorization', token).send(body as object);
const seriesRows = (seriesId: string) =>
  ctx.db.dataSource.getRepository(EventEntity).find({ where: { seriesId }, order: { startsAt: 'ASC' } });

describe('POST /api/events/{id}/repeat', () => {
  it('weekly for a count: the count includes this date; each date its own event with the same fields', async () => {
    const e = await makeEvent(ctx, { title: 'Parents meeting', date: '2026-07-04', time: '09:30', maxParticipants: 30, meetingLink: 'https://meet.example.org/abc', translations: { hi: { title: 'अभिभावक बैठक' } } });
    const res = await repeat(e.id, { frequency: 'weekly', count: 4 });
    expect(res.status).toBe(201);
    expect(res.body.data.map((d: { date: string }) => d.date.slice(0, 10))).toEqual(['2026-07-11', '2026-07-18', '2026-07-25']);
    expect(res.body.series).toMatchObject({ frequency: 'weekly', count: 4, until: null });
    expect(res.body.data[0]).toMatchObject({ title: 'Parents meeting', time: '09:30', maxParticipants: 30, registeredCount: 0, seriesId: res.body.series.id, isOnline: true });
    // Admin answers carry the link? Not in this answer shape: the link is only in GET /api/events/{id}.
    expect(res.body.data[0].meetingLink).toBeUndefined();
    const rows = await seriesRows(res.body.series.id);
    expect(rows.map((r) => r.date)).toEqual(['2026-07-04', '2026-07-11', '2026-07-18', '2026-07-25']);
    expect(rows.every((r) => r.meetingLink === 'https://meet.example.org/abc' && r.translations.hi?.title === 'अभिभावक बैठक')).toBe(true);
    // Each date is its own event with its own capacity: the source answers its seriesId too.
    const one = await ctx.http.get(`/api/events/${e.id}`);
    expect(one.body.data.seriesId).toBe(res.body.series.id);
    const audits = await ctx.db.dataSource.query(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'event.create' AND entity_id = ANY($1)`, [rows.map((r) => r.id)]);
    expect(audits[0].n).toBe(3);
  });

  it("a one-session event's own session fields (its link, title) go to every date", async () => {
    const made = await ctx.http.post('/api/events').set('authorization', auth).send({
      title: 'Online hour', description: 'One session with a link of its own', category: 'primary', date: '2026-07-06', time: '17:00', location: 'Online',
      sessions: [{ date: '2026-07-06', time: '17:00', endTime: '18:00', title: 'Live', meetingLink: 'https://meet.example.org/hour' }],
    });
    expect(made.status).toBe(201);
    const res = await repeat(made.body.data.id, { frequency: 'weekly', count: 3 });
    expect(res.status).toBe(201);
    const rows = await seriesRows(res.body.series.id);
    const sessions: { date: string; title: string; link: string }[] = await ctx.db.dataSource.query(
      `SELECT to_char(s.starts_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD HH24:MI') AS date, s.title, s.meeting_link AS link FROM event_sessions s WHERE s.event_id = ANY($1) ORDER BY s.starts_at`,
      [rows.map((r) => r.id)],
    );
    expect(sessions).toEqual(['2026-07-06', '2026-07-13', '2026-07-20'].map((d) => ({ date: `${d} 17:00`, title: 'Live', link: 'https://meet.example.org/hour' })));
  });

  it('monthly until a date (inclusive), on the 31st: the last day of shorter months', async () => {
    const e = await makeEvent(ctx, { date: '2026-07-31', endDate: '2026-08-01', time: '10:00' });
    const res = await repeat(e.id, { frequency: 'monthly', until: '2026-11-30' });
    expect(res.status).toBe(201);
    expect(res.body.data.map((d: { date: string }) => d.date.slice(0, 10))).toEqual(['2026-08-31', '2026-09-30', '2026-10-31', '2026-11-30']);
    // A two-day event keeps its length.
    expect(res.body.data[1].endDate.slice(0, 10)).toBe('2026-10-01');
  });

  it('validates: frequency, exactly one of until and count, the cap of 52 dates, the two-year horizon; nothing written', async () => {
    const e = await makeEvent(ctx, { date: '2026-07-01' });
    const cases: [unknown, string, string][] = [
      [{ frequency: 'daily', count: 3 }, 'frequency', "Frequency must be 'weekly' or 'monthly'"],
      [{ frequency: 'weekly' }, 'until', 'Give either an end date (until) or a number of dates (count)'],
      [{ frequency: 'weekly', count: 3, until: '2026-08-01' }, 'count', 'Give either an end date (until) or a number of dates (count)'],
      [{ frequency: 'weekly', count: 53 }, 'count', 'Count must be a whole number from 2 to 52'],
      [{ frequency: 'weekly', count: 1 }, 'count', 'Count must be a whole number from 2 to 52'],
      [{ frequency: 'weekly', count: 'x' }, 'count', 'Count must be a whole number from 2 to 52'],
      [{ frequency: 'weekly', until: '2026-06-30' }, 'until', 'Until must be after the event date'],
      [{ frequency: 'weekly', until: '2026-07-05' }, 'until', 'No date repeats before that end date'],
      [{ frequency: 'weekly', until: '2027-07-01' }, 'until', 'A series has at most 52 dates; choose an earlier end date'],
      [{ frequency: 'monthly', until: '2029-01-01' }, 'until', 'Until must be within two years of the event'],
      [{ frequency: 'monthly', until: '1 Aug' }, 'until', 'Until must be a date (YYYY-MM-DD)'],
    ];
    for (const [body, field, message] of cases) {
      const res = await repeat(e.id, body);
      expect([res.status, res.body.fields?.[field]]).toEqual([400, message]);
    }
    // 52 weekly dates is the cap, and allowed.
    const ok = await repeat((await makeEvent(ctx, { date: '2026-07-02' })).id, { frequency: 'weekly', until: '2027-06-24' });
    expect([ok.status, ok.body.data.length]).toEqual([201, 51]);
    expect((await ctx.db.dataSource.getRepository(EventEntity).findOneByOrFail({ id: e.id })).seriesId).toBeNull();
  });

  it('answers 404, 409 (already in a series, cancelled) and 401/403', async () => {
    expect((await repeat('00000000-0000-4000-8000-000000000000', { frequency: 'weekly', count: 2 })).status).toBe(404);
    const e = await makeEvent(ctx, { date: '2026-07-03' });
    expect((await repeat(e.id, { frequency: 'weekly', count: 2 })).status).toBe(201);
    expect((await repeat(e.id, { frequency: 'weekly', count: 2 })).body).toMatchObject({ success: false, message: 'This event is already part of a series' });
    const cancelled = await makeEvent(ctx, { date: '2026-07-03', cancelledAt: new Date() });
    expect((await repeat(cancelled.id, { frequency: 'weekly', count: 2 })).status).toBe(409);
    expect((await ctx.http.post(`/api/events/${e.id}/repeat`).send({ frequency: 'weekly', count: 2 })).status).toBe(401);
    const user = await makeUser(ctx);
    expect((await repeat(e.id, { frequency: 'weekly', count: 2 }, `Bearer ${userToken(ctx, user)}`)).status).toBe(403);
  });

  it('GraphQL repeatEvent, and Event.seriesDates lists the other upcoming dates', async () => {
    const e = await makeEvent(ctx, { date: '2026-06-08' }); // last week: past
    const res = await ctx.gql(
      `mutation($id: ID!) { repeatEvent(id: $id, input: { frequency: WEEKLY, count: 4 }) { series { id frequency count } events { id date seriesId } } }`,
      { id: e.id },
      s.tokens.admin,
    );
    expect(res.data.repeatEvent.series).toMatchObject({ frequency: 'WEEKLY', count: 4 });
    expect(res.data.repeatEvent.events.map((x: { date: string }) => x.date)).toEqual(['2026-06-15', '2026-06-22', '2026-06-29']);
    const [today, next] = res.data.repeatEvent.events;
    const page = await ctx.gql(`query($id: ID!) { event(id: $id) { seriesId seriesDates { id date } } }`, { id: next.id });
    // From today on, not itself, not the past one.
    expect(page.data.event.seriesDates.map((x: { date: string }) => x.date)).toEqual(['2026-06-15', '2026-06-29']);
    expect(page.data.event.seriesDates[0].id).toBe(today.id);
    const lone = await ctx.gql(`query($id: ID!) { event(id: $id) { seriesId seriesDates { id } } }`, { id: (await makeEvent(ctx)).id });
    expect(lone.data.event).toEqual({ seriesId: null, seriesDates: [] });
    const denied = await ctx.gql(`mutation($id: ID!) { repeatEvent(id: $id, input: { frequency: WEEKLY, count: 2 }) { series { id } } }`, { id: e.id }, s.tokens.member);
    expect(denied.errors?.[0].extensions.code).toBe('FORBIDDEN');
  });
});

describe('editing a date of a series', () => {
  async function series() {
    const e = await makeEvent(ctx, { title: 'Weekly class', date: '2026-08-03', time: '10:00', location: 'Hall A' });
    const res = await repeat(e.id, { frequency: 'weekly', count: 4 });
    return (await seriesRows(res.body.series.id)).map((r) => r.id);
  }
  const get = async (id: string) => ctx.db.dataSource.getRepository(EventEntity).findOneByOrFail({ id });

  it("applyTo 'this' (the default) changes one date only", async () => {
    const [a, b, c] = await series();
    const res = await ctx.http.put(`/api/events/${b}`).set('authorization', auth).send({ title: 'Only this one', applyTo: 'this' });
    expect(res.status).toBe(200);
    expect([(await get(a)).title, (await get(b)).title, (await get(c)).title]).toEqual(['Weekly class', 'Only this one', 'Weekly class']);
  });

  it("applyTo 'following': this and later dates take the changed fields, keeping their own dates", async () => {
    const [a, b, c, d] = await series();
    await ctx.services.events.cancel(null, d);
    const res = await ctx.http.put(`/api/events/${b}`).set('authorization', auth).send({ title: 'Moved class', time: '16:00', location: 'Hall B', date: '2026-08-11', meetingLink: 'https://meet.example.org/x', titleHi: 'कक्षा', applyTo: 'following' });
    expect(res.status).toBe(200);
    const [ea, eb, ec, ed] = await Promise.all([get(a), get(b), get(c), get(d)]);
    expect([ea.title, ea.time, ea.date]).toEqual(['Weekly class', '10:00', '2026-08-03']);
    expect([eb.title, eb.time, eb.location, eb.date]).toEqual(['Moved class', '16:00', 'Hall B', '2026-08-11']);
    expect([ec.title, ec.time, ec.location, ec.date, ec.meetingLink, ec.translations.hi?.title]).toEqual(['Moved class', '16:00', 'Hall B', '2026-08-17', 'https://meet.example.org/x', 'कक्षा']);
    expect(ec.startsAt.toISOString()).toBe(new Date('2026-08-17T16:00:00+05:30').toISOString());
    // A cancelled date is left as it is.
    expect(ed.title).toBe('Weekly class');
  });

  it("GraphQL updateEvent with applyTo: FOLLOWING; one failing date rolls the whole edit back", async () => {
    const [a, b, c] = await series();
    const gql = await ctx.gql(`mutation($id: ID!) { updateEvent(id: $id, input: { speaker: "Dr. Rao", applyTo: FOLLOWING }) { speaker seriesId } }`, { id: a }, s.tokens.admin);
    expect(gql.data.updateEvent.speaker).toBe('Dr. Rao');
    expect((await get(c)).speaker).toBe('Dr. Rao');
    await ctx.db.dataSource.query('UPDATE events SET registered_count = 5 WHERE id = $1', [c]);
    const res = await ctx.http.put(`/api/events/${b}`).set('authorization', auth).send({ maxParticipants: 3, title: 'Smaller', applyTo: 'following' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/the date 2026-08-17 of the series/);
    expect((await get(b)).title).toBe('Weekly class');
    expect((await ctx.http.put(`/api/events/${b}`).set('authorization', auth).send({ applyTo: 'all' })).body.fields).toEqual({ applyTo: "Apply to must be 'this' or 'following'" });
  });

  it('deleting or cancelling one date leaves the others', async () => {
    const [a, b, c, d] = await series();
    expect((await ctx.http.delete(`/api/events/${b}`).set('authorization', auth)).status).toBe(200);
    await ctx.services.events.cancel(null, c);
    const left = await ctx.db.dataSource.getRepository(EventEntity).find({ where: { seriesId: (await get(a)).seriesId! } });
    expect(left.map((e) => [e.id, !!e.cancelledAt]).sort()).toEqual([[a, false], [c, true], [d, false]].sort());
  });
});
