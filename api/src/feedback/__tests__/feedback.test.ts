/**
 * Feedback after an event end to end: the mail planned once per attendee a set time after the end (the
 * test clock), the signed link (valid, tampered, expired), one response per person editable for 7 days,
 * people who did not attend refused, the admin's figures and CSV, through REST and GraphQL.
 */
import { MAIL_JOB } from '../../mail/mail-deliveries';
import { readMail } from '../../reminders/__tests__/mime';
import { createTestContext, type TestContext } from '../../test/harness';
import { adminToken, makeUser, shiftDays, standardScenario, userToken } from '../../test/scenarios';
import { SmtpCapture } from '../../test/smtp-capture';
import type { UserEntity } from '../../users/user.entity';
import { eventEndsAt } from '../../events/event-end';
import { FEEDBACK_JOB, FEEDBACK_MESSAGES } from '../feedback.service';

const HOUR = 3_600_000;
const ORIGIN = 'https://site.test';
let smtp: SmtpCapture;
let ctx: TestContext;
let s: Awaited<ReturnType<typeof standardScenario>>;
// Signed by the moving test clock (an admin token lasts 8 hours).
const admin = () => adminToken(ctx, s.admin);
const START = new Date('2026-06-15T10:00:00+05:30');

beforeAll(async () => {
  smtp = new SmtpCapture();
  ctx = await createTestContext({ env: { SMTP_URL: await smtp.start(), PUBLIC_ORIGIN: ORIGIN }, now: START });
  s = await standardScenario(ctx);
});
afterAll(async () => {
  await ctx.services.mail.idle();
  await ctx.close();
  await smtp.stop();
});

let serial = 0;
const person = (fields: Partial<UserEntity> = {}) => makeUser(ctx, { email: `fb${++serial}-${Date.now().toString(36)}@test.local`, name: `Person ${serial}`, ...fields });

async function createEvent(title: string, delay?: number): Promise<{ id: string; end: Date }> {
  const date = shiftDays(ctx.services.events.today(), 1);
  const input: Record<string, unknown> = { title, description: 'A workshop', category: 'GENERAL', date, time: '10:00', endTime: '12:00', location: 'Prayagraj' };
  if (delay !== undefined) input.feedbackDelayHours = delay;
  const res = await ctx.gql(`mutation($input: EventInput!) { createEvent(input: $input) { id feedbackDelayHours } }`, { input }, admin());
  expect(res.errors).toBeUndefined();
  expect(res.data.createEvent.feedbackDelayHours).toBe(delay ?? 2);
  return { id: res.data.createEvent.id, end: eventEndsAt({ date, endDate: null, endTime: '12:00' }) };
}

async function registration(eventId: string, user: UserEntity, attended: boolean) {
  await ctx.db.dataSource.query(`INSERT INTO registrations (event_id, user_id, checked_in_at) VALUES ($1, $2, $3)`, [eventId, user.id, attended ? ctx.clock.now() : null]);
}

/** The queue's time comes for the pending feedback jobs; they run, then the mails they planned. */
async function runFeedback() {
  await ctx.db.dataSource.query(`UPDATE pgboss.job SET start_after = now() - interval '1 second' WHERE name = $1 AND state::text IN ('created', 'retry')`, [FEEDBACK_JOB]);
  await ctx.services.jobs.runDue(FEEDBACK_JOB);
  await ctx.services.jobs.runDue(MAIL_JOB);
  await ctx.services.mail.idle();
}

const feedbackMails = (u: UserEntity) => smtp.to(u.email).map((m) => readMail(m.raw)).filter((m) => /^(How was|.* कैसा रहा\?)/.test(m.subject));
const tokenIn = (text: string) => decodeURIComponent(/\/feedback\/([A-Za-z0-9._%-]+)/.exec(text)![1]);
const get = (token: string) => ctx.http.get(`/api/feedback/${encodeURIComponent(token)}`);
const put = (token: string, body: object) => ctx.http.put(`/api/feedback/${encodeURIComponent(token)}`).send(body);

