/**
 * Mails in the person's language, end to end through a real SMTP server: the code mail is written in
 * the language the dialog was used in, which the account keeps (users.language); the registration
 * confirmation, its .ics, the reminder and the cancellation write the event's own Hindi title and
 * place for a Hindi reader (English where the event has no Hindi), and English for everyone else.
 */
import { MAIL_JOB } from '../../mail/mail-deliveries';
import { REMINDER_JOB } from '../../reminders/reminder.service';
import { readMail, type ReadMail } from '../../reminders/__tests__/mime';
import { createTestContext, type TestContext } from '../../test/harness';
import { adminToken, makeEvent, makeUser, standardScenario, userToken } from '../../test/scenarios';
import { SmtpCapture } from '../../test/smtp-capture';
import type { EventEntity } from '../../events/event.entity';
import { gqlWith } from './helpers';

const ORIGIN = 'https://site.test';
let smtp: SmtpCapture;
let ctx: TestContext;
let s: Awaited<ReturnType<typeof standardScenario>>;
let fair: EventEntity;

beforeAll(async () => {
  smtp = new SmtpCapture();
  // The real time: the job queue decides what is due by the database's clock.
  ctx = await createTestContext({ env: { SMTP_URL: await smtp.start(), PUBLIC_ORIGIN: ORIGIN }, now: new Date() });
  s = await standardScenario(ctx);
  fair = await makeEvent(ctx, {
    title: 'Science fair',
    description: 'Projects by students',
    location: 'GIC Hall, Civil Lines',
    daysFromToday: 5,
    translations: { hi: { title: 'विज्ञान मेला', location: 'जीआईसी हॉल, सिविल लाइंस' } },
  });
});
afterAll(async () => {
  await ctx.services.mail.idle();
  await ctx.close();
  await smtp.stop();
});
beforeEach(() => ctx.clock.set(new Date()));

let n = 0;
const address = (tag: string) => `${tag}${++n}-${Date.now().toString(36)}@example.org`;
/** Each call from its own network, so the per-IP cap never bites. */
const post = (path: string, body: object, lang?: string) => {
  let req = ctx.http.post(`/api${path}`).set('X-Forwarded-For', `10.9.${n & 255}.${(n * 7) & 255}`);
  if (lang) req = req.set('accept-language', lang);
  return req.send(body);
};
const mailsTo = (email: string): ReadMail[] => smtp.to(email).map((m) => readMail(m.raw));
async function lastMail(email: string, count: number): Promise<ReadMail> {
  await ctx.services.jobs.runDue(MAIL_JOB); // queued mails (the confirmation)
  await ctx.services.mail.idle();
  await smtp.waitFor(email, count);
  return mailsTo(email)[count - 1];
}
const codeOf = (mail: ReadMail) => /^(\d{6}) /.exec(mail.subject)?.[1] ?? '';
const languageOf = async (email: string) => (await ctx.db.dataSource.query('SELECT language FROM users WHERE email = $1', [email]))[0]?.language;
/** An iCalendar file's property, unfolded (RFC 5545 3.1) and unescaped. */
function icsValue(ics: string, name: string): string | undefined {
  const line = ics
    .replace(/\r?\n[ \t]/g, '')
    .split(/\r?\n/)
    .find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));
  return line?.slice(line.indexOf(':') + 1).replace(/\\([,;\\])/g, '$1').replace(/\\n/gi, '\n');
}
const icsOf = (mail: ReadMail) => mail.attachments.find((a) => /text\/calendar/i.test(a.contentType))?.content ?? '';

