/**
 * The database going away under load. The API (createApp/createServices, listening on a real port)
 * reaches Postgres through a TCP proxy this test owns; while mixed requests run, the proxy is cut
 * (every connection destroyed, new ones refused), then restored.
 *
 * Only on Postgres: PGlite runs inside the process, so there is no connection to cut.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import { Client } from 'pg';
import { createApp, type App } from '../../app';
import { ManualClock } from '../../common/clock';
import { isDatabaseUnavailable } from '../../common/errors';
import type { Logger } from '../../common/logger';
import type { Config } from '../../config/env';
import { openDatabase, type Database } from '../../db/data-source';
import { createServices, type Services } from '../../services';
import { testConfig, usingPostgres, type TestContext } from '../../test/harness';
import { makeEvent, makeUser, userToken } from '../../test/scenarios';
import { leaksIn } from './fuzz';
import { TcpProxy } from './tcp-proxy';

const UNAVAILABLE = 'The service is temporarily unavailable. Please try again shortly.';
const RECOVERY_BUDGET_MS = 5_000;

interface Outcome {
  kind: string;
  sentAt: number;
  doneAt: number;
  status: number;
  body: any;
  text: string;
  marker?: string;
  userIndex?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

(usingPostgres ? describe : describe.skip)('database outage under load (Postgres only: PGlite has no connection to cut)', () => {
  let proxy: TcpProxy;
  let db: Database;
  let dbName: string;
  let config: Config;
  let services: Services;
  let app: App;
  let server: Server;
  let base: string;
  let eventId: string;
  let tokens: string[];
  let userIds: string[];
  const logged: unknown[] = [];

  beforeAll(async () => {
    const target = new URL(process.env.TEST_DATABASE_URL!);
    dbName = `gj_outage_${process.pid}_${Date.now().toString(36)}`;
    const admin = new Client({ connectionString: target.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();

    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    await proxy.start();
    const viaProxy = new URL(target.toString());
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    viaProxy.pathname = `/${dbName}`;
    db = await openDatabase({ url: viaProxy.toString(), poolSize: 10 });

    config = testConfig();
    const logger: Logger = { info() {}, warn() {}, error: (_m, err) => void logged.push(err) };
    services = createServices({ dataSource: db.dataSource, config, logger, clock: new ManualClock(new Date('2026-06-15T10:00:00+05:30')) });
    app = await createApp(config, db.dataSource, services, logger);
    // As main.ts does before it listens: a registration queues its confirmation in its own transaction.
    await services.jobs.start({ work: false });
    server = createServer(app.handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const fake = { db, services } as unknown as TestContext;
    eventId = (await makeEvent(fake, { title: 'Outage event', maxParticipants: 10_000 })).id;
    for (let i = 0; i < 3; i++) await makeEvent(fake, { title: `Other ${i}`, daysFromToday: 3 + i });
    const users = await Promise.all(Array.from({ length: 400 }, (_, i) => makeUser(fake, { name: `Load ${i}`, email: `load${i}@outage.test` })));
    tokens = users.map((u) => userToken(fake, u));
    userIds = users.map((u) => u.id);
  }, 60_000);

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
    await services?.jobs.stop();
    await app?.stop();
    await proxy?.restore().catch(() => undefined);
    await db?.close().catch(() => undefined);
    await proxy?.close();
    const dropper = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await dropper.end();
    rmSync(config.dataDir, { recursive: true, force: true });
  });

  let seq = 0;
  let nextUser = 0;

  /** One request of the given kind; every request is unique (cache-busting search, new message, new user). */
  async function fire(kind: string): Promise<Outcome> {
    const n = ++seq;
    const sentAt = Date.now();
    let res: Response;
    let marker: string | undefined;
    let userIndex: number | undefined;
    const json = (body: unknown, token?: string): RequestInit => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), 'x-forwarded-for': `10.1.${n % 250}.${(n >> 8) % 250}` },
      body: JSON.stringify(body),
    });
    const signal = AbortSignal.timeout(10_000);
    switch (kind) {
      case 'rest-list':
        res = await fetch(`${base}/api/events?search=bust${n}&limit=5`, { signal });
        break;
      case 'gql-list':
        res = await fetch(`${base}/graphql`, { ...json({ query: `{ events(filter: { search: "bust${n}" }, limit: 5) { total items { id title registeredCount } } }` }), signal });
        break;
      case 'gql-me':
        res = await fetch(`${base}/graphql`, { ...json({ query: '{ me { id } }' }, tokens[n % tokens.length]), signal });
        break;
      case 'contact':
        marker = `outage-${n}`;
        res = await fetch(`${base}/api/contact`, { ...json({ name: 'Load Test', email: 'load@example.org', phone: '9876543210', subject: 'Load', message: marker }), signal });
        break;
      case 'rest-register':
        userIndex = nextUser++;
        res = await fetch(`${base}/api/events/${eventId}/register`, { ...json({}, tokens[userIndex]), signal });
        break;
      case 'gql-register':
        userIndex = nextUser++;
        res = await fetch(`${base}/graphql`, { ...json({ query: `mutation { registerForEvent(eventId: "${eventId}") { message } }` }, tokens[userIndex]), signal });
        break;
      case 'healthz':
        res = await fetch(`${base}/healthz`, { signal });
        break;
      default:
        throw new Error(kind);
    }
    const text = await res.text();
    let body: any;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { kind, sentAt, doneAt: Date.now(), status: res.status, body, text, marker, userIndex };
  }

  const isGraphql = (kind: string) => kind.startsWith('gql');
  const succeeded = (o: Outcome) => o.status >= 200 && o.status < 300 && !(isGraphql(o.kind) && o.body?.errors);

  it('answers 503 DATABASE_UNAVAILABLE while down, keeps serving /healthz, recovers within 5 s, and loses or half-writes nothing', async () => {
    const kinds = ['rest-list', 'gql-list', 'contact', 'rest-register', 'gql-register', 'gql-me', 'healthz'];
    const outcomes: Outcome[] = [];
    const failures: string[] = [];
    let stop = false;
    const worker = async (w: number) => {
      for (let i = w; !stop; i++) {
        let kind = kinds[i % kinds.length];
        // Each registration needs a user of its own; keep the last 20 for the next test.
        if (kind.endsWith('register') && nextUser >= tokens.length - 20) kind = 'rest-list';
        try {
          outcomes.push(await fire(kind));
        } catch (err) {
          failures.push(`${kind}: ${(err as Error).message}`);
        }
      }
    };
    const workers = Array.from({ length: 8 }, (_, w) => worker(w));

    // Load is flowing (and every pooled client busy at some point) before the cut.
    const started = Date.now();
    while (outcomes.length < 30 && Date.now() - started < 10_000) await sleep(50);
    const before = outcomes.length;
    await proxy.cut();
    const cutAt = Date.now();

    // While down: readiness says so, liveness does not, and nothing hangs.
    await sleep(300);
    const readyDown = await fetch(`${base}/readyz`);
    expect(readyDown.status).toBe(503);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    await sleep(1_200);

    await proxy.restore();
    const restoredAt = Date.now();
    // Full service again: every kind of request succeeds, within the budget.
    let recoveredAt = 0;
    while (Date.now() - restoredAt < RECOVERY_BUDGET_MS + 2_000) {
      const round = await Promise.all(['rest-list', 'gql-list', 'contact', 'gql-me'].map((k) => fire(k)));
      outcomes.push(...round);
      if (round.every(succeeded) && (await fetch(`${base}/readyz`)).status === 200) {
        recoveredAt = Date.now();
        break;
      }
      await sleep(100);
    }
    await sleep(500);
    stop = true;
    await Promise.all(workers);

    expect(failures).toEqual([]);
    expect(before).toBeGreaterThanOrEqual(30);
    expect(recoveredAt).toBeGreaterThan(0);
    expect(recoveredAt - restoredAt).toBeLessThan(RECOVERY_BUDGET_MS);

    // Every answer is a success or a clear 503; never a 500, never a leak.
    const problems: string[] = [];
    for (const o of outcomes) {
      const label = `${o.kind} @${o.sentAt - cutAt}ms: ${o.status} ${o.text.slice(0, 200)}`;
      const leaks = leaksIn(o.text);
      if (leaks.length) problems.push(`${label} leaks ${leaks}`);
      if (o.kind === 'healthz') {
        if (o.status !== 200) problems.push(label);
        continue;
      }
      if (succeeded(o)) continue;
      if (o.status !== 503) {
        problems.push(`unexpected ${label}`);
        continue;
      }
      const code = isGraphql(o.kind) ? o.body?.errors?.[0]?.extensions?.code : o.body?.code;
      const message = isGraphql(o.kind) ? o.body?.errors?.[0]?.message : o.body?.msg;
      if (code !== 'DATABASE_UNAVAILABLE' || message !== UNAVAILABLE) problems.push(`unclear ${label}`);
      if (!isGraphql(o.kind) && (o.body?.success !== false || o.body?.message !== UNAVAILABLE || o.body?.error !== UNAVAILABLE)) problems.push(`shape ${label}`);
      if (o.sentAt > recoveredAt) problems.push(`after recovery ${label}`);
    }
    expect(problems).toEqual([]);

    // The outage was real for both transports, and requests failed fast rather than hanging.
    const down = outcomes.filter((o) => o.status === 503);
    if (process.env.RESILIENCE_VERBOSE) {
      const byKind = (list: Outcome[]) => Object.fromEntries(kinds.map((k) => [k, list.filter((o) => o.kind === k).length]));
      console.log({ requests: outcomes.length, beforeCut: before, unavailable: byKind(down), recoveryMs: recoveredAt - restoredAt, slowest503Ms: Math.max(...down.map((o) => o.doneAt - o.sentAt)), proxyConnections: proxy.accepted });
    }
    expect(down.filter((o) => isGraphql(o.kind)).length).toBeGreaterThan(0);
    expect(down.filter((o) => !isGraphql(o.kind)).length).toBeGreaterThan(0);
    expect(Math.max(...down.map((o) => o.doneAt - o.sentAt))).toBeLessThan(4_000);

    // Only database-unavailable errors were logged: nothing unexpected broke.
    expect(logged.filter((e) => !isDatabaseUnavailable(e))).toEqual([]);

    // No partial writes: each contact answered 201 is stored once; registered_count equals the rows.
    const contacts: { message: string }[] = await db.dataSource.query(`SELECT message FROM contact_submissions WHERE message LIKE 'outage-%'`);
    const stored = new Map<string, number>();
    for (const c of contacts) stored.set(c.message, (stored.get(c.message) ?? 0) + 1);
    const sentContacts = outcomes.filter((o) => o.kind === 'contact');
    expect([...stored.values()].every((n) => n === 1)).toBe(true);
    expect(sentContacts.filter((o) => o.status === 201 && !stored.has(o.marker!))).toEqual([]);
    expect([...stored.keys()].every((m) => sentContacts.some((o) => o.marker === m))).toBe(true);

    const [counts] = await db.dataSource.query(
      `SELECT e.registered_count AS counted, (SELECT COUNT(*)::int FROM registrations r WHERE r.event_id = e.id) AS rows FROM events e WHERE e.id = $1`,
      [eventId],
    );
    expect(counts.counted).toBe(counts.rows);
    const registered = new Set((await db.dataSource.query(`SELECT user_id FROM registrations WHERE event_id = $1`, [eventId])).map((r: { user_id: string }) => r.user_id) as string[]);
    const registrations = outcomes.filter((o) => o.kind.endsWith('register'));
    const confirmed = registrations.filter(succeeded);
    expect(confirmed.length).toBeGreaterThan(0);
    expect(confirmed.filter((o) => !registered.has(userIds[o.userIndex!])).map((o) => o.userIndex)).toEqual([]);
    // Whoever is registered asked to be (a failed answer may still have committed: the ack was lost).
    const asked = new Set(registrations.map((o) => userIds[o.userIndex!]));
    expect([...registered].filter((id) => !asked.has(id))).toEqual([]);

    // The pool let go of its dead clients and connected afresh through the restored proxy.
    const pool = (db.dataSource.driver as unknown as { master: { totalCount: number; options: { max: number } } }).master;
    expect(pool.totalCount).toBeLessThanOrEqual(pool.options.max);
    expect(proxy.connections).toBeGreaterThan(0);
  }, 60_000);

  it('a client stuck on a dead connection mid-transaction leaves no lock behind: the next writes succeed', async () => {
    const fresh = await Promise.all(Array.from({ length: 10 }, () => fire('rest-register')));
    expect(fresh.map((o) => o.status)).toEqual(Array(10).fill(200));
    const [counts] = await db.dataSource.query(
      `SELECT e.registered_count AS counted, (SELECT COUNT(*)::int FROM registrations r WHERE r.event_id = e.id) AS rows FROM events e WHERE e.id = $1`,
      [eventId],
    );
    expect(counts.counted).toBe(counts.rows);
  });
});
