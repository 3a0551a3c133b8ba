import { createTestContext, type TestContext } from '../../test/harness';
import { makeEvent, makeUser, userToken } from '../../test/scenarios';

let ctx: TestContext;
let ids: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext({ now: new Date('2026-06-15T10:00:00+05:30') });
  ids = {
    past2: (await makeEvent(ctx, { title: 'Older past', date: '2026-05-02', speaker: 'Dr. Rao' })).id,
    past1: (await makeEvent(ctx, { title: 'Recent past', date: '2026-06-10', category: 'primary' })).id,
    todayMorning: (await makeEvent(ctx, { title: 'Today morning', date: '2026-06-15', time: '08:00' })).id,
    todayEvening: (await makeEvent(ctx, { title: 'Today evening', date: '2026-06-15', time: '18:00' })).id,
    next: (await makeEvent(ctx, { title: 'Next week 100%_sale', date: '2026-06-22', maxParticipants: 2, registeredCount: 2 })).id,
    later: (await makeEvent(ctx, { title: 'July seminar', date: '2026-07-05', category: 'graduate', speaker: 'Prof. Tiwari' })).id,
  };
});
afterAll(() => ctx.close());

const titles = (items: { title: string }[]) => items.map((e) => e.title);
const EVENTS = `query($filter: EventFilter, $offset: Int, $limit: Int) { events(filter: $filter, offset: $offset, limit: $limit) { total offset limit items { id title date isUpcoming hasStarted timing isFull registeredCount isRegistered } } }`;

describe('events query: timing filters (upcoming, active, future, past by the India date)', () => {
  it('UPCOMING includes today and later, ascending', async () => {
    const { data } = await ctx.gql(EVENTS, { filter: { when: 'UPCOMING' } });
    expect(titles(data.events.items)).toEqual(['Today morning', 'Today evening', 'Next week 100%_sale', 'July seminar']);
  });
  it('PAST is before today, descending', async () => {
    const { data } = await ctx.gql(EVENTS, { filter: { when: 'PAST' } });
    expect(titles(data.events.items)).toEqual(['Recent past', 'Older past']);
  });
  it('ACTIVE is today only; FUTURE is after today (the admin reading)', async () => {
    const active = await ctx.gql(EVENTS, { filter: { when: 'ACTIVE' } });
    expect(titles(active.data.events.items)).toEqual(['Today morning', 'Today evening']);
    const future = await ctx.gql(EVENTS, { filter: { when: 'FUTURE' } });
    expect(titles(future.data.events.items)).toEqual(['Next week 100%_sale', 'July seminar']);
  });
  it('computes timing, isUpcoming, hasStarted and isFull from the clock', async () => {
    const { data } = await ctx.gql(EVENTS, { filter: { when: 'ALL' }, limit: 50 });
    const byTitle = Object.fromEntries(data.events.items.map((e: any) => [e.title, e]));
    expect(byTitle['Recent past']).toMatchObject({ timing: 'PAST', isUpcoming: false, hasStarted: true });
    expect(byTitle['Today morning']).toMatchObject({ timing: 'ACTIVE', isUpcoming: true, hasStarted: true });
    expect(byTitle['Today evening']).toMatchObject({ timing: 'ACTIVE', isUpcoming: true, hasStarted: false });
    expect(byTitle['Next week 100%_sale']).toMatchObject({ timing: 'UPCOMING', isFull: true, registeredCount: 2, isRegistered: false });
  });
});

describe('events query: UPCOMING_FIRST order (the admin list)', () => {
  const upcomingFirst = ['Today morning', 'Today evening', 'Next week 100%_sale', 'July seminar', 'Recent past', 'Older past'];
  it('lists today and later soonest first, then past events latest first', async () => {
    const { data, errors } = await ctx.gql(EVENTS, { filter: { when: 'ALL', order: 'UPCOMING_FIRST' }, limit: 50 });
    expect(errors).toBeUndefined();
    expect(titles(data.events.items)).toEqual(upcomingFirst);
  });
  it('pages through the same order on the server', async () => {
    const first = await ctx.gql(EVENTS, { filter: { order: 'UPCOMING_FIRST' }, offset: 0, limit: 4 });
    const second = await ctx.gql(EVENTS, { filter: { order: 'UPCOMING_FIRST' }, offset: 4, limit: 4 });
    expect([...titles(first.data.events.items), ...titles(second.data.events.items)]).toEqual(upcomingFirst);
    expect(second.data.events.total).toBe(6);
  });
  it('REST takes order=upcoming_first; an unknown order is a 400', async () => {
    const res = await ctx.http.get('/api/events?order=upcoming_first&limit=50');
    expect(res.status).toBe(200);
    expect(titles(res.body.data)).toEqual(upcomingFirst);
    expect((await ctx.http.get('/api/events?order=sideways')).status).toBe(400);
  });
});

