/**
 * Observability: JSON log lines carrying the request id (however deep they are written), one access line
 * per request, and GET /metrics (Prometheus) behind METRICS_TOKEN.
 */
import { rmSync } from 'node:fs';
import net from 'node:net';
import request from 'supertest';
import { createApp, type App } from '../app';
import { ManualClock } from '../common/clock';
import { createLogger, type Logger } from '../common/logger';
import { ConfigError } from '../config/env';
import { MailService } from '../mail/mail.service';
import type { Database } from '../db/data-source';
import { createServices, type Services } from '../services';
import { createTestContext, openTestDatabase, testConfig, usingPostgres, type TestContext } from '../test/harness';
import { makeEvent } from '../test/scenarios';

const TOKEN = 'metrics-token-0123456789abcdef';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

interface Line {
  level: string;
  msg: string;
  time: string;
  requestId?: string;
  [key: string]: unknown;
}

/** A whole API whose services and app log (at info) into `lines`. */
async function observedApi(env: Record<string, string> = {}) {
  const lines: Line[] = [];
  const raw: string[] = [];
  const logger = createLogger('info', { destination: { write: (s: string) => void (raw.push(s), lines.push(JSON.parse(s) as Line)) } });
  const config = testConfig(env);
  const db: Database = await openTestDatabase();
  const services: Services = createServices({ dataSource: db.dataSource, config, logger, clock: new ManualClock(new Date('2026-06-15T10:00:00+05:30')) });
  const app: App = await createApp(config, db.dataSource, services, logger);
  await services.jobs.start({ work: false });
  return {
    lines,
    raw,
    logger,
    db,
    services,
    http: request(app.handler),
    /** For the scenario helpers, which only need the database and the services. */
    asContext: { db, services } as unknown as TestContext,
    async close() {
      await app.stop();
      await services.jobs.stop();
      await services.mail.idle();
      services.mail.close();
      await db.close();
    },
  };
}

