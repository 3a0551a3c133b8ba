import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createTestContext, type TestContext } from '../../test/harness';
import { silentServer } from '../../test/smtp-capture';

describe('mail server that accepts TCP and never answers', () => {
  let ctx: TestContext;
  let dead: Awaited<ReturnType<typeof silentServer>>;
  beforeAll(async () => {
    dead = await silentServer();
    ctx = await createTestContext({ env: { SMTP_URL: dead.url } });
  });
  afterAll(async () => {
    await ctx.close();
    await dead.close();
  });

  // The send gives up after 1.8 s (DEFAULT_MAIL_TIMEOUTS); the rest of the bound is room for a loaded CI machine,
  // where 2.5 s failed once at load average 15. Without the timeouts nodemailer would wait for minutes.
  it('fails the request within 3.5 s with MAIL_UNAVAILABLE and leaves no usable code', async () => {
    const started = Date.now();
    const res = await ctx.http.post('/api/auth/register').send({ name: 'Asha', email: 'asha@example.org', phone: '9876543210', category: 'graduate' });
    const took = Date.now() - started;
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ success: false, code: 'MAIL_UNAVAILABLE', msg: 'We could not send the e-mail right now. Please try again in a moment.' });
    expect(took).toBeLessThan(3500);
    const codes = await ctx.db.dataSource.query(`SELECT * FROM otp_codes WHERE email = 'asha@example.org'`);
    expect(codes).toHaveLength(0);
    // The resend throttle is lifted: the person may try again at once (and gets the same clear error).
    const gql = await ctx.gql(`mutation { requestLoginCode(email: "asha@example.org") { userId } }`);
    expect(gql.errors?.[0].extensions.code).toBe('MAIL_UNAVAILABLE');
  });
});

describe('development outbox (no SMTP_URL)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('writes each mail to DATA_DIR/outbox as .eml and .json with its code', async () => {
    const res = await ctx.http.post('/api/auth/register').send({ name: 'Ravi', email: 'ravi@example.org', phone: '9876543210', category: 'secondary' });
    expect(res.status).toBe(200);
    const dir = path.join(ctx.config.dataDir, 'outbox');
    const files = readdirSync(dir);
    const eml = files.find((f) => f.endsWith('-ravi@example.org.eml'));
    const json = files.find((f) => f.endsWith('-ravi@example.org.json'));
    expect(eml && json).toBeTruthy();
    const meta = JSON.parse(readFileSync(path.join(dir, json!), 'utf8'));
    expect(meta).toMatchObject({ to: 'ravi@example.org' });
    expect(meta.code).toMatch(/^\d{6}$/);
    expect(readFileSync(path.join(dir, eml!), 'utf8')).toContain('Content-Type: text/html');
    const verified = await ctx.http.post('/api/auth/verify-otp').send({ userId: res.body.userId, otp: meta.code });
    expect(verified.status).toBe(200);
  });

  it('keeps two mails to one person written in the same millisecond (the test clock stands still)', async () => {
    const to = 'same-moment@example.org';
    await Promise.all([
      ctx.services.mail.send({ to, subject: 'You are registered', text: 'one', html: '<p>one</p>' }),
      ctx.services.mail.send({ to, subject: 'Reminder', text: 'two', html: '<p>two</p>' }),
    ]);
    const dir = path.join(ctx.config.dataDir, 'outbox');
    const subjects = readdirSync(dir)
      .filter((f) => f.endsWith(`-${to}.json`))
      .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')).subject)
      .sort();
    expect(subjects).toEqual(['Reminder', 'You are registered']);
  });
});
