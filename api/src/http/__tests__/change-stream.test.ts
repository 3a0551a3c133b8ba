import { createServer, get, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import { changeFeedOf, topics, touched } from '../../db/change-feed';
import { openDatabase, type Database } from '../../db/data-source';
import { createTestContext, usingPostgres, type TestContext } from '../../test/harness';
import { adminToken, makeUser } from '../../test/scenarios';

/** One subscriber: the events it has read so far, and a way to wait for the next that matches. */
function subscribe(base: string): Promise<{ res: IncomingMessage; events: { event: string; data: string }[]; comments: number; next(match: (e: { event: string; data: string }) => boolean, ms?: number): Promise<{ event: string; data: string }>; close(): void }> {
  return new Promise((resolve, reject) => {
    const req = get(`${base}/api/changes`, { agent: false }, (res) => {
      const events: { event: string; data: string }[] = [];
      const waiting: Array<() => void> = [];
      let buffer = '';
      const state = { comments: 0 };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith(':')) state.comments++;
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1] ?? '';
          if (event) events.push({ event, data });
          for (const w of waiting.splice(0)) w();
        }
      });
      resolve({
        res,
        events,
        get comments() {
          return state.comments;
        },
        next(match, ms = 3_000) {
          return new Promise((ok, fail) => {
            const timer = setTimeout(() => fail(new Error(`no matching event within ${ms} ms: ${JSON.stringify(events)}`)), ms);
            const check = () => {
              const hit = events.find(match);
              if (hit) {
                clearTimeout(timer);
                events.splice(events.indexOf(hit), 1);
                ok(hit);
              } else waiting.push(check);
            };
            check();
          });
        },
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
  });
}

describe('GET /api/changes: the change feed for page servers', () => {
  let ctx: TestContext;
  let server: Server;
  let base: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    server = createServer(ctx.handler).listen(0);
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await ctx.close();
  });

  it('says it is ready, then sends the topics of each committed write, and nothing personal', async () => {
    const s = await subscribe(base);
    try {
      expect(s.res.statusCode).toBe(200);
      expect(s.res.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(s.res.headers['cache-control']).toBe('no-cache, no-transform');
      expect(s.res.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse((await s.next((e) => e.event === 'ready')).data)).toEqual({ heartbeatMs: 15_000 });

      const admin = await makeUser(ctx, { name: 'Admin', category: 'admin', status: 'active', password: 'Admin-Password-1' });
      const token = adminToken(ctx, admin);
      const created = await ctx.gql<{ createEvent: { id: string } }>(
        'mutation C($input: EventInput!) { createEvent(input: $input) { id } }',
        { input: { title: 'Streamed', category: 'GENERAL', description: 'Heard by the page servers', date: '2026-07-01', time: '10:00', location: 'Prayagraj' } },
        token,
      );
      expect(created.errors).toBeUndefined();
      const id = created.data.createEvent.id;
      const change = await s.next((e) => e.event === 'change');
      expect(change.data.split(' ').sort()).toEqual(['events', `event:${id.toLowerCase()}`].sort());

      // A write outside a transaction is sent at once.
      touched(ctx.db.dataSource.manager, topics.team);
      expect((await s.next((e) => e.event === 'change')).data).toBe('team');

      // A write that rolls back says nothing.
      await ctx.db.dataSource.transaction(async () => {
        throw new Error('rolled back');
      }).catch(() => undefined);
      expect(s.events.filter((e) => e.event === 'change')).toEqual([]);
    } finally {
      s.close();
    }
  });

  it('refuses subscribers beyond the cap with 503, and takes them again once one leaves', async () => {
    const cap = ctx.changeStream.maxSubscribers;
    const open = await Promise.all(Array.from({ length: cap }, () => subscribe(base)));
    try {
      expect(open.every((s) => s.res.statusCode === 200)).toBe(true);
      const refused = await subscribe(base);
      expect(refused.res.statusCode).toBe(503);
      expect(refused.res.headers['retry-after']).toBe('1');
      refused.close();
      open.pop()!.close();
      for (let i = 0; i < 50 && ctx.changeStream.subscribers >= cap; i++) await new Promise((r) => setTimeout(r, 20));
      const again = await subscribe(base);
      expect(again.res.statusCode).toBe(200);
      again.close();
    } finally {
      for (const s of open) s.close();
    }
  });

  it('sends * when what changed is unknown, and ends every stream when the process drains', async () => {
    const s = await subscribe(base);
    await s.next((e) => e.event === 'ready');
    // What the feed tells its listeners after its LISTEN connection came back.
    (changeFeedOf(ctx.db.dataSource) as unknown as { apply(c: 'all'): void }).apply('all');
    expect((await s.next((e) => e.event === 'change')).data).toBe('*');
    const ended = new Promise((r) => s.res.once('end', r));
    ctx.changeStream.close();
    await ended;
    const refused = await subscribe(base);
    expect(refused.res.statusCode).toBe(503);
    refused.close();
  });
});

const onPostgres = usingPostgres ? describe : describe.skip;

// Two API processes on one Postgres: a page server subscribed to one hears what the other commits.
onPostgres('GET /api/changes across API processes (Postgres; skipped on PGlite, which one process owns)', () => {
  let ctx: TestContext;
  let other: Database;
  let server: Server;
  let base: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    other = await openDatabase({ url: ctx.db.url!, poolSize: 2 });
    server = createServer(ctx.handler).listen(0);
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await other.close();
    await ctx.close();
  });

  it('sends what another process commits, ends the stream when its LISTEN connection drops, and takes subscribers again once it listens', async () => {
    const s = await subscribe(base);
    await s.next((e) => e.event === 'ready');
    const started = Date.now();
    await other.dataSource.transaction(async (m) => touched(m, topics.events, topics.event('E2')));
    expect((await s.next((e) => e.event === 'change', 1_000)).data).toBe('events event:e2');
    expect(Date.now() - started).toBeLessThan(1_000);

    const ended = new Promise((r) => s.res.once('end', r));
    const feed = changeFeedOf(ctx.db.dataSource);
    const killer = new Client({ connectionString: ctx.db.url });
    await killer.connect();
    await killer.query('SELECT pg_terminate_backend($1)', [feed.listenerPid]);
    await killer.end();
    await ended;
    for (let i = 0; i < 300 && !feed.coherent; i++) await new Promise((r) => setTimeout(r, 10));
    const again = await subscribe(base);
    expect(again.res.statusCode).toBe(200);
    again.close();
  });
});
