/**
 * Throughput: a message to MESSAGE_LOAD people (default 5,000, the figure issue 27 asks for), queued by
 * POST /api/admin/messages and sent by the job queue's own workers (pg-boss, as `npm start` runs them:
 * MAIL_QUEUE_CONCURRENCY workers, 25 deliveries a fetch) to a local SMTP server, timed; prints the time to
 * queue and to send, and messages per second.
 *
 * Postgres only: the figure is meant for the production database; on the embedded one (a single
 * connection inside this process) it would measure PGlite, not the queue.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test JEST_SUITES=slow NODE_OPTIONS=--experimental-vm-modules \
 *     npx jest src/messages/__tests__/message-throughput.test.ts
 */
import { createTestContext, usingPostgres, type TestContext } from '../../test/harness';
import { makeEvent, makeUser, adminToken } from '../../test/scenarios';
import { SmtpCapture } from '../../test/smtp-capture';

const LOAD = Number(process.env.MESSAGE_LOAD ?? 5000);

let smtp: SmtpCapture;
let ctx: TestContext;

(usingPostgres ? describe : describe.skip)('message throughput (Postgres)', () => {
  beforeAll(async () => {
    smtp = new SmtpCapture();
    const url = await smtp.start();
    ctx = await createTestContext({ env: { SMTP_URL: url, MESSAGE_RECIPIENTS_PER_HOUR: String(LOAD * 2) }, now: new Date() });
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.stop();
  });

  it(`queues and sends a message to ${LOAD} people`, async () => {
    const event = await makeEvent(ctx, { title: 'Annual day', daysFromToday: -1 });
    await ctx.db.dataSource.query(
      `INSERT INTO users (name, email, phone, category, status, language)
       SELECT 'Load ' || g, 'load-' || g || '@load.test', '9876543210', 'graduate', 'active', CASE WHEN g % 3 = 0 THEN 'hi' ELSE 'en' END FROM generate_series(1, $1::int) g`,
      [LOAD],
    );
    await ctx.db.dataSource.query(`INSERT INTO registrations (event_id, user_id, checked_in_at) SELECT $1, id, now() FROM users WHERE email LIKE 'load-%@load.test'`, [event.id]);
    const admin = adminToken(ctx, await makeUser(ctx, { category: 'admin', status: 'active' }));

    const t0 = performance.now();
    const res = await ctx.http.post('/api/admin/messages').set('authorization', `Bearer ${admin}`)
      .send({ subject: 'Thank you for coming', text: 'Thank you.\n\nSee you next time.', subjectHi: 'धन्यवाद', textHi: 'आने के लिए धन्यवाद।', eventIds: [event.id], segment: 'attended' });
    const queued = performance.now();
    expect(res.status).toBe(201);
    expect(res.body.recipients).toBe(LOAD);

    await ctx.services.jobs.start({ work: true });
    for (;;) {
      const got = await ctx.services.messages.get(res.body.id);
      if (got.totals.queued === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const sent = performance.now();
    const got = await ctx.services.messages.get(res.body.id);
    expect(got.totals).toEqual({ queued: 0, sent: LOAD, failed: 0, skipped: 0 });
    expect(smtp.messages.length).toBe(LOAD);
    console.log(
      `message: ${LOAD} people, ${ctx.config.mailQueueConcurrency} worker(s): queued in ${Math.round(queued - t0)} ms, ` +
        `all sent in ${((sent - t0) / 1000).toFixed(1)} s = ${Math.round(LOAD / ((sent - t0) / 1000))} mails/s`,
    );
  }, 600_000);
});
