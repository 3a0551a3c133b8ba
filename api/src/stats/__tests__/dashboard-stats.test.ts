import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';
import { createTestContext, type TestContext } from '../../test/harness';
import { makeEvent, makeUser, standardScenario } from '../../test/scenarios';

/** The clock: 2026-06-15 10:00 India time. Months and years are India-time calendar periods. */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof standardScenario>>;
const sql = async (q: string, params: unknown[] = []) => Number((await ctx.db.dataSource.query(q, params))[0].n);

beforeAll(async () => {
  ctx = await createTestContext({ now: new Date('2026-06-15T10:00:00+05:30') });
  s = await standardScenario(ctx);
  const seeded: [string, string, string][] = [
    // [category, status, created_at]
    ['graduate', 'active', '2026-06-14T12:00:00+05:30'],
    ['secondary', 'pending', '2026-06-10T09:00:00+05:30'],
    ['primary', 'approved', '2026-06-01T00:30:00+05:30'], // 2026-05-31 19:00 UTC: June in India, May in UTC
    ['student', 'rejected', '2026-05-31T23:00:00+05:30'], // May
    ['graduate', 'active', '2026-03-03T10:00:00+05:30'],
    ['secondary', 'pending', '2026-01-01T00:10:00+05:30'], // 2025-12-31 UTC: this year in India
    ['graduate', 'active', '2025-12-31T23:00:00+05:30'], // last year
    ['admin', 'active', '2024-07-01T10:00:00+05:30'],
  ];
  for (const [category, status, at] of seeded) {
    const u = await makeUser(ctx, { category: category as any, status: status as any });
    await ctx.db.dataSource.query('UPDATE users SET created_at = $2 WHERE id = $1', [u.id, at]);
  }
  // The standard scenario's users: created "now" by the database; pin them to the clock's today.
  for (const u of [s.admin, s.teacher, s.pendingTeacher, s.student, s.member]) {
    await ctx.db.dataSource.query('UPDATE users SET created_at = $2 WHERE id = $1', [u.id, '2026-06-15T09:00:00+05:30']);
  }
  for (const [date, category] of [
    ['2026-06-15', 'general'], ['2026-06-15', 'primary'], ['2026-06-16', 'graduate'], ['2026-06-30', 'general'],
    ['2026-07-01', 'secondary'], ['2026-12-31', 'general'], ['2027-01-02', 'general'],
    ['2026-06-01', 'primary'], ['2026-02-10', 'graduate'], ['2025-12-31', 'general'],
  ]) {
    await makeEvent(ctx, { date, category: category as any, title: `Event ${date}` });
  }
  await ctx.db.dataSource.query('UPDATE visitor_counter SET count = 1234 WHERE id = 1');
});
afterAll(() => ctx.close());

const DASHBOARD = `{ dashboardStats {
  visitorCount totalUsers usersThisMonth usersThisYear activeUsers pendingUsers usersByCategory { category count }
  eventsTotal eventsUpcoming eventsActive eventsThisMonth eventsThisYear eventsByCategory { category count }
  recentRegistrations { id createdAt } upcomingEvents { id date title }
} }`;

