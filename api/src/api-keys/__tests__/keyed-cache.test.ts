/**
 * An API key reads the shared public answers (http/public-cache.ts) once its key is checked: the answer
 * is the signed-out one (a key has no person), a revoked key still gets 401 on a cached route, a key
 * without the route's scope 403, and a person's token still bypasses the cache.
 */
import request from 'supertest';
import { createApp } from '../../app';
import { createLogger } from '../../common/logger';
import { createServices } from '../../services';
import { createTestContext, type TestContext } from '../../test/harness';
import { makeEvent, standardScenario } from '../../test/scenarios';

jest.setTimeout(120_000);

let ctx: TestContext;
let s: Awaited<ReturnType<typeof standardScenario>>;
let eventId: string;

beforeAll(async () => {
  ctx = await createTestContext({ env: { API_KEY_RATE_LIMIT: '30' } });
  s = await standardScenario(ctx);
  eventId = (await makeEvent(ctx, { title: 'Keyed read', daysFromToday: 2, maxParticipants: 1 })).id;
  // The key's creator holds the place and waits nowhere; a member waits: signed in, each would see their own.
  await ctx.services.registrations.register({ ...s.admin, tokenKind: 'user' } as never, eventId);
});
afterAll(() => ctx.close());

async function makeKey(scopes: string[]): Promise<{ id: string; key: string }> {
  const res = await ctx.http.post('/api/admin/api-keys').set('authorization', `Bearer ${s.tokens.admin}`).send({ name: `Cache ${scopes.join(' ')}`, scopes });
  expect(res.status).toBe(201);
  return { id: res.body.id, key: res.body.key };
}
const get = (path: string, token?: string) => (token ? ctx.http.get(path).set('authorization', `Bearer ${token}`) : ctx.http.get(path));
const hits = () => ctx.publicCache.counts.hits;

