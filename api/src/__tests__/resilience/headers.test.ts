/**
 * Security headers on every kind of answer (REST, including the shared fast path, GraphQL, /uploads,
 * errors), HSTS only in production, and CORS for the two configured origins only.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { createApp } from '../../app';
import { createLogger } from '../../common/logger';
import { createTestContext, testConfig, type TestContext } from '../../test/harness';
import { makeEvent } from '../../test/scenarios';

let ctx: TestContext;
let eventId: string;
beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_ORIGIN: 'https://www.example.org', ADMIN_ORIGIN: 'https://admin.example.org' } });
  eventId = (await makeEvent(ctx)).id;
  const dir = ctx.services.storage.localDir!;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'probe-640.webp'), Buffer.from('RIFF0000WEBPVP8 '));
});
afterAll(() => ctx.close());

type Res = { status: number; headers: Record<string, string | string[] | undefined> };

function expectSecurityHeaders(res: Res, label: string) {
  const csp = String(res.headers['content-security-policy'] ?? '');
  expect({ label, csp: /(^|;)\s*default-src 'none'/.test(csp) }).toEqual({ label, csp: true });
  expect({ label, frameAncestors: /frame-ancestors 'none'/.test(csp) }).toEqual({ label, frameAncestors: true });
  expect({ label, nosniff: res.headers['x-content-type-options'] }).toEqual({ label, nosniff: 'nosniff' });
  expect({ label, poweredBy: res.headers['x-powered-by'] }).toEqual({ label, poweredBy: undefined });
  expect({ label, frame: res.headers['x-frame-options'] }).toEqual({ label, frame: 'SAMEORIGIN' });
  expect({ label, referrer: res.headers['referrer-policy'] }).toEqual({ label, referrer: 'no-referrer' });
}

const answers = (): [string, () => Promise<Res>][] => [
  ['REST list (built)', () => ctx.http.get('/api/events?bust=1')],
  ['REST list (shared fast path)', async () => {
    await ctx.http.get('/api/events?bust=2');
    return ctx.http.get('/api/events?bust=2');
  }],
  ['REST detail', () => ctx.http.get(`/api/events/${eventId}`)],
  ['REST 401', () => ctx.http.get('/api/users')],
  ['REST 404', () => ctx.http.get('/api/nope')],
  ['REST 400 bad JSON', () => ctx.http.post('/api/contact').set('content-type', 'application/json').send('{')],
  ['REST 413', () => ctx.http.post('/api/contact').send({ message: 'x'.repeat(200_000) })],
  ['ics', () => ctx.http.get(`/api/events/${eventId}/ics`)],
  ['GraphQL', () => ctx.http.post('/graphql').send({ query: '{ visitorCount }' })],
  ['GraphQL 400', () => ctx.http.post('/graphql').send({ query: '{' })],
  ['uploads file', () => ctx.http.get('/uploads/probe-640.webp')],
  ['uploads 404', () => ctx.http.get('/uploads/missing.webp')],
  ['healthz', () => ctx.http.get('/healthz')],
  ['readyz', () => ctx.http.get('/readyz')],
];

describe('security headers', () => {
  it.each(answers())('%s carries them', async (label, send) => {
    const res = await send();
    expect(res.status).toBeLessThan(500);
    expectSecurityHeaders(res, label);
    // Not production: no HSTS (a local http:// origin must not be pinned to https).
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('the uploaded file really is served (the header check above saw a 200)', async () => {
    const res = await ctx.http.get('/uploads/probe-640.webp');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toMatch(/immutable/);
  });

  it('sends HSTS in production, on REST, GraphQL and /uploads alike', async () => {
    const prod = await createApp(testConfig({ NODE_ENV: 'production' }), ctx.db.dataSource, ctx.services, createLogger('silent'));
    try {
      const http = request(prod.handler);
      for (const res of [
        await http.get('/api/events?hsts=1'),
        await http.get('/api/events?hsts=1'),
        await http.post('/graphql').send({ query: '{ visitorCount }' }),
        await http.get('/uploads/probe-640.webp'),
        await http.get('/api/nope'),
      ]) {
        expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
        expectSecurityHeaders(res, 'production');
      }
    } finally {
      await prod.stop();
    }
  });
});

describe('CORS', () => {
  it.each(['https://www.example.org', 'https://admin.example.org'])('allows the configured origin %s (simple and preflight)', async (origin) => {
    const get = await ctx.http.get('/api/events').set('origin', origin);
    expect(get.headers['access-control-allow-origin']).toBe(origin);
    expect(get.headers['access-control-allow-credentials']).toBeUndefined();
    const gql = await ctx.http.post('/graphql').set('origin', origin).send({ query: '{ visitorCount }' });
    expect(gql.headers['access-control-allow-origin']).toBe(origin);
    const pre = await ctx.http.options('/graphql').set('origin', origin).set('access-control-request-method', 'POST').set('access-control-request-headers', 'content-type,authorization');
    expect(pre.status).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe(origin);
    expect(String(pre.headers['access-control-allow-headers'] ?? pre.headers['access-control-request-headers'])).toMatch(/authorization/i);
  });

  it.each(['https://evil.example', 'null', 'https://www.example.org.evil.example', 'http://www.example.org', 'https://admin.example.org:8443'])(
    'gives an unknown Origin (%s) no Access-Control-Allow-Origin',
    async (origin) => {
      for (const res of [
        await ctx.http.get('/api/events').set('origin', origin),
        await ctx.http.get(`/api/events/${eventId}`).set('origin', origin),
        await ctx.http.post('/graphql').set('origin', origin).send({ query: '{ visitorCount }' }),
        await ctx.http.options('/api/contact').set('origin', origin).set('access-control-request-method', 'POST'),
        await ctx.http.get('/uploads/probe-640.webp').set('origin', origin),
      ]) {
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
      }
    },
  );

  it('never replays one origin\'s CORS answer to another (shared cache)', async () => {
    await ctx.http.get('/api/events?cors=1').set('origin', 'https://www.example.org');
    const other = await ctx.http.get('/api/events?cors=1').set('origin', 'https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const none = await ctx.http.get('/api/events?cors=1');
    expect(none.headers['access-control-allow-origin']).toBeUndefined();
  });
});