describe('events query: month, category, search, pagination', () => {
  it('filters by month and year', async () => {
    const { data } = await ctx.gql(EVENTS, { filter: { month: 6, year: 2026 }, limit: 50 });
    expect(data.events.total).toBe(4);
    expect(data.events.items.every((e: any) => e.date.startsWith('2026-06'))).toBe(true);
  });
  it('filters by category', async () => {
    const { data } = await ctx.gql(EVENTS, { filter: { category: 'GRADUATE' } });
    expect(titles(data.events.items)).toEqual(['July seminar']);
  });
  it('searches title and speaker case-insensitively, treating % and _ literally', async () => {
    expect(titles((await ctx.gql(EVENTS, { filter: { search: 'tiwari' } })).data.events.items)).toEqual(['July seminar']);
    expect(titles((await ctx.gql(EVENTS, { filter: { search: '100%_' } })).data.events.items)).toEqual(['Next week 100%_sale']);
    expect((await ctx.gql(EVENTS, { filter: { search: '%' } })).data.events.total).toBe(1);
  });
  it('searches by id', async () => {
    const { data } = await ctx.gql(EVENTS, { filter: { search: ids.later.slice(0, 8) } });
    expect(titles(data.events.items)).toEqual(['July seminar']);
  });
  it('paginates with a stable total', async () => {
    const first = await ctx.gql(EVENTS, { filter: { when: 'ALL' }, offset: 0, limit: 2 });
    const second = await ctx.gql(EVENTS, { filter: { when: 'ALL' }, offset: 2, limit: 2 });
    expect(first.data.events.total).toBe(6);
    expect(first.data.events.items).toHaveLength(2);
    expect(titles(second.data.events.items)).toEqual(['Today morning', 'Today evening']);
  });
  it('rejects a month outside 1-12 with a validation error', async () => {
    const { errors } = await ctx.gql(EVENTS, { filter: { month: 13 } });
    expect(errors?.[0].extensions.code).toBe('VALIDATION');
  });
});

describe('event and calendar counts', () => {
  it('returns one event; NOT_FOUND for an unknown or malformed id', async () => {
    const found = await ctx.gql(`query($id: ID!) { event(id: $id) { title speaker } }`, { id: ids.later });
    expect(found.data.event).toEqual({ title: 'July seminar', speaker: 'Prof. Tiwari' });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', "1' OR '1'='1"]) {
      const missing = await ctx.gql(`query($id: ID!) { event(id: $id) { title } }`, { id });
      expect(missing.errors?.[0]).toMatchObject({ message: 'Event not found', extensions: { code: 'NOT_FOUND' } });
    }
  });
  it('counts events per day of a month in one grouped query', async () => {
    const { data } = await ctx.gql(`{ eventCountsByDay(year: 2026, month: 6) { date count } }`);
    expect(data.eventCountsByDay).toEqual([
      { date: '2026-06-10', count: 1 },
      { date: '2026-06-15', count: 2 },
      { date: '2026-06-22', count: 1 },
    ]);
    const past = await ctx.gql(`{ eventCountsByDay(year: 2026, month: 6, when: PAST) { date count } }`);
    expect(past.data.eventCountsByDay).toEqual([{ date: '2026-06-10', count: 1 }]);
  });
});

