import { openDatabase, type Database } from '../../db/data-source';
import { createLogger } from '../../common/logger';
import { ManualClock } from '../../common/clock';
import { createTestContext, usingPostgres, type TestContext } from '../../test/harness';
import { SmtpCapture } from '../../test/smtp-capture';
import { adminToken, makeEvent, makeUser } from '../../test/scenarios';
import { createServices } from '../../services';
import { MAIL_JOB } from '../../mail/mail-deliveries';
import { REMINDER_JOB } from '../../reminders/reminder.service';
import { maskEmail } from '../job.admin.service';

let smtp: SmtpCapture;
let ctx: TestContext;
const ran: string[] = [];
let failures = 0;

beforeAll(async () => {
  smtp = new SmtpCapture();
  ctx = await createTestContext({ env: { SMTP_URL: await smtp.start() } });
  ctx.services.jobs.define<{ note: string }>({
    name: 'test-note',
    retryLimit: 2,
    retryDelaySeconds: 1,
    async handle({ note }) {
      if (note === 'fails' && failures++ < 1) throw new Error('the first try fails');
      ran.push(note);
    },
  });
  ctx.services.deliveries.compose('test-mail', async (d) => ({ to: d.recipient, subject: `Note ${d.payload.n}`, text: 'Hello', html: '<p>Hello</p>' }));
  ctx.services.deliveries.compose('test-skip', async () => ({ skip: 'opted out' }));
});
afterAll(async () => {
  await ctx.close();
  await smtp.stop();
});
beforeEach(() => {
  ran.length = 0;
});

const pending = async (name: string) => (await ctx.services.jobs.list()).filter((j) => j.name === name && ['created', 'retry'].includes(j.state));

describe('job queue (pg-boss)', () => {
  it('runs a job sent inside a committed transaction, and none from a rolled-back one', async () => {
    await ctx.db.dataSource.transaction((m) => ctx.services.jobs.send(m, 'test-note', { note: 'kept' }));
    await expect(ctx.db.dataSource.transaction(async (m) => {
      await ctx.services.jobs.send(m, 'test-note', { note: 'rolled back' });
      throw new Error('no');
    })).rejects.toThrow('no');
    await ctx.services.jobs.runDue('test-note');
    expect(ran).toEqual(['kept']);
  });

  it('a keyed job is replaced, not doubled, when it is scheduled again', async () => {
    const later = (days: number) => new Date(Date.now() + days * 86_400_000);
    await ctx.db.dataSource.transaction((m) => ctx.services.jobs.replace(m, 'test-note', 'event:1', { note: 'first' }, later(2)));
    await ctx.db.dataSource.transaction((m) => ctx.services.jobs.replace(m, 'test-note', 'event:1', { note: 'moved' }, later(3)));
    const jobs = (await pending('test-note')).filter((j) => j.key === 'event:1');
    expect(jobs).toHaveLength(1);
    expect(jobs[0].data).toEqual({ note: 'moved' });
    expect(Math.abs(jobs[0].startAfter.getTime() - later(3).getTime())).toBeLessThan(60_000);
    await ctx.db.dataSource.transaction((m) => ctx.services.jobs.cancelPending(m, 'test-note', 'event:1'));
    expect(await pending('test-note')).toHaveLength(0);
  });

  it('retries a failed job with backoff and shows the error to admins', async () => {
    await ctx.services.jobs.send(null, 'test-note', { note: 'fails' });
    expect(await ctx.services.jobs.runDue('test-note')).toEqual({ completed: 0, failed: 1 });
    const [waiting] = await pending('test-note');
    expect(waiting.state).toBe('retry');
    expect(waiting.error).toBe('the first try fails');
    expect(waiting.startAfter.getTime()).toBeGreaterThan(Date.now());
    // Its backoff elapsed: the next round runs it.
    await ctx.db.dataSource.query(`UPDATE pgboss.job SET start_after = now() - interval '1 second' WHERE id = $1`, [waiting.id]);
    await ctx.services.jobs.runDue('test-note');
    expect(ran).toEqual(['fails']);
    const depth = await ctx.services.jobs.depth();
    expect(depth.find((d) => d.name === 'test-note' && d.state === 'completed')?.count).toBeGreaterThan(0);
  });
});

