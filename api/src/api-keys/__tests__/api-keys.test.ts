/**
 * Integrators' API keys through REST and GraphQL: made once (only the hash kept), used as a bearer token
 * for the operations of its scopes and nothing else, refused at once when revoked, unknown or expired,
 * rate-limited per key, named in the audit log, last use recorded.
 */
import { createTestContext, type TestContext } from '../../test/harness';
import { makeEvent, makeUser, standardScenario } from '../../test/scenarios';
import { hashApiKey } from '../api-key.service';

jest.setTimeout(120_000);

let ctx: TestContext;
let s: Awaited<ReturnType<typeof standardScenario>>;
let eventId: string;

beforeAll(async () => {
  ctx = await createTestContext({ env: { API_KEY_RATE_LIMIT: '40' } });
  s = await standardScenario(ctx);
  eventId = (await makeEvent(ctx, { title: 'Key event', daysFromToday: 0, time: '11:00' })).id;
  await ctx.services.registrations.register({ ...s.member, tokenKind: 'user' } as never, eventId);
});
afterAll(() => ctx.close());

async function makeKey(scopes: string[], extra: Record<string, unknown> = {}): Promise<{ id: string; key: string }> {
  const res = await ctx.http.post('/api/admin/api-keys').set('authorization', `Bearer ${s.tokens.admin}`).send({ name: `Key ${scopes.join(' ')}`, scopes, ...extra });
  expect(res.status).toBe(201);
  return { id: res.body.id, key: res.body.key };
}
const get = (path: string, key: string) => ctx.http.get(path).set('authorization', `Bearer ${key}`);

describe('making and listing keys', () => {
  it('shows the key once, in a recognisable form, and keeps only its hash', async () => {
    const { id, key } = await makeKey(['registrations:read']);
    expect(key).toMatch(/^gjk_[A-Za-z0-9_-]{43}$/);
    const rows: { key_hash: string; key_prefix: string }[] = await ctx.db.dataSource.query('SELECT key_hash, key_prefix FROM api_keys WHERE id = $1', [id]);
    expect(rows[0].key_hash).toBe(hashApiKey(key));
    expect(rows[0].key_prefix).toBe(key.slice(0, 12));
    const list = await get('/api/admin/api-keys', s.tokens.admin);
    expect(list.status).toBe(200);
    const listed = list.body.data.find((k: { id: string }) => k.id === id);
    expect(listed).toMatchObject({ prefix: key.slice(0, 12), scopes: ['registrations:read'], revokedAt: null });
    expect(JSON.stringify(list.body)).not.toContain(key);
  });

  it('refuses bad input with 400 and non-admins with 401/403', async () => {
    for (const body of [{ name: 'x', scopes: ['everything'] }, { name: '', scopes: ['events:read'] }, { name: 'x', scopes: [] }, { name: 'x', scopes: ['events:read'], expiresAt: '2020-01-01T00:00:00Z' }, { name: 'x', scopes: 'events:read' }]) {
      const res = await ctx.http.post('/api/admin/api-keys').set('authorization', `Bearer ${s.tokens.admin}`).send(body);
      expect(res.status).toBe(400);
    }
    expect((await ctx.http.post('/api/admin/api-keys').send({ name: 'x', scopes: ['events:read'] })).status).toBe(401);
    expect((await ctx.http.post('/api/admin/api-keys').set('authorization', `Bearer ${s.tokens.member}`).send({ name: 'x', scopes: ['events:read'] })).status).toBe(403);
    expect((await ctx.http.get('/api/admin/api-keys').set('authorization', `Bearer ${s.tokens.adminAsUser}`)).status).toBe(403);
  });
});