describe('REST: GET /api/events and /api/events/:id', () => {
  it('lists events in the legacy shape under data', async () => {
    const res = await ctx.http.get('/api/events?when=upcoming');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.map((e: any) => e.title)).toEqual(['Today morning', 'Today evening', 'Next week 100%_sale', 'July seminar']);
    const first = res.body.data[0];
    expect(first._id).toBe(first.id);
    expect(first.date.slice(0, 10)).toBe('2026-06-15');
    expect(first.registrations).toEqual([]);
  });
  it('answers 304 to a matching If-None-Match', async () => {
    const first = await ctx.http.get('/api/events');
    expect(first.headers.etag).toBeTruthy();
    const again = await ctx.http.get('/api/events').set('if-none-match', first.headers.etag);
    expect(again.status).toBe(304);
  });
  it('returns one event, and 404 Event not found for unknown or malformed ids', async () => {
    const ok = await ctx.http.get(`/api/events/${ids.next}`);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ _id: ids.next, maxParticipants: 2, registeredCount: 2, isFull: true });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'abc', '%27%3B%20DROP%20TABLE%20events%3B--']) {
      const res = await ctx.http.get(`/api/events/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND', msg: 'Event not found', message: 'Event not found', error: 'Event not found' });
    }
  });
  it('rejects bad query parameters with 400, not 500', async () => {
    for (const q of ['month=0', 'year=abc', 'limit=-1', 'limit=100000', 'when=sometimes', 'category=music']) {
      const res = await ctx.http.get(`/api/events?${q}`);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });
});

describe('cached event lists stay correct after writes', () => {
  it('a registration shows in the next list at once, and admin edits do too', async () => {
    const query = `{ events(filter: { when: FUTURE }) { items { id title registeredCount } } }`;
    const before = (await ctx.gql(query)).data.events.items.find((e: any) => e.id === ids.later);
    const user = await makeUser(ctx);
    const reg = await ctx.http.post(`/api/events/${ids.later}/register`).set('authorization', `Bearer ${userToken(ctx, user)}`);
    expect(reg.status).toBe(200);
    const after = (await ctx.gql(query)).data.events.items.find((e: any) => e.id === ids.later);
    expect(after.registeredCount).toBe(before.registeredCount + 1);
    await ctx.services.events.update(null, ids.later, { title: 'July seminar (renamed)' });
    const renamed = (await ctx.gql(query)).data.events.items.find((e: any) => e.id === ids.later);
    expect(renamed.title).toBe('July seminar (renamed)');
  });

  it('the date rolls over: after midnight India time yesterday\'s events are past', async () => {
    const active = `{ events(filter: { when: ACTIVE }) { total } }`;
    expect((await ctx.gql(active)).data.events.total).toBe(2);
    ctx.clock.set(new Date('2026-06-16T00:01:00+05:30'));
    expect((await ctx.gql(active)).data.events.total).toBe(0);
    ctx.clock.set(new Date('2026-06-15T10:00:00+05:30'));
  });
});

describe('shared public answers (REST fast path)', () => {
  it('replays the same body with the security headers, gzip when accepted, and 304 on a matching ETag', async () => {
    const first = await ctx.http.get('/api/events?when=future');
    const second = await ctx.http.get('/api/events?when=future');
    expect(second.body).toEqual(first.body);
    for (const res of [first, second]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-request-id']).toBeTruthy();
    }
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(second.headers.etag).toBe(first.headers.etag);
    const zipped = await ctx.http.get('/api/events?when=future').set('accept-encoding', 'gzip');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.body).toEqual(first.body);
    const notModified = await ctx.http.get('/api/events?when=future').set('if-none-match', first.headers.etag);
    expect(notModified.status).toBe(304);
  });

  it('drops the shared answer when an event changes, and never shares a signed-in answer', async () => {
    const user = await makeUser(ctx);
    const token = userToken(ctx, user);
    const before = await ctx.http.get(`/api/events/${ids.next}`);
    await ctx.services.events.update(null, ids.next, { speaker: 'Smt. Kavita Mishra' });
    const after = await ctx.http.get(`/api/events/${ids.next}`);
    expect(before.body.data.speaker).toBeNull();
    expect(after.body.data.speaker).toBe('Smt. Kavita Mishra');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    await ctx.http.post(`/api/events/${ids.later}/register`).set('authorization', `Bearer ${token}`);
    const mine = await ctx.http.get(`/api/events/${ids.later}`).set('authorization', `Bearer ${token}`);
    expect(mine.body.data.registrations).toContainEqual({ _id: user.id });
    const anonymous = await ctx.http.get(`/api/events/${ids.later}`);
    expect(anonymous.body.data.registrations).toHaveLength(mine.body.data.registrations.length);
    expect(JSON.stringify(anonymous.body.data.registrations)).not.toContain(user.id);
    expect(anonymous.body.data.registeredCount).toBe(mine.body.data.registeredCount);
  });
});
