/**
 * Figures (slow suite: `npm run test:slow -- webhook-latency`, on either database): the delay from a
 * registration's commit to its webhook's receipt at a local endpoint, with the queue worked as in
 * production (polling workers), median and worst of 100; and the time to deliver 5,000 registrations'
 * webhooks to one endpoint (WEBHOOK_THROUGHPUT_N, default 1,000 to keep CI short; the figure in
 * docs/integrators.md is with 5,000). Printed, and held to loose bounds (a second per delivery; all within 10 minutes).
 * They take minutes, so they run only when asked: WEBHOOK_FIGURES=1 (CI's slow suite skips them).
 */
import { createTestContext, usingPostgres, type TestContext } from '../../test/harness';
import { makeEvent, makeUser } from '../../test/scenarios';
import { startReceiver } from './receiver';

jest.setTimeout(900_000);
const N = Number(process.env.WEBHOOK_THROUGHPUT_N ?? 1000);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' }, now: new Date() });
});
afterAll(() => ctx.close());

const viewer = (u: { id: string; email: string; name: string; category: string; status: string }) => ({ ...u, tokenKind: 'user' }) as never;
const db = usingPostgres ? 'Postgres' : 'PGlite';

const figures = process.env.WEBHOOK_FIGURES === '1' ? it : it.skip;

figures('delivery delay from commit to receipt: median and worst of 100', async () => {
  const arrivals = new Map<string, number>();
  const r = await startReceiver((got) => {
    arrivals.set(JSON.parse(got.body).data.userId, got.at);
    return { status: 200 };
  });
  try {
    await ctx.services.webhooks.create({ id: (await makeUser(ctx, { category: 'admin' })).id, email: 'a@test.local', name: 'A', category: 'admin', status: 'active', tokenKind: 'admin' }, { url: r.url(), events: ['registration.created'] });
    await ctx.services.jobs.start({ work: true });
    const event = await makeEvent(ctx, { title: 'Latency' });
    const users = [];
    for (let i = 0; i < 100; i++) users.push(await makeUser(ctx));
    const delays: number[] = [];
    for (const u of users) {
      // A random pause first, so registrations do not fall into step with the workers' polling.
      await new Promise((res) => setTimeout(res, Math.random() * 600));
      ctx.clock.set(new Date());
      await ctx.services.registrations.register(viewer(u), event.id);
      const committed = performance.now();
      while (!arrivals.has(u.id)) await new Promise((res) => setTimeout(res, 2));
      delays.push(arrivals.get(u.id)! - committed);
    }
    delays.sort((a, b) => a - b);
    const median = (delays[49] + delays[50]) / 2;
    console.log(`[webhook-latency] ${db}: commit → receipt over 100 registrations: median ${median.toFixed(0)} ms, worst ${delays[99].toFixed(0)} ms`);
    expect(delays[99]).toBeLessThan(1_000);
  } finally {
    await ctx.services.jobs.stop();
    await r.close();
  }
});

figures(`${N} registrations' webhooks delivered to one endpoint`, async () => {
  let received = 0;
  const r = await startReceiver(() => {
    received++;
    return { status: 200 };
  });
  try {
    await ctx.db.dataSource.query(`DELETE FROM webhook_endpoints`);
    await ctx.services.webhooks.create({ id: (await makeUser(ctx, { category: 'admin' })).id, email: 'b@test.local', name: 'B', category: 'admin', status: 'active', tokenKind: 'admin' }, { url: r.url(), events: ['registration.created'] });
    const event = await makeEvent(ctx, { title: 'Throughput' });
    await ctx.services.jobs.start({ work: false });
    // N people registered (the queue not worked meanwhile), then the workers start.
    await ctx.db.dataSource.query(`INSERT INTO users (name, email, phone, category, status) SELECT 'P' || g, 'p' || g || '@bulk.test', '9876543210', 'graduate', 'active' FROM generate_series(1, $1::int) g`, [N]);
    const people: { id: string; email: string; name: string; category: string; status: string }[] = await ctx.db.dataSource.query(`SELECT id, email, name, category, status FROM users WHERE email LIKE '%@bulk.test'`);
    const registering = performance.now();
    ctx.clock.set(new Date());
    for (let i = 0; i < people.length; i += 10) await Promise.all(people.slice(i, i + 10).map((p) => ctx.services.registrations.register(viewer(p), event.id)));
    const registered = performance.now() - registering;
    const started = performance.now();
    await ctx.services.jobs.start({ work: true });
    while (received < N) {
      await new Promise((res) => setTimeout(res, 20));
      if (performance.now() - started > 600_000) break;
    }
    const took = performance.now() - started;
    console.log(`[webhook-throughput] ${db}: ${N} registrations took ${(registered / 1000).toFixed(1)} s; their ${N} webhooks were delivered in ${(took / 1000).toFixed(1)} s (${(N / (took / 1000)).toFixed(0)}/s)`);
    expect(received).toBe(N);
  } finally {
    await ctx.services.jobs.stop();
    await r.close();
  }
});
