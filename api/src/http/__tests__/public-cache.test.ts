import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ManualClock } from '../../common/clock';
import { realPng } from '../../test/images';
import { createTestContext, type TestContext } from '../../test/harness';
import { adminToken, makeEvent, makeUser, shiftDays, userToken } from '../../test/scenarios';
import { PublicCache } from '../public-cache';

/** Signed-out reads of the public event lists over GraphQL are answered once and replayed until a write. */
describe('public cache: GraphQL reads', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { SQL_STATEMENT_HEADER: '1' } });
    await makeEvent(ctx, { title: 'First', daysFromToday: 3 });
    await makeEvent(ctx, { title: 'Second', daysFromToday: 5, maxParticipants: 10 });
  });
  afterAll(() => ctx.close());

  const query = '{ events(filter: { when: UPCOMING }, limit: 20) { total items { id title registeredCount isFull isRegistered } } }';
  const post = (body: unknown, headers: Record<string, string> = {}) => {
    let req = ctx.http.post('/graphql').set('content-type', 'application/json');
    for (const [k, v] of Object.entries(headers)) req = req.set(k, v);
    return req.send(typeof body === 'string' ? body : JSON.stringify(body));
  };
  const statements = (res: { headers: Record<string, string> }) => Number(res.headers['x-sql-statements']);

  it('replays the same answer without touching the database, and a write shows at once', async () => {
    const first = await post({ query });
    expect(first.status).toBe(200);
    expect(statements(first)).toBeGreaterThan(0);
    const second = await post({ query });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(statements(second)).toBe(0);
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(second.headers['content-type']).toMatch(/^application\/json/);

    await ctx.services.events.create(null, {
      title: 'Third', description: 'Added by an admin', category: 'general', date: shiftDays(ctx.services.events.today(), 9), time: '11:00', location: 'Naini',
    });
    const after = await post({ query });
    expect(after.body.data.events.total).toBe(first.body.data.events.total + 1);
    expect(after.body.data.events.items.map((e: { title: string }) => e.title)).toContain('Third');
  });

  it('shows a new registration count at once', async () => {
    const before = await post({ query });
    const second = before.body.data.events.items.find((e: { title: string }) => e.title === 'Second');
    const user = await makeUser(ctx, { category: 'secondary', status: 'active' });
    await ctx.services.registrations.register({ id: user.id, email: user.email, name: user.name, category: user.category, status: user.status, tokenKind: 'user' }, second.id);
    const after = await post({ query });
    expect(after.body.data.events.items.find((e: { id: string }) => e.id === second.id).registeredCount).toBe(second.registeredCount + 1);
    // Signed in, the same query is not shared: it runs and says whether this user is registered.
    const mine = await post({ query }, { authorization: `Bearer ${userToken(ctx, user)}` });
    expect(statements(mine)).toBeGreaterThan(0);
    expect(mine.body.data.events.items.find((e: { id: string }) => e.id === second.id).isRegistered).toBe(true);
    const anonymous = await post({ query });
    expect(anonymous.body.data.events.items.every((e: { isRegistered: boolean }) => e.isRegistered === false)).toBe(true);
  });

  it('does not share answers with errors, other root fields, or mutations', async () => {
    const bad = { query: '{ event(id: "00000000-0000-0000-0000-000000000000") { id title } }' };
    expect((await post(bad)).body.errors[0].extensions.code).toBe('NOT_FOUND');
    const again = await post(bad);
    expect(again.body.errors[0].extensions.code).toBe('NOT_FOUND');
    expect(statements(again)).toBeGreaterThan(0);

    const other = { query: '{ events(limit: 1) { total } visitorCount }' };
    await post(other);
    expect(statements(await post(other))).toBeGreaterThan(0);
  });

  it('answers a malformed body as before, and gives CORS and gzip on a replayed answer', async () => {
    const malformed = await post('{"query": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].extensions.code).toBe('VALIDATION');

    await post({ query });
    const allowed = await post({ query }, { origin: ctx.config.publicOrigin });
    expect(statements(allowed)).toBe(0);
    expect(allowed.headers['access-control-allow-origin']).toBe(ctx.config.publicOrigin);
    const foreign = await post({ query }, { origin: 'https://elsewhere.example' });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();

    // supertest unzips the body it reads
    const zipped = await post({ query }, { 'accept-encoding': 'gzip' });
    expect(statements(zipped)).toBe(0);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.body.data.events.total).toBeGreaterThan(0);
  });
});