/** The value of one sample in a text exposition (undefined when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe('GET /metrics without METRICS_TOKEN', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('does not exist: 404 in the API error shape, whatever the caller sends', async () => {
    for (const auth of [undefined, `Bearer ${TOKEN}`]) {
      let req = ctx.http.get('/metrics');
      if (auth) req = req.set('Authorization', auth);
      const res = await req;
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
      expect(res.text).not.toMatch(/http_requests_total/);
    }
  });
});

describe('METRICS_TOKEN', () => {
  it('must be at least 16 characters', () => {
    expect(() => testConfig({ METRICS_TOKEN: 'too-short' })).toThrow(ConfigError);
    expect(testConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
  });
});

describe('with METRICS_TOKEN', () => {
  let api: Awaited<ReturnType<typeof observedApi>>;
  let eventId: string;
  const scrape = async () => {
    const res = await api.http.get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    return res.text;
  };
  beforeAll(async () => {
    api = await observedApi({ METRICS_TOKEN: TOKEN });
    eventId = (await makeEvent(api.asContext)).id;
  });
  afterAll(() => api.close());

  it('refuses a missing or wrong token with 401', async () => {
    for (const auth of [undefined, 'Bearer wrong-token-0123456789abcdef', `Bearer ${TOKEN}x`, `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`, TOKEN]) {
      let req = api.http.get('/metrics');
      if (auth) req = req.set('Authorization', auth);
      const res = await req;
      expect({ auth, status: res.status }).toEqual({ auth, status: 401 });
      expect(res.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    }
  });

  it('answers the text exposition, with the default process metrics', async () => {
    const res = await api.http.get('/metrics').set('Authorization', `bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(res.text).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  it('counts requests by route pattern and status, the public cache’s answers included', async () => {
    const before = await scrape();
    const count = (text: string, route: string, status = '200', method = 'GET') => sample(text, 'http_requests_total', { method, route, status }) ?? 0;

    await api.http.get('/api/events?when=upcoming').expect(200); // built
    await api.http.get('/api/events?when=upcoming').expect(200); // replayed by the front door
    await api.http.get(`/api/events/${eventId}`).expect(200);
    await api.http.get(`/api/events/${eventId}`).expect(200);
    await api.http.get('/api/events/00000000-0000-4000-8000-000000000000').expect(404);
    await api.http.get(`/no/such/page/${eventId}`).expect(404);
    await api.http.get(`/api/no-such-route/${eventId}`).expect(404);
    const query = { query: '{ events { total } }' };
    await api.http.post('/graphql').send(query).expect(200);
    await api.http.post('/graphql').send(query).expect(200);

    const after = await scrape();
    expect(count(after, '/api/events') - count(before, '/api/events')).toBe(2);
    expect(count(after, '/api/events/:id') - count(before, '/api/events/:id')).toBe(2);
    expect(count(after, '/api/events/:id', '404') - count(before, '/api/events/:id', '404')).toBe(1);
    expect(count(after, 'unmatched', '404') - count(before, 'unmatched', '404')).toBe(2);
    expect(count(after, '/graphql', '200', 'POST') - count(before, '/graphql', '200', 'POST')).toBe(2);
    // The scrape before this one is counted too.
    expect(count(after, '/metrics')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/events', status: '200' })).toBe(count(after, '/api/events'));
    expect(sample(after, 'http_request_duration_seconds_bucket', { method: 'GET', route: '/api/events', status: '200', le: '+Inf' })).toBe(count(after, '/api/events'));

    // Hits and misses moved (REST and GraphQL: one miss and one hit each, at least).
    expect(sample(after, 'public_cache_hits_total')! - sample(before, 'public_cache_hits_total')!).toBeGreaterThanOrEqual(3);
    expect(sample(after, 'public_cache_misses_total')! - sample(before, 'public_cache_misses_total')!).toBeGreaterThanOrEqual(3);

    // Route labels are patterns: no id, no unknown path, ever.
    const routes = [...after.matchAll(/route="([^"]*)"/g)].map((m) => m[1]);
    expect(routes.filter((r) => UUID.test(r) || r.includes('no-such') || r.includes('/no/'))).toEqual([]);
    expect(after).not.toMatch(UUID);
  });

  it('shows the database pool, the job queues and the mails', async () => {
    const before = await scrape();
    const res = await api.http.post('/api/auth/register').send({ name: 'Ravi', email: 'ravi@example.org', phone: '9876543210', category: 'secondary' });
    expect(res.status).toBe(200);
    const after = await scrape();
    expect(sample(after, 'mails_sent_total', { transport: 'outbox' })! - (sample(before, 'mails_sent_total', { transport: 'outbox' }) ?? 0)).toBe(1);
    expect(sample(after, 'mails_failed_total', { transport: 'outbox' })).toBe(0);

    // A pool of one connection on the embedded database; the configured pool on Postgres.
    expect(sample(after, 'db_pool_max_connections')).toBe(usingPostgres ? 30 : 1);
    expect(sample(after, 'db_pool_open_connections')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
    expect(sample(after, 'db_pool_waiting_requests')).toBeGreaterThanOrEqual(0);

    // Every defined queue has its four states, and the age of its oldest waiting job.
    expect(after).toMatch(/^job_queue_jobs\{queue="[^"]+",state="waiting"\} \d+$/m);
    expect(after).toMatch(/^job_queue_oldest_waiting_seconds\{queue="[^"]+"\} [\d.e+-]+$/m);
    const queue = /^job_queue_jobs\{queue="([^"]+)",state="waiting"\}/m.exec(after)![1];
    for (const state of ['waiting', 'scheduled', 'active', 'failed']) expect(sample(after, 'job_queue_jobs', { queue, state })).toBeGreaterThanOrEqual(0);
  });
});

describe('a mail server that refuses connections', () => {
  let api: Awaited<ReturnType<typeof observedApi>>;
  beforeAll(async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    api = await observedApi({ METRICS_TOKEN: TOKEN, SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterAll(() => api.close());

  it('counts the failed send, and its warning carries the request id', async () => {
    const res = await api.http.post('/api/auth/register').set('X-Request-Id', 'mail-fails-1').send({ name: 'Asha', email: 'asha@example.org', phone: '9876543210', category: 'graduate' });
    expect(res.status).toBe(503);
    const text = (await api.http.get('/metrics').set('Authorization', `Bearer ${TOKEN}`)).text;
    expect(sample(text, 'mails_failed_total', { transport: 'smtp' })).toBe(1);
    expect(sample(text, 'mails_sent_total', { transport: 'smtp' })).toBe(0);
    const warning = api.lines.find((l) => l.msg === 'mail could not be sent');
    expect(warning).toMatchObject({ level: 'warn', requestId: 'mail-fails-1', to: 'asha@example.org' });
  });
});

describe('request ids on log lines', () => {
  let api: Awaited<ReturnType<typeof observedApi>>;
  beforeAll(async () => {
    api = await observedApi();
    // A line written deep in a service, far from the HTTP layer.
    const list = api.services.events.list.bind(api.services.events);
    api.services.events.list = async (...args: Parameters<typeof list>) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      api.logger.info('deep in the event service');
      return list(...args);
    };
  });
  afterAll(() => api.close());

  const linesOf = (id: string) => api.lines.filter((l) => l.requestId === id);

  it('echoes an incoming X-Request-Id and puts it on every line written for that request', async () => {
    const res = await api.http.get('/api/events?search=echo').set('X-Request-Id', 'trace-abc-123').set('Authorization', 'Bearer not-a-real-token-but-secret');
    expect(res.headers['x-request-id']).toBe('trace-abc-123');
    const lines = linesOf('trace-abc-123');
    expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(['request completed']));
    const access = lines.filter((l) => l.msg === 'request completed');
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({ level: 'info', method: 'GET', path: '/api/events', status: expect.any(Number) });
    expect(typeof access[0].durationMs).toBe('number');
    expect(Number.isNaN(Date.parse(access[0].time))).toBe(false);
  });

  it('a line written deep in a service carries it, over REST and over GraphQL (front door included)', async () => {
    await api.http.get('/api/events?search=deep').set('X-Request-Id', 'rest-deep-1').expect(200);
    expect(linesOf('rest-deep-1').map((l) => l.msg)).toEqual(['deep in the event service', 'request completed']);
    expect(linesOf('rest-deep-1')[1]).toMatchObject({ route: '/api/events', status: 200 });

    await api.http.post('/graphql').set('X-Request-Id', 'gql-deep-1').send({ query: '{ events(filter: { search: "deep" }) { total } }' }).expect(200);
    expect(linesOf('gql-deep-1').map((l) => l.msg)).toEqual(['deep in the event service', 'request completed']);
    expect(linesOf('gql-deep-1')[1]).toMatchObject({ method: 'POST', route: '/graphql', status: 200 });

    // Signed in, GraphQL goes through Express and Apollo's middleware.
    await api.http.post('/graphql').set('X-Request-Id', 'gql-deep-2').set('Authorization', 'Bearer x').send({ query: '{ events(filter: { search: "deep2" }) { total } }' });
    expect(linesOf('gql-deep-2').map((l) => l.msg)).toEqual(expect.arrayContaining(['request completed']));
  });

  it('requests handled at the same time keep their own ids', async () => {
    const ids = Array.from({ length: 6 }, (_, i) => `parallel-${i}`);
    await Promise.all(ids.map((id, i) => api.http.get(`/api/events?search=p${i}`).set('X-Request-Id', id).expect(200)));
    for (const id of ids) expect(linesOf(id).map((l) => l.msg)).toEqual(['deep in the event service', 'request completed']);
    // Nothing written during those requests went out without an id.
    expect(api.lines.filter((l) => l.msg === 'deep in the event service' && !l.requestId)).toEqual([]);
  });

  it('a request without one (or with an unusable one) gets a generated id, echoed and logged', async () => {
    for (const incoming of [undefined, 'has spaces and ; semicolons', 'x'.repeat(65)]) {
      let req = api.http.get('/healthz');
      if (incoming) req = req.set('X-Request-Id', incoming);
      const res = await req.expect(200);
      const id = res.headers['x-request-id'];
      expect(id).toMatch(UUID);
      expect(linesOf(id)).toEqual([expect.objectContaining({ msg: 'request completed', route: '/healthz', path: '/healthz', status: 200 })]);
    }
  });

  it('writes no credentials: Authorization headers, passwords, tokens', async () => {
    await api.http.post('/api/auth/loginWithPassword').set('Authorization', 'Bearer very-secret-bearer').send({ email: 'nobody@example.org', password: 'Secret-Password-9' });
    api.logger.warn('a careless caller', { password: 'Secret-Password-9', token: 'tok-secret', headers: { authorization: 'Bearer very-secret-bearer' } });
    const all = api.raw.join('');
    expect(all).not.toMatch(/very-secret-bearer|not-a-real-token-but-secret|Secret-Password-9|tok-secret/);
    expect(api.lines.find((l) => l.msg === 'a careless caller')).toMatchObject({ password: '[redacted]', token: '[redacted]', headers: { authorization: '[redacted]' } });
  });

  it('one-time codes of outbox mails are printed outside production only', async () => {
    const lines: Line[] = [];
    const logger = createLogger('info', { destination: { write: (s: string) => void lines.push(JSON.parse(s) as Line) } });
    const clock = new ManualClock(new Date('2026-06-15T10:00:00+05:30'));
    const message = { to: 'code@example.org', subject: 'Your code', text: 'Code 482913', html: '<p>Code 482913</p>', code: '482913' };
    const { dataDir, mailFrom } = testConfig();
    await new MailService({ smtpUrl: undefined, mailFrom, dataDir, nodeEnv: 'development' }, logger, clock).send(message);
    await new MailService({ smtpUrl: undefined, mailFrom, dataDir, nodeEnv: 'production' }, logger, clock).send(message);
    expect(lines.map((l) => l.code)).toEqual(['482913', undefined]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('an error is written with its stack under err', async () => {
    const logger: Logger = api.logger;
    logger.error('something broke', new Error('boom'));
    expect(api.lines.find((l) => l.msg === 'something broke')).toMatchObject({ level: 'error', err: { type: 'Error', message: 'boom', stack: expect.stringContaining('boom') } });
  });
});