describe('the registration dialog in Hindi', () => {
  it('code mail in Hindi, users.language = hi; the confirmation and its .ics carry the Hindi title and place', async () => {
    const email = address('asha');
    const res = await post('/auth/register', { name: 'Asha Verma', email, phone: '9876543210', category: 'graduate' }, 'hi');
    expect(res.status).toBe(200);
    expect(await languageOf(email)).toBe('hi');

    const codeMail = await lastMail(email, 1);
    const code = codeOf(codeMail);
    expect(code).toMatch(/^\d{6}$/);
    expect(codeMail.subject).toBe(`${code} आपका ज्ञान ज्योति शिक्षा मिशन कोड है`);
    expect(codeMail.text).toContain('नमस्ते Asha Verma जी,');
    expect(codeMail.text).toContain(`पंजीकरण पूरा करने के लिए आपका वन-टाइम कोड (OTP) है: ${code}`);
    expect(codeMail.text).toContain('यह कोड 10 मिनट तक मान्य है');
    expect(codeMail.text).not.toContain('Your one-time code');
    expect(codeMail.html).toContain('<html lang="hi"');

    const verified = await post('/auth/verify-otp', { userId: res.body.userId, otp: code });
    expect(verified.status).toBe(200);
    const token = verified.body.token as string;
    // The account keeps the language.
    expect((await ctx.gql('{ me { language } }', {}, token)).data.me.language).toBe('hi');

    const reg = await ctx.http.post(`/api/events/${fair.id}/register`).set('authorization', `Bearer ${token}`);
    expect(reg.status).toBe(200);
    const confirmation = await lastMail(email, 2);
    expect(confirmation.subject).toBe('आपका पंजीकरण हो गया है: विज्ञान मेला');
    expect(confirmation.text).toContain('"विज्ञान मेला" में पंजीकरण के लिए धन्यवाद। आपकी जगह पक्की हो गई है।');
    expect(confirmation.text).toContain('कार्यक्रम: विज्ञान मेला');
    expect(confirmation.text).toContain('कहाँ: जीआईसी हॉल, सिविल लाइंस');
    expect(confirmation.text).toContain(`कार्यक्रम देखें: ${ORIGIN}/events/${fair.id}?lang=hi`);
    expect(confirmation.text).not.toContain('Science fair');
    expect(confirmation.text).not.toContain('GIC Hall');
    expect(confirmation.html).toContain('<strong>विज्ञान मेला</strong>');

    const ics = icsOf(confirmation);
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(icsValue(ics, 'SUMMARY')).toBe('विज्ञान मेला');
    expect(icsValue(ics, 'LOCATION')).toBe('जीआईसी हॉल, सिविल लाइंस');
    // No Hindi description: the English one.
    expect(icsValue(ics, 'DESCRIPTION')).toBe('Projects by students');
    expect(icsValue(ics, 'URL')).toBe(`${ORIGIN}/events/${fair.id}?lang=hi`);
  });

  it('the GraphQL register mutation reads the language the same way', async () => {
    const email = address('gql');
    const res = await gqlWith(ctx, 'mutation($input: RegisterInput!) { register(input: $input) { userId message } }', { input: { name: 'Ravi', email, phone: '9876543210', category: 'graduate' } }, { headers: { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8', 'x-forwarded-for': '10.8.0.1' } });
    expect(res.body.errors).toBeUndefined();
    expect(await languageOf(email)).toBe('hi');
    const mail = await lastMail(email, 1);
    expect(mail.subject).toBe(`${codeOf(mail)} आपका ज्ञान ज्योति शिक्षा मिशन कोड है`);
  });

  it('the registration page (send-otp, then the whole form) in Hindi', async () => {
    const email = address('page');
    const sent = await post('/auth/send-otp', { email, phone: '9876543210' }, 'hi');
    expect(sent.status).toBe(200);
    const mail = await lastMail(email, 1);
    const code = codeOf(mail);
    expect(mail.subject).toBe(`${code} आपका ज्ञान ज्योति शिक्षा मिशन कोड है`);
    expect(mail.text).toContain(`पंजीकरण पूरा करने के लिए आपका वन-टाइम कोड (OTP) है: ${code}`);
    const done = await post('/auth/register', { name: 'Sita', email, phone: '9876543210', password: 'secret-pass', confirmPassword: 'secret-pass', userType: 'graduate', otp: code }, 'hi');
    expect(done.status).toBe(200);
    expect(await languageOf(email)).toBe('hi');
  });

  it('in English (no header), the code mail is English and users.language = en', async () => {
    const email = address('en');
    const res = await post('/auth/register', { name: 'John', email, phone: '9876543210', category: 'graduate' });
    expect(res.status).toBe(200);
    const mail = await lastMail(email, 1);
    expect(mail.subject).toBe(`${codeOf(mail)} is your Gyan Jyoti Education Mission code`);
    expect(mail.text).toContain('Dear John,');
    expect(await languageOf(email)).toBe('en');
  });
});

describe('a person whose language is English', () => {
  it('gets the English title and place, and the English .ics', async () => {
    const user = await makeUser(ctx, { email: address('eng'), language: 'en' });
    const reg = await ctx.http.post(`/api/events/${fair.id}/register`).set('authorization', `Bearer ${userToken(ctx, user)}`).set('accept-language', 'hi');
    expect(reg.status).toBe(200);
    const mail = await lastMail(user.email, 1);
    // The mail follows the account's language, not the language of the request that registered.
    expect(mail.subject).toBe('You are registered: Science fair');
    expect(mail.text).toContain('Thank you for registering for "Science fair". Your place is confirmed.');
    expect(mail.text).toContain('Where: GIC Hall, Civil Lines');
    expect(mail.text).not.toContain('विज्ञान');
    const ics = icsOf(mail);
    expect(icsValue(ics, 'SUMMARY')).toBe('Science fair');
    expect(icsValue(ics, 'LOCATION')).toBe('GIC Hall, Civil Lines');
    expect(icsValue(ics, 'URL')).toBe(`${ORIGIN}/events/${fair.id}`);
  });

  it('a Hindi reader of an event with no Hindi gets the English title inside a Hindi mail', async () => {
    const plain = await makeEvent(ctx, { title: 'Career talk', location: 'Naini', daysFromToday: 6 });
    const user = await makeUser(ctx, { email: address('hin'), language: 'hi' });
    await ctx.http.post(`/api/events/${plain.id}/register`).set('authorization', `Bearer ${userToken(ctx, user)}`);
    const mail = await lastMail(user.email, 1);
    expect(mail.subject).toBe('आपका पंजीकरण हो गया है: Career talk');
    expect(mail.text).toContain('कहाँ: Naini');
    expect(icsValue(icsOf(mail), 'SUMMARY')).toBe('Career talk');
  });
});

describe('sign-in by code switches the stored language', () => {
  it('requestLoginCode with Accept-Language: en makes a Hindi account English, and back', async () => {
    const user = await makeUser(ctx, { email: address('switch'), language: 'hi' });
    const en = await post('/auth/login', { email: user.email }, 'en');
    expect(en.status).toBe(200);
    const enMail = await lastMail(user.email, 1);
    expect(enMail.subject).toBe(`${codeOf(enMail)} is your Gyan Jyoti Education Mission code`);
    expect(enMail.text).toContain(`Your one-time code to sign in is: ${codeOf(enMail)}`);
    expect(await languageOf(user.email)).toBe('en');

    // The next mail about an event is in English now.
    const other = await makeEvent(ctx, { title: 'Maths camp', daysFromToday: 7, translations: { hi: { title: 'गणित शिविर' } } });
    await ctx.http.post(`/api/events/${other.id}/register`).set('authorization', `Bearer ${userToken(ctx, user)}`);
    expect((await lastMail(user.email, 2)).subject).toBe('You are registered: Maths camp');

    // A minute later (the resend throttle), over GraphQL in Hindi: back to Hindi.
    ctx.clock.advance(61_000);
    const hi = await gqlWith(ctx, 'mutation($email: String!) { requestLoginCode(email: $email) { message } }', { email: user.email }, { headers: { 'accept-language': 'hi' }, url: '/graphql' });
    expect(hi.body.errors).toBeUndefined();
    const hiMail = await lastMail(user.email, 3);
    expect(hiMail.subject).toBe(`${codeOf(hiMail)} आपका ज्ञान ज्योति शिक्षा मिशन कोड है`);
    expect(hiMail.text).toContain(`लॉग इन करने के लिए आपका वन-टाइम कोड (OTP) है: ${codeOf(hiMail)}`);
    expect(await languageOf(user.email)).toBe('hi');
  });
});

describe('later mails about the event', () => {
  it('the reminder and the cancellation write the Hindi title for a Hindi reader, English for others', async () => {
    const event = await makeEvent(ctx, {
      title: 'Teachers day',
      location: 'Anand Bhawan',
      daysFromToday: 3,
      translations: { hi: { title: 'शिक्षक दिवस', location: 'आनंद भवन' } },
    });
    // makeEvent writes behind the service's back: let the service plan its reminder as an admin edit would.
    await ctx.services.events.update(null, event.id, { time: event.time });
    const hindi = await makeUser(ctx, { email: address('rem-hi'), language: 'hi' });
    const english = await makeUser(ctx, { email: address('rem-en'), language: 'en' });
    for (const u of [hindi, english]) expect((await ctx.http.post(`/api/events/${event.id}/register`).set('authorization', `Bearer ${userToken(ctx, u)}`)).status).toBe(200);
    await ctx.services.mail.idle();

    // The reminder's time comes.
    ctx.clock.set(new Date(event.startsAt.getTime() - (ctx.config.reminderLeadHours * 3_600_000 - 60_000)));
    await ctx.db.dataSource.query(`UPDATE pgboss.job SET start_after = now() - interval '1 second' WHERE name = $1 AND state::text IN ('created', 'retry')`, [REMINDER_JOB]);
    await ctx.services.jobs.runDue(REMINDER_JOB);
    await ctx.services.jobs.runDue(MAIL_JOB);
    await ctx.services.mail.idle();
    const reminderOf = (email: string) => mailsTo(email).find((m) => /^(Reminder|अनुस्मारक):/.test(m.subject));
    expect(reminderOf(hindi.email)?.subject).toBe('अनुस्मारक: शिक्षक दिवस कल है');
    expect(reminderOf(hindi.email)?.text).toContain('कहाँ: आनंद भवन');
    expect(icsValue(reminderOf(hindi.email)?.attachments[0]?.content ?? '', 'SUMMARY')).toBe('शिक्षक दिवस');
    expect(reminderOf(english.email)?.subject).toBe('Reminder: Teachers day is tomorrow');
    expect(reminderOf(english.email)?.text).toContain('Where: Anand Bhawan');

    const cancel = await ctx.http.post(`/api/events/${event.id}/cancel`).set('authorization', `Bearer ${adminToken(ctx, s.admin)}`);
    expect(cancel.status).toBe(200);
    await ctx.services.jobs.runDue(MAIL_JOB);
    await ctx.services.mail.idle();
    const cancellationOf = (email: string) => mailsTo(email).find((m) => /^(Cancelled|कार्यक्रम रद्द):/.test(m.subject));
    expect(cancellationOf(hindi.email)?.subject).toMatch(/^कार्यक्रम रद्द: शिक्षक दिवस/);
    expect(cancellationOf(hindi.email)?.text).toContain('आनंद भवन');
    expect(cancellationOf(hindi.email)?.text).not.toContain('Teachers day');
    expect(cancellationOf(english.email)?.subject).toMatch(/^Cancelled: Teachers day on /);
    expect(cancellationOf(english.email)?.text).toContain('Anand Bhawan');
  });
});
