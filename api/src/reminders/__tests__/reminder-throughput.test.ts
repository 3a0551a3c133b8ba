/**
 * Throughput: an event with many registrations (inserted with SQL), its reminder job run, and every
 * reminder sent through the queue to a local SMTP server, timed; prints reminders mailed per second.
 *
 * Sizes: 1,000 registrants worked by four workers and by one (what one process's `boss.work` does: one
 * job after the other); REMINDER_LOAD=5000 REMINDER_ONE_WORKER_LOAD=5000 for the figure in the README.
 * The mail service keeps a few SMTP connections open (a new connection per message, ~100 ms against the
 * local capture server, held it to ~9 mails/s per worker before).
 *
 * Postgres only: the figure is meant for the production database; on the embedded one (a single
 * connection inside this process) it would measure PGlite, not the queue.
 */
import { MAIL_JOB } from '../../mail/mail-deliveries';
import { createTestContext, usingPostgres, type TestContext } from '../../test/harness';
import { makeEvent } from '../../test/scenarios';
import { SmtpCapture } from '../../test/smtp-capture';
import { REMINDER_JOB } from '../reminder.service';

const LOAD = Number(process.env.REMINDER_LOAD ?? 1000);
const ONE_WORKER_LOAD = Math.min(LOAD, Number(process.env.REMINDER_ONE_WORKER_LOAD ?? 1000));
const HOUR = 3_600_000;

let smtp: SmtpCapture;
let ctx: TestContext;

(usingPostgres ? describe : describe.skip)('reminder throughput (Postgres)', () => {
  beforeAll(async () => {
    smtp = new SmtpCapture();
    const url = await smtp.start();
    ctx = await createTestContext({ env: { SMTP_URL: url }, now: new Date() });
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.stop();
  });

  async function eventWithRegistrants(tag: string, count: number) {
    const event = await makeEvent(ctx, { title: `Annual day ${tag}`, daysFromToday: 3 });
    await ctx.db.dataSource.transaction(async (m) => {
      await ctx.services.reminders.scheduleFor(m, event);
      await m.query(
        `INSERT INTO users (name, email, phone, category, status)
         SELECT 'Load ' || g, 'load-${tag}-' || g || '@load.test', '9876543210', 'graduate', 'active' FROM generate_series(1, $1::int) g`,
        [count],
      );
      await m.query(`INSERT INTO registrations (event_id, user_id, created_at) SELECT $1, id, $2 FROM users WHERE email LIKE $3`, [event.id, ctx.clock.now(), `load-${tag}-%@load.test`]);
      await m.query(`UPDATE events SET registered_count = $2 WHERE id = $1`, [event.id, count]);
    });
    return event;
  }

  async function measure(tag: string, count: number, workers: number) {
    const event = await eventWithRegistrants(tag, count);
    ctx.clock.set(new Date(event.startsAt.getTime() - ctx.config.reminderLeadHours * HOUR + 60_000));
    await ctx.db.dataSource.query(`UPDATE pgboss.job SET start_after = now() - interval '1 second' WHERE name = $1 AND singleton_key = $2`, [REMINDER_JOB, event.id]);
    const before = smtp.messages.length;
    const t0 = performance.now();
    await ctx.services.jobs.runDue(REMINDER_JOB);
    const planned = performance.now();
    await Promise.all(Array.from({ length: workers }, () => ctx.services.jobs.runDue(MAIL_JOB)));
    const sent = performance.now();
    const [{ n }] = await ctx.db.dataSource.query(`SELECT count(*)::int AS n FROM mail_deliveries WHERE event_id = $1 AND sent_at IS NOT NULL`, [event.id]);
    expect(smtp.messages.length - before).toBe(count);
    expect(n).toBe(count);
    console.log(
      `reminders: ${count} registrants, ${workers} worker(s): planned in ${Math.round(planned - t0)} ms, ` +
        `all mailed in ${((sent - t0) / 1000).toFixed(1)} s = ${Math.round(count / ((sent - t0) / 1000))} reminders/s`,
    );
    ctx.clock.set(new Date());
  }

  it(`plans and mails ${LOAD} reminders through the queue (four workers)`, async () => {
    await measure('four', LOAD, 4);
  }, 300_000);

  it(`plans and mails ${ONE_WORKER_LOAD} reminders through the queue (one worker)`, async () => {
    await measure('one', ONE_WORKER_LOAD, 1);
  }, 300_000);
});
