/**
 * How long issuing takes: an ended event with many attendees (inserted with SQL), certificates issued in
 * one call, then every certificate mail (a PDF each, rendered when it is sent) sent by four workers to a
 * local SMTP server. CERT_LOAD (default 20) sets the size; CERT_LOAD=500 gives the README's figure.
 *
 * Postgres only: the figure is meant for the production database; on the embedded one (one connection
 * inside this process) it would measure PGlite.
 */
import { MAIL_JOB } from '../../mail/mail-deliveries';
import { createTestContext, usingPostgres, type TestContext } from '../../test/harness';
import { makeEvent, makeUser } from '../../test/scenarios';
import { SmtpCapture } from '../../test/smtp-capture';

const LOAD = Number(process.env.CERT_LOAD ?? 20);
/** CERT_SEND=0 times the issuing alone (the mails, a PDF each, take far longer). */
const SEND = process.env.CERT_SEND !== '0';

(usingPostgres ? describe : describe.skip)('certificate issuance throughput (Postgres)', () => {
  let smtp: SmtpCapture;
  let ctx: TestContext;
  beforeAll(async () => {
    smtp = new SmtpCapture();
    ctx = await createTestContext({ env: { SMTP_URL: await smtp.start() } });
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.stop();
  });

  it(`issues ${LOAD} certificates in one call and mails them all`, async () => {
    const event = await makeEvent(ctx, { title: 'Science teachers workshop', daysFromToday: -2 });
    await ctx.db.dataSource.transaction(async (m) => {
      await m.query(
        `INSERT INTO users (name, email, phone, category, status, language)
         SELECT 'Attendee ' || g, 'cert-' || g || '@load.test', '9876543210', 'primary', 'active', CASE WHEN g % 2 = 0 THEN 'hi' ELSE 'en' END
           FROM generate_series(1, $1::int) g`,
        [LOAD],
      );
      await m.query(
        `INSERT INTO registrations (event_id, user_id, created_at, checked_in_at) SELECT $1, id, $2, $2 FROM users WHERE email LIKE 'cert-%@load.test'`,
        [event.id, event.startsAt],
      );
      await m.query(`UPDATE events SET registered_count = $2 WHERE id = $1`, [event.id, LOAD]);
    });
    const admin = await makeUser(ctx, { category: 'admin', status: 'active' });
    const actor = { id: admin.id, email: admin.email, name: admin.name, category: admin.category, status: admin.status, tokenKind: 'admin' as const };
    const t0 = performance.now();
    const { issued } = await ctx.services.certificates.issue(actor, event.id);
    const t1 = performance.now();
    expect(issued).toBe(LOAD);
    const [{ planned }] = await ctx.db.dataSource.query(`SELECT count(*)::int AS planned FROM mail_deliveries WHERE event_id = $1 AND kind = 'certificate'`, [event.id]);
    expect(planned).toBe(LOAD);
    if (!SEND) return console.log(`certificates: ${LOAD} issued (and their mails planned) in ${Math.round(t1 - t0)} ms`);
    await Promise.all(Array.from({ length: 4 }, () => ctx.services.jobs.runDue(MAIL_JOB)));
    const t2 = performance.now();
    const [{ n }] = await ctx.db.dataSource.query(`SELECT count(*)::int AS n FROM mail_deliveries WHERE event_id = $1 AND kind = 'certificate' AND sent_at IS NOT NULL`, [event.id]);
    expect(n).toBe(LOAD);
    console.log(
      `certificates: ${LOAD} issued in ${Math.round(t1 - t0)} ms; all ${LOAD} mailed with their PDFs (half in Hindi) by four workers in ${((t2 - t1) / 1000).toFixed(1)} s ` +
        `(${Math.round(LOAD / ((t2 - t1) / 1000))} per second)`,
    );
  }, 600_000);
});