describe('public cache: REST reads', () => {
  let ctx: TestContext;
  let eventId: string;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { SQL_STATEMENT_HEADER: '1' } });
    eventId = (await makeEvent(ctx, { title: 'Open day', daysFromToday: 4 })).id;
    await makeEvent(ctx, { title: 'Science fair', daysFromToday: 6 });
  });
  afterAll(() => ctx.close());
  const statements = (res: { headers: Record<string, string> }) => Number(res.headers['x-sql-statements']);

  it('treats requests with and without Origin alike; CORS is added per request, never replayed', async () => {
    const plain = await ctx.http.get('/api/events?when=upcoming');
    expect(plain.headers['access-control-allow-origin']).toBeUndefined();
    const fromSite = await ctx.http.get('/api/events?when=upcoming').set('origin', ctx.config.publicOrigin);
    expect(statements(fromSite)).toBe(0);
    expect(fromSite.headers['access-control-allow-origin']).toBe(ctx.config.publicOrigin);
    expect(fromSite.headers.vary).toMatch(/Origin/);
    const foreign = await ctx.http.get('/api/events?when=upcoming').set('origin', 'https://elsewhere.example');
    expect(statements(foreign)).toBe(0);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    expect(foreign.body).toEqual(plain.body);
    expect(foreign.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
    expect(foreign.headers['x-request-id']).not.toBe(plain.headers['x-request-id']);
  });

  it('answers If-None-Match with 304, and the ETag changes with the data', async () => {
    const first = await ctx.http.get(`/api/events/${eventId}`);
    expect(first.headers.etag).toMatch(/^"/);
    const again = await ctx.http.get(`/api/events/${eventId}`).set('if-none-match', first.headers.etag);
    expect(again.status).toBe(304);
    expect(statements(again)).toBe(0);
    await ctx.services.events.update(null, eventId, { title: 'Open day (moved)' });
    const changed = await ctx.http.get(`/api/events/${eventId}`).set('if-none-match', first.headers.etag);
    expect(changed.status).toBe(200);
    expect(changed.body.data.title).toBe('Open day (moved)');
    expect(changed.headers.etag).not.toBe(first.headers.etag);
  });

  it('keys by the parameters the answer depends on: cache-busting parameters share one entry', async () => {
    await ctx.http.get('/api/events?limit=1');
    const busted = await ctx.http.get('/api/events?limit=1&v=123&_=abc');
    expect(statements(busted)).toBe(0);
    const other = await ctx.http.get('/api/events?limit=2');
    expect(statements(other)).toBeGreaterThan(0);
    expect(other.body.data).toHaveLength(2);
  });

  it('drops only what a write touched: a team change leaves the event answers cached', async () => {
    const admin = adminToken(ctx, await makeUser(ctx, { category: 'admin', status: 'active' }));
    await ctx.http.get('/api/events');
    await ctx.http.get('/api/team');
    const created = await ctx.http.post('/api/team').set('authorization', `Bearer ${admin}`)
      .field('name', 'Asha Verma').field('designation', 'Coordinator').field('description', 'Runs the workshops')
      .attach('image', await realPng(200, 200), 'asha.png');
    expect(created.status).toBe(201);
    const events = await ctx.http.get('/api/events');
    expect(statements(events)).toBe(0);
    const team = await ctx.http.get('/api/team');
    expect(statements(team)).toBeGreaterThan(0);
    expect(team.body.map((m: { name: string }) => m.name)).toContain('Asha Verma');
  });

  it('never serves a signed-in request from the cache', async () => {
    const user = await makeUser(ctx, { category: 'graduate', status: 'active' });
    await ctx.http.get(`/api/events/${eventId}`);
    const mine = await ctx.http.get(`/api/events/${eventId}`).set('authorization', `Bearer ${userToken(ctx, user)}`);
    expect(statements(mine)).toBeGreaterThan(0);
    expect(mine.body.data.isRegistered).toBe(false);
  });
});

/** The store itself, with a stand-in for the app behind it. */
describe('public cache: what is kept', () => {
  let server: Server;
  let url: string;
  let cache: PublicCache;
  let builds = 0;
  let buildMs = 0;
  /** What the app does while building an answer (e.g. a write commits meanwhile). */
  let duringBuild: () => void = () => undefined;

  beforeAll(async () => {
    cache = new PublicCache({ clock: new ManualClock(new Date('2026-06-15T10:00:00Z')), today: () => '2026-06-15', corsOrigins: [] });
    const app = async (req: IncomingMessage, res: import('node:http').ServerResponse) => {
      const build = ++builds;
      duringBuild();
      await new Promise((r) => setTimeout(r, buildMs));
      if (!cache.respond(req, res, { builds: build })) res.end('not cacheable');
    };
    server = createServer(cache.frontDoor(app, async () => ({ status: 200, json: '{}', cacheable: false }), () => undefined));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    cache.invalidate('all');
    duringBuild = () => undefined;
    builds = 0;
    buildMs = 0;
  });
  const get = async (path: string) => (await fetch(url + path)).json();

  it('does not keep an answer built while a write to its topic committed', async () => {
    duringBuild = () => cache.invalidate(['events']);
    expect(await get('/api/events')).toEqual({ builds: 1 });
    duringBuild = () => undefined;
    expect(await get('/api/events')).toEqual({ builds: 2 });
    expect(await get('/api/events')).toEqual({ builds: 2 });
  });

  it('lets concurrent misses share one build, unless a write committed since it began', async () => {
    buildMs = 100;
    const together = await Promise.all(Array.from({ length: 8 }, () => get('/api/events?when=past')));
    expect(together).toEqual(Array(8).fill({ builds: 1 }));
    cache.invalidate(['events']);
    const first = get('/api/events?when=past');
    await new Promise((r) => setTimeout(r, 30));
    cache.invalidate(['events']); // a write commits while the second build runs
    const later = get('/api/events?when=past'); // arrived after it: must not take the older build's answer
    expect(await first).toEqual({ builds: 2 });
    expect(await later).toEqual({ builds: 3 });
  });

  it('keeps an answer when the write was to another topic', async () => {
    duringBuild = () => cache.invalidate(['team']);
    await get('/api/events');
    expect(await get('/api/events')).toEqual({ builds: 1 });
  });

  it('drops the event detail on its own topic, and keeps nothing while incoherent', async () => {
    const id = '0b0b0b0b-0000-4000-8000-000000000001';
    await get(`/api/events/${id}`);
    cache.invalidate(['event:0b0b0b0b-0000-4000-8000-000000000002']);
    expect(await get(`/api/events/${id}`)).toEqual({ builds: 1 });
    cache.invalidate([`event:${id}`]);
    expect(await get(`/api/events/${id}`)).toEqual({ builds: 2 });
    cache.setEnabled(false);
    await get('/api/team');
    expect(await get('/api/team')).toEqual({ builds: 4 });
    cache.setEnabled(true);
  });
});