describe('dashboardStats equals independent SQL on the seeded data', () => {
  it('user, event and visitor figures', async () => {
    const { data, errors } = await ctx.gql(DASHBOARD, {}, s.tokens.admin);
    expect(errors).toBeUndefined();
    const d = data.dashboardStats;
    const month = ['2026-06-01T00:00:00+05:30', '2026-07-01T00:00:00+05:30'];
    const year = ['2026-01-01T00:00:00+05:30', '2027-01-01T00:00:00+05:30'];
    const expected = {
      visitorCount: 1234,
      totalUsers: await sql('SELECT count(*) AS n FROM users'),
      usersThisMonth: await sql('SELECT count(*) AS n FROM users WHERE created_at >= $1 AND created_at < $2', month),
      usersThisYear: await sql('SELECT count(*) AS n FROM users WHERE created_at >= $1 AND created_at < $2', year),
      activeUsers: await sql(`SELECT count(*) AS n FROM users WHERE status IN ('active', 'approved')`),
      pendingUsers: await sql(`SELECT count(*) AS n FROM users WHERE status = 'pending'`),
      eventsTotal: await sql('SELECT count(*) AS n FROM events'),
      eventsUpcoming: await sql(`SELECT count(*) AS n FROM events WHERE date > '2026-06-15'`),
      eventsActive: await sql(`SELECT count(*) AS n FROM events WHERE date = '2026-06-15'`),
      eventsThisMonth: await sql(`SELECT count(*) AS n FROM events WHERE date BETWEEN '2026-06-01' AND '2026-06-30'`),
      eventsThisYear: await sql(`SELECT count(*) AS n FROM events WHERE date BETWEEN '2026-01-01' AND '2026-12-31'`),
    };
    expect(d).toMatchObject(expected);
    // And the figures themselves, so a wrong seed cannot make both sides agree on nonsense.
    expect(expected).toEqual({
      visitorCount: 1234, totalUsers: 13, usersThisMonth: 8, usersThisYear: 11, activeUsers: 8, pendingUsers: 4,
      eventsTotal: 10, eventsUpcoming: 5, eventsActive: 2, eventsThisMonth: 5, eventsThisYear: 8,
    });
  });

  it('counts per category, as {category, count}', async () => {
    const { data } = await ctx.gql(DASHBOARD, {}, s.tokens.admin);
    const users = await ctx.db.dataSource.query('SELECT category, count(*)::int AS count FROM users GROUP BY category ORDER BY category');
    const events = await ctx.db.dataSource.query('SELECT category, count(*)::int AS count FROM events GROUP BY category ORDER BY category');
    expect(data.dashboardStats.usersByCategory).toEqual(users);
    expect(data.dashboardStats.eventsByCategory).toEqual(events);
  });

  it('recent registrations (last 7 days, newest first) and upcoming events (later dates, soonest first)', async () => {
    const { data } = await ctx.gql(DASHBOARD, {}, s.tokens.admin);
    const recent = await ctx.db.dataSource.query(`SELECT id FROM users WHERE created_at >= $1 ORDER BY created_at DESC, id`, ['2026-06-08T10:00:00+05:30']);
    expect(data.dashboardStats.recentRegistrations.map((u: any) => u.id)).toEqual(recent.map((r: any) => r.id));
    expect(data.dashboardStats.upcomingEvents.map((e: any) => e.date)).toEqual(['2026-06-16', '2026-06-30', '2026-07-01', '2026-12-31', '2027-01-02']);
  });

  it('is computed in three SQL statements', async () => {
    const spy = jest.spyOn(PostgresQueryRunner.prototype, 'query');
    try {
      await ctx.services.stats.dashboard();
      expect(spy.mock.calls.length).toBe(3);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('REST statistics (GET /api/users/total and the other counts)', () => {
  const get = (path: string) => ctx.http.get(`/api/users/${path}`).set('authorization', `Bearer ${s.tokens.admin}`);
  it('counts under count, categories as {_id, count}', async () => {
    const { data } = await ctx.gql(DASHBOARD, {}, s.tokens.admin);
    const d = data.dashboardStats;
    const expectCount = async (path: string, n: number) => expect([path, (await get(path)).body.count]).toEqual([path, n]);
    await expectCount('total', d.totalUsers);
    await expectCount('this-month', d.usersThisMonth);
    await expectCount('this-year', d.usersThisYear);
    await expectCount('active', d.activeUsers);
    await expectCount('pending', d.pendingUsers);
    await expectCount('events/total', d.eventsTotal);
    await expectCount('events/upcoming', d.eventsUpcoming);
    await expectCount('events/active', d.eventsActive);
    await expectCount('events/this-month', d.eventsThisMonth);
    await expectCount('events/this-year', d.eventsThisYear);
    const categories = (await get('category')).body.data;
    expect(categories).toContainEqual({ _id: 'primary', category: 'primary', count: 3 });
    const eventCategories = (await get('events/category')).body;
    expect(Array.isArray(eventCategories)).toBe(true);
    expect(eventCategories).toContainEqual({ _id: 'general', category: 'general', count: 5 });
  });

  it('recent?daysAgo and upcoming under data', async () => {
    expect((await get('recent?daysAgo=7')).body.data).toHaveLength(7);
    expect((await get('recent?daysAgo=1')).body.data).toHaveLength(6);
    expect((await get('recent?daysAgo=abc')).status).toBe(400);
    const upcoming = (await get('upcoming')).body.data;
    expect(upcoming.map((e: any) => e.date.slice(0, 10))).toEqual(['2026-06-16', '2026-06-30', '2026-07-01', '2026-12-31', '2027-01-02']);
    expect(upcoming[0]._id).toBe(upcoming[0].id);
  });
});