describe('feedback after an event', () => {
  let event: { id: string; end: Date };
  let hindi: UserEntity, english: UserEntity, absent: UserEntity;
  let hindiToken: string;

  beforeAll(async () => {
    ctx.clock.set(START);
    event = await createEvent('Science workshop', 3);
    hindi = await person({ language: 'hi' } as Partial<UserEntity>);
    english = await person();
    absent = await person();
    await registration(event.id, hindi, true);
    await registration(event.id, english, true);
    await registration(event.id, absent, false);
  });

  it('mails each attendee once, in their language, the set time after the end', async () => {
    ctx.clock.set(new Date(event.end.getTime() + 2 * HOUR)); // ended, but before the 3 hours
    await runFeedback();
    expect(feedbackMails(hindi)).toHaveLength(0);

    ctx.clock.set(new Date(event.end.getTime() + 3 * HOUR + 60_000));
    await runFeedback();
    const [hi] = feedbackMails(hindi);
    expect(hi.subject).toBe('Science workshop कैसा रहा?');
    expect(hi.text).toContain(`${ORIGIN}/feedback/`);
    expect(hi.text).toContain('lang=hi');
    expect(feedbackMails(english)[0].subject).toBe('How was Science workshop?');
    expect(feedbackMails(absent)).toHaveLength(0);
    hindiToken = tokenIn(hi.text);

    // The event is edited (its job scheduled again) and the job runs again: nobody is mailed twice.
    const edit = await ctx.gql(`mutation($id: ID!, $input: EventUpdateInput!) { updateEvent(id: $id, input: $input) { id } }`, { id: event.id, input: { speaker: 'Dr. Rao' } }, admin());
    expect(edit.errors).toBeUndefined();
    await runFeedback();
    expect(feedbackMails(hindi)).toHaveLength(1);
    expect(feedbackMails(english)).toHaveLength(1);
  });

  it('opens the form by the signed link; refuses an altered link and a person who did not attend', async () => {
    const ok = await get(hindiToken).query({ lang: 'hi' });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ eventId: event.id, editable: true, response: null });

    const [head, payload, sig] = hindiToken.split('.');
    const flipped = `${head}.${payload}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    const bad = await get(flipped);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(FEEDBACK_MESSAGES.badLink);
    // A payload naming another person, with the original signature.
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: english.id })).toString('base64url');
    expect((await get(`${head}.${forged}.${sig}`)).status).toBe(400);
    expect((await get('not-a-token')).status).toBe(400);

    const absentLink = ctx.services.feedback.formUrl(event.id, absent.id, new Date(event.end.getTime() + 7 * 24 * HOUR), 'en');
    const refused = await get(tokenIn(absentLink));
    expect(refused.status).toBe(403);
    expect((await put(tokenIn(absentLink), { usefulness: 5, overall: 5 })).status).toBe(403);
    const mine = await ctx.gql(`mutation($e: ID!) { submitMyFeedback(eventId: $e, input: { usefulness: 4, overall: 4 }) { message } }`, { e: event.id }, userToken(ctx, absent));
    expect(mine.errors?.[0].extensions.code).toBe('FORBIDDEN');
  });

  it('keeps one response per person, changed in place; a bad rating is a 400 on its field', async () => {
    const bad = await put(hindiToken, { usefulness: 6, overall: 0 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields ?? bad.body.errors ?? {})).toEqual(expect.arrayContaining(['usefulness']));

    const first = await put(hindiToken, { usefulness: 4, overall: 5, improve: 'अधिक प्रयोग', language: 'hi' });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(FEEDBACK_MESSAGES.saved);
    ctx.clock.advance(24 * HOUR);
    const again = await put(hindiToken, { usefulness: 5, overall: 5, improve: 'अधिक प्रयोग चाहिए', language: 'hi' });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(FEEDBACK_MESSAGES.updated);
    expect(again.body.data.response).toMatchObject({ usefulness: 5, overall: 5, improve: 'अधिक प्रयोग चाहिए', language: 'hi' });
    const [{ n }] = await ctx.db.dataSource.query(`SELECT COUNT(*)::int AS n FROM event_feedback WHERE event_id = $1`, [event.id]);
    expect(n).toBe(1);

    // The signed-in way (My events): the same one response per person.
    const token = userToken(ctx, english);
    const status = await ctx.gql(`query($e: ID!) { event(id: $e) { myFeedback { open answered } } }`, { e: event.id }, token);
    expect(status.errors).toBeUndefined();
    expect(status.data.event.myFeedback).toEqual({ open: true, answered: false });
    const mine = await ctx.gql(
      `mutation($e: ID!, $i: FeedbackInput!) { submitMyFeedback(eventId: $e, input: $i) { message form { response { usefulness overall } } } }`,
      { e: event.id, i: { usefulness: 2, overall: 3, improve: '=HYPERLINK("x")' } },
      token,
    );
    expect(mine.errors).toBeUndefined();
    expect(mine.data.submitMyFeedback.form.response).toEqual({ usefulness: 2, overall: 3 });
  });

  it("gives the admin the response rate, averages, distributions, comments and a CSV", async () => {
    const res = await ctx.http.get(`/api/events/${event.id}/feedback`).set('authorization', `Bearer ${admin()}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      responses: 2,
      attendees: 2,
      responseRate: 1,
      averages: { usefulness: 3.5, overall: 4 },
      distribution: { usefulness: [0, 1, 0, 0, 1], overall: [0, 0, 1, 0, 1] },
    });
    expect(res.body.comments.map((c: { text: string }) => c.text).sort()).toEqual(['=HYPERLINK("x")', 'अधिक प्रयोग चाहिए'].sort());
    const gql = await ctx.gql(`query($e: ID!) { eventFeedback(eventId: $e) { responses attendees responseRate overall { average distribution } } }`, { e: event.id }, admin());
    expect(gql.data.eventFeedback).toEqual({ responses: 2, attendees: 2, responseRate: 1, overall: { average: 4, distribution: [0, 0, 1, 0, 1] } });
    expect((await ctx.http.get(`/api/events/${event.id}/feedback`).set('authorization', `Bearer ${userToken(ctx, s.member)}`)).status).toBe(403);

    const csv = await ctx.http.get(`/api/admin/export/events/${event.id}/feedback.csv`).set('authorization', `Bearer ${admin()}`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('name,email,usefulness,overall,improve,language,submittedAt,updatedAt');
    expect(lines).toHaveLength(3);
    expect(csv.text).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('asks the extra questions (the registration questions\' kinds and rules) and checks their answers', async () => {
    const set = await ctx.http
      .put(`/api/events/${event.id}/feedback/questions`)
      .set('authorization', `Bearer ${admin()}`)
      .send({
        questions: [
          { id: 'pace', type: 'single_choice', label: 'The pace was', labelHi: 'गति', required: true, options: [{ label: 'Too slow', labelHi: 'धीमी' }, { label: 'Right', labelHi: 'ठीक' }, { label: 'Too fast', labelHi: 'तेज़' }] },
          { type: 'multiple_choice', label: 'Topics you liked', options: [{ label: 'Optics' }, { label: 'Magnets' }] },
        ],
      });
    expect(set.status).toBe(200);
    expect(set.body.questions[1].id).toBe('topics-you-liked');
    expect(set.body.questions[0].options[1]).toEqual({ value: 'right', label: 'Right', labelHi: 'ठीक' });
    const missing = await put(hindiToken, { usefulness: 5, overall: 5, language: 'hi' });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toHaveProperty(['answers.pace']);
    const unknown = await put(hindiToken, { usefulness: 5, overall: 5, answers: [{ questionId: 'pace', value: 'perfect' }] });
    expect(unknown.status).toBe(400);
    const answered = await put(hindiToken, { usefulness: 5, overall: 5, answers: [{ questionId: 'pace', value: 'right' }, { questionId: 'topics-you-liked', values: ['magnets', 'optics'] }], language: 'hi' });
    expect(answered.status).toBe(200);
    expect(answered.body.data.response.answers).toEqual([
      { questionId: 'pace', value: 'right', values: [] },
      { questionId: 'topics-you-liked', value: null, values: ['optics', 'magnets'] },
    ]);
    const form = await get(hindiToken).query({ lang: 'hi' });
    expect(form.body.data.questions[0]).toMatchObject({ id: 'pace', type: 'single_choice', label: 'गति', required: true, options: [{ value: 'too-slow', label: 'धीमी' }, { value: 'right', label: 'ठीक' }, { value: 'too-fast', label: 'तेज़' }] });
    const csv = await ctx.http.get(`/api/admin/export/events/${event.id}/feedback.csv`).set('authorization', `Bearer ${admin()}`);
    expect(csv.text.split('\r\n')[0]).toContain('improve,The pace was,Topics you liked,language');
    expect(csv.text).toContain('Right,Optics; Magnets');
    const wrong = await ctx.http.put(`/api/events/${event.id}/feedback/questions`).set('authorization', `Bearer ${admin()}`).send({ questions: [{ id: 'Bad Id', type: 'single_choice', label: 'x' }] });
    expect(wrong.status).toBe(400);
  });

  it('closes 7 days after the end: the link has expired and edits are refused', async () => {
    ctx.clock.set(new Date(event.end.getTime() + 7 * 24 * HOUR + 60_000));
    const late = await put(hindiToken, { usefulness: 1, overall: 1 });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(FEEDBACK_MESSAGES.expired);
    const mine = await ctx.gql(`mutation($e: ID!) { submitMyFeedback(eventId: $e, input: { usefulness: 1, overall: 1 }) { message } }`, { e: event.id }, userToken(ctx, english));
    expect(mine.errors?.[0].extensions.code).toBe('CONFLICT');
    const status = await ctx.gql(`query($e: ID!) { event(id: $e) { myFeedback { open answered } } }`, { e: event.id }, userToken(ctx, english));
    expect(status.data.event.myFeedback).toEqual({ open: false, answered: true });
  });

  it('refuses feedback before the end, and a delay outside 0-168 hours', async () => {
    ctx.clock.set(START);
    const early = await createEvent('Later workshop');
    const u = await person();
    await registration(early.id, u, true);
    const res = await ctx.gql(`mutation($e: ID!) { submitMyFeedback(eventId: $e, input: { usefulness: 3, overall: 3 }) { message } }`, { e: early.id }, userToken(ctx, u));
    expect(res.errors?.[0].extensions.code).toBe('CONFLICT');
    const date = shiftDays(ctx.services.events.today(), 3);
    const tooLong = await ctx.gql(`mutation($input: EventInput!) { createEvent(input: $input) { id } }`, { input: { title: 'x', description: 'y', category: 'GENERAL', date, time: '10:00', location: 'z', feedbackDelayHours: 500 } }, admin());
    expect(tooLong.errors?.[0].extensions.code).toBe('VALIDATION');
  });
});