describe('a key reads the shared public answers', () => {
  it('the events list and an event: answered from the cache, the same body as signed out', async () => {
    const { key } = await makeKey(['events:read']);
    for (const path of ['/api/events?when=upcoming', `/api/events/${eventId}`]) {
      const anonymous = await get(path);
      expect(anonymous.status).toBe(200);
      const before = hits();
      const keyed = await get(path, key);
      expect([path, keyed.status]).toEqual([path, 200]);
      expect(hits()).toBe(before + 1);
      expect(keyed.body).toEqual(anonymous.body);
      expect(keyed.headers.etag).toBe(anonymous.headers.etag);
    }
    // The creator is registered: nothing of theirs shows to their key.
    const detail = (await get(`/api/events/${eventId}`, key)).body.data;
    expect(detail.isRegistered).toBe(false);
    expect(detail).not.toHaveProperty('waitlistPosition');
    expect(detail).not.toHaveProperty('meetingLink');
    expect(detail.registrations.map((r: { _id: string }) => r._id)).not.toContain(s.admin.id);
  });

  it('GraphQL past the cache (a root field it does not keep): still nothing of the creator\'s own', async () => {
    const { key } = await makeKey(['events:read']);
    // visitorCount is public but never kept, so this request is resolved afresh with the key as its caller.
    const query = `{ event(id: "${eventId}") { isRegistered myWaitlist { position } meetingLink myCheckIn { code } myAnswers { questionId } } visitorCount }`;
    const before = hits();
    const keyed = await ctx.gql(query, undefined, key);
    expect(hits()).toBe(before);
    expect(keyed.errors).toBeUndefined();
    expect(keyed.data.event).toEqual({ isRegistered: false, myWaitlist: null, meetingLink: null, myCheckIn: null, myAnswers: null });
    // The creator, signed in, sees their own place: the key's answer above is not just empty for everyone.
    const own = await ctx.gql(query, undefined, s.tokens.admin);
    expect(own.data.event.isRegistered).toBe(true);
    expect(own.data.event.myCheckIn?.code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  });

  it('a keyed miss builds the signed-out answer and keeps it for visitors', async () => {
    const { key } = await makeKey(['events:read']);
    const path = `/api/events?when=upcoming&category=general&limit=7`;
    const keyed = await get(path, key);
    expect(keyed.status).toBe(200);
    const before = hits();
    const anonymous = await get(path);
    expect(hits()).toBe(before + 1);
    expect(anonymous.body).toEqual(keyed.body);
    expect(keyed.body.data.find((e: { id: string }) => e.id === eventId)?.isRegistered).toBe(false);
  });

  it('GraphQL: a public query with a key is answered from the cache, without the creator\'s own fields', async () => {
    const { key } = await makeKey(['events:read']);
    const query = `{ event(id: "${eventId}") { id title isRegistered myWaitlist { position } meetingLink } }`;
    const anonymous = await ctx.gql(query);
    expect(anonymous.errors).toBeUndefined();
    const before = hits();
    // The same bytes as the visitor's (the cache keys GraphQL by the body as sent).
    const keyed = await ctx.gql(query, undefined, key);
    expect(hits()).toBe(before + 1);
    expect(keyed).toEqual(anonymous);
    expect(keyed.data.event.isRegistered).toBe(false);
  });

  it('the team (public, no scope) with any key; the events list needs events:read (403, never the cached answer)', async () => {
    const { key } = await makeKey(['registrations:read']);
    await get('/api/team');
    await get('/api/events');
    const before = hits();
    expect((await get('/api/team', key)).status).toBe(200);
    expect(hits()).toBe(before + 1);
    const refused = await get('/api/events', key);
    expect([refused.status, refused.body.code]).toEqual([403, 'FORBIDDEN']);
    expect(hits()).toBe(before + 1);
    const gql = await ctx.gql('{ events { total } }', undefined, key);
    expect(gql.errors?.[0].extensions.code).toBe('FORBIDDEN');
  });

  it('a revoked key answers 401 on a cached route at once, REST and GraphQL', async () => {
    const { id, key } = await makeKey(['events:read']);
    expect((await get('/api/events', key)).status).toBe(200);
    expect((await ctx.http.delete(`/api/admin/api-keys/${id}`).set('authorization', `Bearer ${s.tokens.admin}`)).status).toBe(200);
    await get('/api/events'); // the entry is warm
    const before = hits();
    const res = await get('/api/events', key);
    expect([res.status, res.body.code]).toEqual([401, 'UNAUTHENTICATED']);
    expect((await ctx.gql('{ events { total } }', undefined, key)).errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(hits()).toBe(before);
  });

  it('revoked on one replica, refused at once on another whose cache holds the answer', async () => {
    const logger = createLogger('silent');
    const services = createServices({ dataSource: ctx.db.dataSource, config: ctx.config, logger, clock: ctx.clock });
    const replica = await createApp(ctx.config, ctx.db.dataSource, services, logger);
    try {
      const other = request(replica.handler);
      const { id, key } = await makeKey(['events:read']);
      expect((await other.get('/api/events').set('authorization', `Bearer ${key}`)).status).toBe(200);
      const before = replica.publicCache.counts.hits;
      expect((await other.get('/api/events').set('authorization', `Bearer ${key}`)).status).toBe(200);
      expect(replica.publicCache.counts.hits).toBe(before + 1); // served from that replica's cache
      // Revoked through this replica; the other's cache entry stays (no event changed).
      expect((await ctx.http.delete(`/api/admin/api-keys/${id}`).set('authorization', `Bearer ${s.tokens.admin}`)).status).toBe(200);
      const refused = await other.get('/api/events').set('authorization', `Bearer ${key}`);
      expect([refused.status, refused.body.code]).toEqual([401, 'UNAUTHENTICATED']);
      expect((await other.get('/api/events')).status).toBe(200);
      expect(replica.publicCache.counts.hits).toBe(before + 2); // the visitor's answer was still there
    } finally {
      await replica.stop();
    }
  });

  it('a person\'s token still bypasses the cache and sees its own', async () => {
    await get(`/api/events/${eventId}`);
    const before = hits();
    const mine = await get(`/api/events/${eventId}`, s.tokens.adminAsUser);
    expect(mine.status).toBe(200);
    expect(hits()).toBe(before);
    expect(mine.body.data.isRegistered).toBe(true);
  });

  it('a cached read counts once against the key\'s rate limit, and records last use', async () => {
    const { id, key } = await makeKey(['events:read']);
    await get('/api/events');
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await get('/api/events', key)).status);
    expect(statuses.slice(0, 30).every((st) => st === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    await new Promise((r) => setTimeout(r, 200));
    const listed = (await get('/api/admin/api-keys', s.tokens.admin)).body.data.find((k: { id: string }) => k.id === id);
    expect(listed.lastUsedAt).not.toBeNull();
  });
});