describe('mail deliveries: each planned mail goes out once', () => {
  it('plans a key once, sends it once however often its job runs, and records sent_at', async () => {
    const to = 'once@test.local';
    const plan = () => ctx.db.dataSource.transaction((m) => ctx.services.deliveries.plan(m, [{ key: 'test:once', kind: 'test-mail', userId: null, eventId: null, recipient: to, payload: { n: 1 } }]));
    expect(await plan()).toBe(1);
    expect(await plan()).toBe(0);
    await ctx.services.jobs.runDue(MAIL_JOB);
    await smtp.waitFor(to);
    const [row] = await ctx.db.dataSource.query(`SELECT id, sent_at, attempts FROM mail_deliveries WHERE dedupe_key = 'test:once'`);
    expect(row.sent_at).not.toBeNull();
    // A retried job (or a second worker) finds it sent.
    await ctx.services.deliveries.deliver(row.id);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages.filter((m) => m.to.includes(to))).toHaveLength(1);
  });

  it('records a mail that no longer applies as skipped, without sending it', async () => {
    await ctx.db.dataSource.transaction((m) => ctx.services.deliveries.plan(m, [{ key: 'test:skip', kind: 'test-skip', userId: null, eventId: null, recipient: 'skip@test.local' }]));
    await ctx.services.jobs.runDue(MAIL_JOB);
    const [row] = await ctx.db.dataSource.query(`SELECT sent_at, skipped_reason FROM mail_deliveries WHERE dedupe_key = 'test:skip'`);
    expect(row).toEqual({ sent_at: null, skipped_reason: 'opted out' });
  });
});

// Two processes working one database's queue. (Skipped on PGlite: the embedded database belongs to one process.)
(usingPostgres ? describe : describe.skip)('two workers on one database (Postgres)', () => {
  let other: Database;
  beforeAll(async () => {
    other = await openDatabase({ url: ctx.db.url!, poolSize: 4 });
  });
  afterAll(() => other.close());

  it('send each of 40 planned mails exactly once', async () => {
    const logger = createLogger('silent');
    const second = createServices({ dataSource: other.dataSource, config: ctx.config, logger, clock: new ManualClock(ctx.clock.now()) });
    second.deliveries.compose('test-mail', async (d) => ({ to: d.recipient, subject: `Note ${d.payload.n}`, text: 'Hello', html: '<p>Hello</p>' }));
    const mails = Array.from({ length: 40 }, (_, i) => ({ key: `test:pair:${i}`, kind: 'test-mail', userId: null, eventId: null, recipient: `pair${i}@test.local`, payload: { n: i } }));
    await ctx.db.dataSource.transaction((m) => ctx.services.deliveries.plan(m, mails));
    await Promise.all([ctx.services.jobs.runDue(MAIL_JOB), second.jobs.runDue(MAIL_JOB)]);
    // Even a job run twice over (a retry after a lost acknowledgement) sends nothing more.
    const ids: { id: string }[] = await ctx.db.dataSource.query(`SELECT id FROM mail_deliveries WHERE dedupe_key LIKE 'test:pair:%'`);
    await Promise.all(ids.flatMap(({ id }) => [ctx.services.deliveries.deliver(id), second.deliveries.deliver(id)]));
    await smtp.waitFor('pair39@test.local');
    await new Promise((r) => setTimeout(r, 300));
    const sent = smtp.messages.filter((m) => m.to.some((t) => t.startsWith('pair')));
    expect(sent).toHaveLength(40);
    await second.jobs.stop();
  });
});

