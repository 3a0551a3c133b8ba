import { seedBenchData } from '../../db/bench-seed';
import { countStatements } from '../../db/statement-counter';
import { createTestContext, type TestContext } from '../../test/harness';
import { adminToken, makeUser, userToken } from '../../test/scenarios';

/**
 * List reads run a constant number of SQL statements whatever the page size (no N+1), counted by the
 * opt-in X-SQL-Statements header (SQL_STATEMENT_HEADER=1) around each request.
 */
describe('SQL statements per request', () => {
  let ctx: TestContext;
  let user: string;
  let admin: string;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { SQL_STATEMENT_HEADER: '1' } });
    // 150 events around the test clock's date (2026-06-15), 30 registrations each.
    await seedBenchData(ctx.db.dataSource, { events: 150, users: 400, registrations: 4500, seed: 3, anchor: '2026-06-15' });
    const someone = await makeUser(ctx, { category: 'secondary', status: 'active' });
    await ctx.db.dataSource.query(`INSERT INTO registrations (event_id, user_id) SELECT id, $1 FROM events ORDER BY date LIMIT 40`, [someone.id]);
    await ctx.db.dataSource.query(`UPDATE events SET registered_count = registered_count + 1, max_participants = NULL WHERE id IN (SELECT event_id FROM registrations WHERE user_id = $1)`, [someone.id]);
    user = userToken(ctx, someone);
    admin = adminToken(ctx, await makeUser(ctx, { category: 'admin', status: 'active' }));
  });
  afterAll(() => ctx.close());

  /** Statements of one request on a cold cache. */
  async function statements(send: () => PromiseLike<{ status: number; headers: Record<string, string>; body: unknown }>) {
    ctx.publicCache.invalidate('all');
    const res = await send();
    expect(res.status).toBe(200);
    expect(res.headers['x-sql-statements']).toMatch(/^\d+$/);
    expect(res.headers['server-timing']).toMatch(/^app;dur=[\d.]+$/);
    return Number(res.headers['x-sql-statements']);
  }

  const gqlEvents = (limit: number, token?: string) => () => {
    let req = ctx.http.post('/graphql').set('content-type', 'application/json');
    if (token) req = req.set('authorization', `Bearer ${token}`);
    return req.send({ query: `{ events(filter: { when: ALL }, limit: ${limit}) { total items { id title registeredCount isFull isRegistered } } }` });
  };

  it('GraphQL events: the same count for 20 and 100 items, signed out and signed in', async () => {
    const anon20 = await statements(gqlEvents(20));
    const anon100 = await statements(gqlEvents(100));
    expect(anon20).toBe(anon100);
    expect(anon20).toBeLessThanOrEqual(3); // count + page + the waiting counts (isFull: a free place may be due to someone waiting)
    const signed20 = await statements(gqlEvents(20, user));
    const signed100 = await statements(gqlEvents(100, user));
    expect(signed20).toBe(signed100);
    expect(signed20).toBeLessThanOrEqual(anon20 + 2); // + the viewer + one batched isRegistered lookup
    const res = await gqlEvents(100, user)();
    expect(res.body.data.events.items.filter((e: { isRegistered: boolean }) => e.isRegistered).length).toBeGreaterThan(0);
  });

  it('REST GET /api/events: the same count for limit 20 and 100, signed out and signed in', async () => {
    const rest = (limit: number, token?: string) => () => {
      const req = ctx.http.get(`/api/events?limit=${limit}`);
      return token ? req.set('authorization', `Bearer ${token}`) : req;
    };
    expect(await statements(rest(20))).toBe(await statements(rest(100)));
    const signed = await statements(rest(20, user));
    expect(await statements(rest(100, user))).toBe(signed);
    // count + page + the viewer + the waiting-list decorations + the registrations array + the sessions (one each for the page)
    expect(signed).toBeLessThanOrEqual(6);
  });

  it('dashboard statistics: a fixed handful of statements', async () => {
    const dash = () => ctx.http.post('/graphql').set('content-type', 'application/json').set('authorization', `Bearer ${admin}`)
      .send({ query: '{ dashboardStats { totalUsers eventsTotal recentRegistrations { id } upcomingEvents { id isRegistered } } }' });
    const n = await statements(dash);
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThanOrEqual(5);
  });

  it('countStatements counts what a block of service calls ran (the service keeps no cache of its own)', async () => {
    const { result, statements: n } = await countStatements(() => ctx.services.events.list({}, { limit: 100 }));
    expect(result.items).toHaveLength(100);
    expect(n).toBe(2);
    const again = await countStatements(() => ctx.services.events.list({}, { limit: 100 }));
    expect(again.statements).toBe(2);
  });

  it('a repeated signed-out read runs no SQL (served by the public cache), REST and GraphQL alike', async () => {
    ctx.publicCache.invalidate('all');
    const first = await ctx.http.get('/api/events?limit=20');
    const repeat = await ctx.http.get('/api/events?limit=20&v=cache-buster');
    expect(Number(first.headers['x-sql-statements'])).toBeGreaterThan(0);
    expect(repeat.headers['x-sql-statements']).toBe('0');
    expect(repeat.body).toEqual(first.body);
    await gqlEvents(20)();
    expect((await gqlEvents(20)()).headers['x-sql-statements']).toBe('0');
  });
});