describe('a key opens the operations of its scopes and nothing else', () => {
  it('registrations:read reads registrations (REST and GraphQL) but not events, check-in or admin calls', async () => {
    const { key } = await makeKey(['registrations:read']);
    const regs = await get(`/api/events/${eventId}/registrations`, key);
    expect(regs.status).toBe(200);
    expect(JSON.stringify(regs.body)).toContain(s.member.email);
    expect((await get(`/api/admin/export/events/${eventId}/registrations.csv`, key)).status).toBe(200);
    const gql = await ctx.gql('query($id: ID!) { eventRegistrations(eventId: $id) { id } }', { id: eventId }, key);
    expect(gql.errors).toBeUndefined();
    expect(gql.data.eventRegistrations).toHaveLength(1);

    const outside = [
      await get('/api/events', key),
      await get('/api/users', key),
      await get('/api/admin/api-keys', key),
      await ctx.http.post(`/api/events/${eventId}/check-in`).set('authorization', `Bearer ${key}`).send({ userId: s.member.id }),
      await ctx.http.post('/api/admin/api-keys').set('authorization', `Bearer ${key}`).send({ name: 'escalate', scopes: ['messages:write'] }),
      await ctx.http.post(`/api/events/${eventId}/register`).set('authorization', `Bearer ${key}`).send({}),
    ];
    expect(outside.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(outside[0].body.code).toBe('FORBIDDEN');
    const gqlOutside = await ctx.gql('{ users { total } }', {}, key);
    expect(gqlOutside.errors?.[0].extensions.code).toBe('FORBIDDEN');
    expect((await ctx.gql('{ apiKeys { id } }', {}, key)).errors?.[0].extensions.code).toBe('FORBIDDEN');
  });

  it('events:read lists events; attendance:write checks in, and the audit log names the key', async () => {
    const reader = await makeKey(['events:read']);
    const list = await get('/api/events', reader.key);
    expect(list.status).toBe(200);
    expect(list.body.data.map((e: { title: string }) => e.title)).toContain('Key event');
    expect((await ctx.gql('{ events { items { id } } }', {}, reader.key)).errors).toBeUndefined();

    const door = await makeKey(['attendance:write']);
    const res = await ctx.http.post(`/api/events/${eventId}/check-in`).set('authorization', `Bearer ${door.key}`).send({ userId: s.member.id });
    expect(res.status).toBe(200);
    const entries: { action: string; actor_id: string; api_key_id: string; api_key_name: string }[] = await ctx.db.dataSource.query(
      `SELECT action, actor_id, api_key_id, api_key_name FROM audit_log WHERE api_key_id = $1`, [door.id]);
    expect(entries.length).toBeGreaterThan(0);
    expect(entries[0]).toMatchObject({ actor_id: s.admin.id, api_key_name: 'Key attendance:write' });
    const audit = await get('/api/admin/audit', s.tokens.admin);
    expect(audit.body.data.find((e: { apiKeyId: string }) => e.apiKeyId === door.id)?.apiKeyName).toBe('Key attendance:write');
  });
});

describe('refusals: 401 for a revoked, unknown or expired key, at once', () => {
  it('a revoked key answers 401 on its next request, REST and GraphQL, public operations too', async () => {
    const { id, key } = await makeKey(['events:read', 'registrations:read']);
    expect((await get(`/api/events/${eventId}/registrations`, key)).status).toBe(200);
    const revoke = await ctx.http.delete(`/api/admin/api-keys/${id}`).set('authorization', `Bearer ${s.tokens.admin}`);
    expect(revoke.status).toBe(200);
    expect(revoke.body.data.revokedAt).not.toBeNull();
    for (const path of [`/api/events/${eventId}/registrations`, '/api/events', '/api/visitor-count']) {
      const res = await get(path, key);
      expect([path, res.status, res.body.code]).toEqual([path, 401, 'UNAUTHENTICATED']);
    }
    expect((await ctx.gql('{ events { total } }', {}, key)).errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    expect((await ctx.http.delete(`/api/admin/api-keys/${id}`).set('authorization', `Bearer ${s.tokens.admin}`)).status).toBe(200);
    expect((await ctx.http.delete('/api/admin/api-keys/00000000-0000-4000-8000-000000000000').set('authorization', `Bearer ${s.tokens.admin}`)).status).toBe(404);
  });

  it('an unknown or malformed key answers 401', async () => {
    const { key } = await makeKey(['events:read']);
    const changed = key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A');
    for (const k of [changed, 'gjk_short', 'gjk_' + 'x'.repeat(43)]) expect((await get('/api/events', k)).status).toBe(401);
  });

  it('an expired key answers 401 from its expiry on', async () => {
    const { key } = await makeKey(['events:read'], { expiresAt: new Date(ctx.clock.now().getTime() + 60_000).toISOString() });
    expect((await get('/api/events', key)).status).toBe(200);
    ctx.clock.advance(61_000);
    expect((await get('/api/events', key)).status).toBe(401);
  });

  it('a key stops when the admin who made it is no longer an admin', async () => {
    const other = await makeUser(ctx, { category: 'admin' });
    const made = await ctx.services.apiKeys.create({ ...other, tokenKind: 'admin' } as never, { name: 'theirs', scopes: ['events:read'] });
    expect((await get('/api/events', made.key)).status).toBe(200);
    await ctx.db.dataSource.query(`UPDATE users SET category = 'graduate' WHERE id = $1`, [other.id]);
    expect((await get('/api/events', made.key)).status).toBe(401);
  });
});

describe('per-key rate limit and last use', () => {
  it('each key has its own limit (429 with Retry-After), and last use is recorded', async () => {
    const a = await makeKey(['events:read']);
    const b = await makeKey(['events:read']);
    const statuses: number[] = [];
    for (let i = 0; i < 42; i++) statuses.push((await get('/api/events', a.key)).status);
    expect(statuses.slice(0, 40).every((st) => st === 200)).toBe(true);
    const limited = await get('/api/events', a.key);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get('/api/events', b.key)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    const listed = (await get('/api/admin/api-keys', s.tokens.admin)).body.data.find((k: { id: string }) => k.id === b.id);
    expect(listed.lastUsedAt).not.toBeNull();
  });
});