describe('background jobs for admins', () => {
  it('lists a failed job with its error, and runs it again on retry (GraphQL and REST)', async () => {
    const admin = adminToken(ctx, await makeUser(ctx, { category: 'admin', status: 'active' }));
    failures = -100; // every try of 'fails' fails from now on
    const id = await ctx.services.jobs.send(null, 'test-note', { note: 'fails' });
    for (let i = 0; i < 3; i++) {
      await ctx.db.dataSource.query(`UPDATE pgboss.job SET start_after = now() - interval '1 second' WHERE id = $1`, [id]);
      await ctx.services.jobs.runDue('test-note');
    }
    const listed = await ctx.gql(`{ backgroundJobs(states: ["failed"]) { id name state error retryCount retryLimit } }`, {}, admin);
    const failed = listed.data.backgroundJobs.find((j: { id: string }) => j.id === id);
    expect(failed).toEqual({ id, name: 'test-note', state: 'failed', error: 'the first try fails', retryCount: 2, retryLimit: 2 });
    failures = 1; // the next try succeeds
    const retried = await ctx.http.post(`/api/admin/jobs/test-note/${id}/retry`).set('authorization', `Bearer ${admin}`);
    expect(retried.status).toBe(200);
    expect(retried.body.message).toBe('The job will run again');
    await ctx.services.jobs.runDue('test-note');
    expect(ran).toContain('fails');
    const rest = await ctx.http.get('/api/admin/jobs?state=completed').set('authorization', `Bearer ${admin}`);
    expect(rest.body.data.some((j: { id: string }) => j.id === id)).toBe(true);
    const again = await ctx.gql(`mutation($id: ID!) { retryBackgroundJob(name: "test-note", id: $id) { message } }`, { id }, admin);
    expect(again.errors?.[0].extensions.code).toBe('NOT_FOUND');
  });
});

describe('background jobs for admins: what each job is about', () => {
  it('masks an address: the first character of the name, then the domain', () => {
    expect(maskEmail('asha.verma@example.org')).toBe('a•••@example.org');
    expect(maskEmail('रवि@example.org')).toBe('र•••@example.org');
    expect(maskEmail('not-an-address')).toBe('•••');
  });

  it("shows the event's title and whom a mail is for (masked), never a full address (GraphQL and REST)", async () => {
    const admin = adminToken(ctx, await makeUser(ctx, { category: 'admin', status: 'active' }));
    const event = await makeEvent(ctx, { title: 'Storytelling Workshop for Young Readers', daysFromToday: 20 });
    const address = 'asha.verma@example.org';
    await ctx.db.dataSource.transaction((m) =>
      ctx.services.deliveries.plan(m, [{ key: `test:about:${event.id}`, kind: 'test-mail', userId: null, eventId: event.id, recipient: address, payload: { n: 7 } }]),
    );
    await ctx.services.jobs.send(null, REMINDER_JOB, { eventId: event.id }, { key: event.id, startAfter: new Date(Date.now() + 86_400_000) });
    ctx.services.jobs.define<{ eventId: string }>({
      name: 'test-bounce',
      retryLimit: 0,
      async handle() {
        throw new Error('550 5.1.1 <asha.verma@example.org>: Recipient address rejected');
      },
    });
    const bounced = await ctx.services.jobs.send(null, 'test-bounce', { eventId: event.id });
    await ctx.services.jobs.runDue('test-bounce');

    const listed = await ctx.gql(`{ backgroundJobs(limit: 100) { id name key eventId eventTitle recipient mailKind error } }`, {}, admin);
    expect(listed.errors).toBeUndefined();
    const jobs: { id: string; name: string; key: string | null; eventId: string | null; eventTitle: string | null; recipient: string | null; mailKind: string | null; error: string | null }[] = listed.data.backgroundJobs;
    const mail = jobs.find((j) => j.name === MAIL_JOB && j.eventId === event.id);
    expect(mail).toMatchObject({ eventTitle: 'Storytelling Workshop for Young Readers', recipient: 'a•••@example.org', mailKind: 'test-mail' });
    const reminder = jobs.find((j) => j.name === REMINDER_JOB && j.key === event.id);
    expect(reminder).toMatchObject({ eventId: event.id, eventTitle: 'Storytelling Workshop for Young Readers', recipient: null, mailKind: null });
    // An SMTP refusal that names the recipient is shown with the address masked.
    const failed = jobs.find((j) => j.id === bounced);
    expect(failed).toMatchObject({ eventTitle: 'Storytelling Workshop for Young Readers', error: '550 5.1.1 <a•••@example.org>: Recipient address rejected' });
    expect(JSON.stringify(listed.data)).not.toContain(address);

    const rest = await ctx.http.get('/api/admin/jobs?limit=100').set('authorization', `Bearer ${admin}`);
    expect(rest.status).toBe(200);
    expect(rest.body.data.find((j: { id: string }) => j.id === mail!.id)).toMatchObject({ eventTitle: 'Storytelling Workshop for Young Readers', recipient: 'a•••@example.org', mailKind: 'test-mail' });
    expect(JSON.stringify(rest.body)).not.toContain(address);
  });
});
