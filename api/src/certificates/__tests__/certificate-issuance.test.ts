/**
 * Certificates end to end: issued after the event to those who attended (registrations.checked_in_at,
 * set here with SQL as the door would), once each; mailed through the queue with the PDF; downloaded by
 * the person; checked by anyone; revoked by an admin.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAIL_JOB } from '../../mail/mail-deliveries';
import { readMail, type ReadMail } from '../../reminders/__tests__/mime';
import { createTestContext, type TestContext } from '../../test/harness';
import { makeEvent, makeUser, standardScenario, userToken } from '../../test/scenarios';
import { SmtpCapture } from '../../test/smtp-capture';
import type { UserEntity } from '../../users/user.entity';
import { eventEndsAt } from '../../events/event-end';
import { CERTIFICATE_MESSAGES, normaliseCode, VERIFY_LIMIT } from '../certificate.service';

/** poppler-utils reads the PDFs back; without it the text checks are skipped (the PDF's own test says why). */
function hasPdftotext() {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const poppler = hasPdftotext();
if (!poppler) console.warn('certificate-issuance: pdftotext not found (Debian package poppler-utils), so the PDF text checks are skipped');
const dir = mkdtempSync(join(tmpdir(), 'certificate-issuance-'));
const pdfText = (name: string, pdf: Buffer) => {
  const file = join(dir, name);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
};

let smtp: SmtpCapture;
let ctx: TestContext;
let s: Awaited<ReturnType<typeof standardScenario>>;
const ORIGIN = 'https://site.test';
const admin = () => s.tokens.admin;

beforeAll(async () => {
  smtp = new SmtpCapture();
  // The test clock: 2026-06-15 10:00 India time.
  ctx = await createTestContext({ env: { SMTP_URL: await smtp.start(), PUBLIC_ORIGIN: ORIGIN } });
  s = await standardScenario(ctx);
});
afterAll(async () => {
  await ctx.services.mail.idle();
  await ctx.close();
  await smtp.stop();
});

// ---------- helpers ----------

let serial = 0;
const person = (fields: Partial<UserEntity> = {}) => makeUser(ctx, { email: `cert${++serial}@test.local`, name: `Person ${serial}`, ...fields });

/** A registration written as the ledger would, checked in (attended) or not. */
async function registration(eventId: string, user: UserEntity, attended: boolean) {
  await ctx.db.dataSource.query(`INSERT INTO registrations (event_id, user_id, checked_in_at) VALUES ($1, $2, $3)`, [eventId, user.id, attended ? ctx.clock.now() : null]);
}
const checkInLater = (eventId: string, user: UserEntity) =>
  ctx.db.dataSource.query(`UPDATE registrations SET checked_in_at = $3 WHERE event_id = $1 AND user_id = $2`, [eventId, user.id, ctx.clock.now()]);

/** How many an issue would send now, read through both transports (they must agree). */
async function toIssue(eventId: string): Promise<number> {
  const gql = await ctx.gql(`query($e: ID!) { certificatesToIssue(eventId: $e) }`, { e: eventId }, admin());
  expect(gql.errors).toBeUndefined();
  const rest = await ctx.http.get(`/api/events/${eventId}/certificates/to-issue`).set('authorization', `Bearer ${admin()}`);
  expect(rest.status).toBe(200);
  expect(rest.body).toEqual({ success: true, count: gql.data.certificatesToIssue });
  return gql.data.certificatesToIssue;
}

const issue = (eventId: string, body: object = {}) => ctx.http.post(`/api/events/${eventId}/certificates`).set('authorization', `Bearer ${admin()}`).send(body);

function binary(res: any, cb: (err: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
}
const download = (eventId: string, user: UserEntity) =>
  ctx.http.get(`/api/events/${eventId}/certificate`).set('authorization', `Bearer ${userToken(ctx, user)}`).buffer(true).parse(binary);

let ip = 0;
const verify = (code: string, from = `10.77.0.${++ip % 250}`) => ctx.http.get(`/api/certificates/${encodeURIComponent(code)}`).set('x-forwarded-for', from);

const codeOf = async (eventId: string, user: UserEntity): Promise<string> =>
  (await ctx.db.dataSource.query(`SELECT code FROM certificates WHERE event_id = $1 AND user_id = $2`, [eventId, user.id]))[0]?.code;

const mailsTo = (user: UserEntity): ReadMail[] => smtp.to(user.email).map((m) => readMail(m.raw));
async function sendQueuedMails() {
  await ctx.services.jobs.runDue(MAIL_JOB);
  await ctx.services.mail.idle();
}

// ---------- the cast: yesterday's workshop ----------

let workshop: string;
let asha: UserEntity; // attended, English
let ravi: UserEntity; // attended, Hindi
let absent: UserEntity; // registered, did not come
let stranger: UserEntity; // never registered
let late: UserEntity; // checked in after the first issue (the door's list caught up later)

beforeAll(async () => {
  workshop = (await makeEvent(ctx, { title: 'Science Workshop for Teachers', daysFromToday: -1, time: '11:00', location: 'GIC, Civil Lines, Prayagraj' })).id;
  asha = await person({ name: 'Asha Verma' });
  ravi = await person({ name: 'रवि कुमार', language: 'hi' });
  absent = await person({ name: 'Absent Person' });
  stranger = await person({ name: 'Stranger' });
  late = await person({ name: 'Late Checkin' });
  await registration(workshop, asha, true);
  await registration(workshop, ravi, true);
  await registration(workshop, absent, false);
  await registration(workshop, late, false);
});

describe('when certificates can be issued', () => {
  it('is after the end: the end time when set, else the end of the start day (India time)', () => {
    expect(eventEndsAt({ date: '2026-06-15', endDate: null, endTime: null }).toISOString()).toBe('2026-06-15T18:30:00.000Z');
    expect(eventEndsAt({ date: '2026-06-15', endDate: null, endTime: '13:00' }).toISOString()).toBe('2026-06-15T07:30:00.000Z');
    expect(eventEndsAt({ date: '2026-06-15', endDate: '2026-06-17', endTime: '13:00' }).toISOString()).toBe('2026-06-17T07:30:00.000Z');
    expect(eventEndsAt({ date: '2026-06-15', endDate: '2026-06-17', endTime: null }).toISOString()).toBe('2026-06-17T18:30:00.000Z');
  });

  it('refuses with 409 CONFLICT before the event has ended, and issues once it has', async () => {
    const today = await makeEvent(ctx, { title: 'Today', daysFromToday: 0, time: '09:00' }); // started at 9, the day not over
    const running = await makeEvent(ctx, { title: 'Running', daysFromToday: 0, time: '08:00', endTime: '12:00' });
    const ended = await makeEvent(ctx, { title: 'Morning session', daysFromToday: 0, time: '08:00', endTime: '09:30' });
    const twoDays = await makeEvent(ctx, { title: 'Camp', daysFromToday: -1, time: '08:00', endDate: ctx.services.events.today() });
    const who = await person();
    for (const e of [today, running, ended, twoDays]) await registration(e.id, who, true);
    for (const e of [today, running, twoDays]) {
      const res = await issue(e.id);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ success: false, code: 'CONFLICT', message: CERTIFICATE_MESSAGES.notEnded });
    }
    const gql = await ctx.gql(`mutation($e: ID!) { issueCertificates(eventId: $e) { issued message } }`, { e: today.id }, admin());
    expect(gql.errors?.[0]).toMatchObject({ message: CERTIFICATE_MESSAGES.notEnded, extensions: { code: 'CONFLICT' } });
    expect(await ctx.db.dataSource.query(`SELECT 1 FROM certificates WHERE user_id = $1`, [who.id])).toHaveLength(0);

    const res = await issue(ended.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, issued: 1 });
  });

  it('is what Event.hasEnded says (GraphQL and REST), so the admin portal asks instead of computing it', async () => {
    const today = await makeEvent(ctx, { title: 'All day', daysFromToday: 0, time: '09:00' });
    const running = await makeEvent(ctx, { title: 'Until noon', daysFromToday: 0, time: '08:00', endTime: '12:00' });
    const ended = await makeEvent(ctx, { title: 'Early session', daysFromToday: 0, time: '08:00', endTime: '09:30' });
    const twoDays = await makeEvent(ctx, { title: 'Two-day camp', daysFromToday: -1, time: '08:00', endDate: ctx.services.events.today() });
    const past = await makeEvent(ctx, { title: 'Last week', daysFromToday: -7, time: '08:00' });
    const expected = [[today, false], [running, false], [ended, true], [twoDays, false], [past, true]] as const;
    for (const [e, hasEnded] of expected) {
      const gql = await ctx.gql(`query($e: ID!) { event(id: $e) { timing hasEnded } }`, { e: e.id }, admin());
      expect([e.title, gql.data?.event]).toEqual([e.title, expect.objectContaining({ hasEnded })]);
      const rest = await ctx.http.get(`/api/events/${e.id}`).set('authorization', `Bearer ${admin()}`);
      expect([e.title, rest.body.data?.hasEnded]).toEqual([e.title, hasEnded]);
    }
  });

  it('answers 404 for an unknown event', async () => {
    expect((await issue('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await issue('not-an-id')).status).toBe(404);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await ctx.http.get(`/api/events/${id}/certificates/to-issue`).set('authorization', `Bearer ${admin()}`);
      expect(res.status).toBe(404);
      const gql = await ctx.gql(`query($e: ID!) { certificatesToIssue(eventId: $e) }`, { e: id }, admin());
      expect(gql.errors?.[0].extensions.code).toBe('NOT_FOUND');
    }
  });
});

describe('issuing', () => {
  it('issues to the attendees only, once each (a second call issues 0), audited', async () => {
    // Before it is issued: 404 to an attendee, 403 to anyone who did not attend.
    expect((await download(workshop, asha)).status).toBe(404);
    // What the admin is told before confirming: the two who attended (not the one who stayed away).
    expect(await toIssue(workshop)).toBe(2);

    const res = await issue(workshop);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, issued: 2, message: '2 certificates issued' });
    expect(await toIssue(workshop)).toBe(0);
    expect(await codeOf(workshop, asha)).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect(await codeOf(workshop, ravi)).toBeDefined();
    expect(await codeOf(workshop, absent)).toBeUndefined();
    expect(await codeOf(workshop, late)).toBeUndefined();

    const again = await ctx.gql(`mutation($e: ID!) { issueCertificates(eventId: $e) { issued message } }`, { e: workshop }, admin());
    expect(again.data.issueCertificates).toEqual({ issued: 0, message: CERTIFICATE_MESSAGES.noneIssued });
    expect(await ctx.db.dataSource.query(`SELECT id FROM certificates WHERE event_id = $1`, [workshop])).toHaveLength(2);
    // One mail planned per certificate.
    expect(await ctx.db.dataSource.query(`SELECT dedupe_key FROM mail_deliveries WHERE event_id = $1 AND kind = 'certificate'`, [workshop])).toHaveLength(2);

    const [audit] = await ctx.db.dataSource.query(`SELECT actor_id, after FROM audit_log WHERE action = 'certificate.issue' AND entity_id = $1`, [workshop]);
    expect(audit.actor_id).toBe(s.admin.id);
    expect(audit.after.issued).toBe(2);
  });

  it('issues to one person by userId, who must have attended', async () => {
    // Attended, not issued yet: 404.
    await checkInLater(workshop, late);
    expect((await download(workshop, late)).status).toBe(404);
    expect(await toIssue(workshop)).toBe(1);

    const refused = await issue(workshop, { userId: absent.id });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(CERTIFICATE_MESSAGES.notAttended);
    expect((await issue(workshop, { userId: stranger.id })).status).toBe(409);
    const gqlRefused = await ctx.gql(`mutation($e: ID!, $u: ID) { issueCertificates(eventId: $e, userId: $u) { issued } }`, { e: workshop, u: absent.id }, admin());
    expect(gqlRefused.errors?.[0].extensions.code).toBe('CONFLICT');
    expect((await issue(workshop, { userId: 'nobody' })).status).toBe(400);

    const one = await ctx.gql(`mutation($e: ID!, $u: ID) { issueCertificates(eventId: $e, userId: $u) { issued message } }`, { e: workshop, u: late.id }, admin());
    expect(one.data.issueCertificates).toEqual({ issued: 1, message: '1 certificate issued' });
    expect((await issue(workshop, { userId: late.id })).body.issued).toBe(0);
    expect(await codeOf(workshop, absent)).toBeUndefined();
  });

  it('lists the certificates for the admin', async () => {
    const res = await ctx.gql(`query($e: ID!) { eventCertificates(eventId: $e) { code userId name language issuedAt revokedAt } }`, { e: workshop }, admin());
    expect(res.errors).toBeUndefined();
    const list = res.data.eventCertificates;
    expect(list.map((c: { name: string }) => c.name).sort()).toEqual(['Asha Verma', 'Late Checkin', 'रवि कुमार'].sort());
    expect(list.find((c: { userId: string }) => c.userId === ravi.id)).toMatchObject({ language: 'hi', code: await codeOf(workshop, ravi), revokedAt: null });
    const rest = await ctx.http.get(`/api/events/${workshop}/certificates`).set('authorization', `Bearer ${admin()}`);
    expect(rest.status).toBe(200);
    expect(rest.body.data).toHaveLength(3);
  });
});

describe('the certificate mail', () => {
  it('goes to each person once, in their language, with the PDF attached and the verification link in the text', async () => {
    await sendQueuedMails();
    await sendQueuedMails(); // a second run sends nothing again
    expect(mailsTo(absent)).toHaveLength(0);
    expect(mailsTo(stranger)).toHaveLength(0);

    const code = await codeOf(workshop, asha);
    const [mail] = mailsTo(asha);
    expect(mailsTo(asha)).toHaveLength(1);
    expect(mail.subject).toBe('Your certificate of participation: Science Workshop for Teachers');
    expect(mail.text).toContain('Dear Asha Verma,');
    expect(mail.text).toContain(`Verification code: ${code}`);
    expect(mail.text).toContain(`${ORIGIN}/certificates/${code}`);
    expect(mail.html).toContain(`${ORIGIN}/certificates/${code}`);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0].contentType).toContain('application/pdf');
    expect(mail.attachments[0].filename).toBe(`certificate-${code}.pdf`);
    expect(mail.attachments[0].content.startsWith('%PDF-')).toBe(true);

    const hindi = mailsTo(ravi);
    expect(hindi).toHaveLength(1);
    expect(hindi[0].subject).toBe('आपका सहभागिता प्रमाणपत्र: Science Workshop for Teachers');
    expect(hindi[0].text).toContain('नमस्ते रवि कुमार जी,');
    expect(hindi[0].text).toContain(`${ORIGIN}/certificates/${await codeOf(workshop, ravi)}`);
    expect(hindi[0].attachments[0].content.startsWith('%PDF-')).toBe(true);
    expect(mailsTo(late)).toHaveLength(1);
  });
});

describe('downloading', () => {
  it('gives the person their PDF (200), 403 to anyone who did not attend', async () => {
    const code = await codeOf(workshop, asha);
    const res = await download(workshop, asha);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="certificate-${code}.pdf"`);
    expect((res.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    for (const who of [absent, stranger]) {
      const refused = await download(workshop, who);
      expect(refused.status).toBe(403);
      expect(JSON.parse((refused.body as Buffer).toString('utf8'))).toMatchObject({ code: 'FORBIDDEN', message: CERTIFICATE_MESSAGES.viewerNotAttended });
    }
    expect((await ctx.http.get(`/api/events/${workshop}/certificate`)).status).toBe(401);
    expect((await download('00000000-0000-4000-8000-000000000000', asha)).status).toBe(404);
  });

  (poppler ? it : it.skip)('says who, what, where and the code; a Hindi participant gets the Hindi certificate', async () => {
    const en = pdfText('asha.pdf', (await download(workshop, asha)).body);
    expect(en).toContain('Certificate of Participation');
    expect(en).toContain('Asha Verma');
    expect(en).toContain('Science Workshop for Teachers');
    expect(en).toContain('GIC, Civil Lines, Prayagraj');
    expect(en).toContain(await codeOf(workshop, asha));

    const hi = pdfText('ravi.pdf', (await download(workshop, ravi)).body);
    expect(hi).toContain('सहभागिता प्रमाणपत्र');
    expect(hi).toContain('रवि कुमार');
    expect(hi).toContain('14 जून 2026'); // the event's day in words, in Hindi
    expect(hi).toContain(await codeOf(workshop, ravi));
  });

  it('shows on the event for the person (Event.myCertificate), null for others', async () => {
    const q = `query($id: ID!) { event(id: $id) { id myCertificate { code issuedAt revoked downloadUrl } } }`;
    const mine = await ctx.gql(q, { id: workshop }, userToken(ctx, asha));
    expect(mine.errors).toBeUndefined();
    expect(mine.data.event.myCertificate).toEqual({ code: await codeOf(workshop, asha), issuedAt: expect.any(String), revoked: false, downloadUrl: `/api/events/${workshop}/certificate` });
    expect((await ctx.gql(q, { id: workshop }, userToken(ctx, absent))).data.event.myCertificate).toBeNull();
    expect((await ctx.gql(q, { id: workshop })).data.event.myCertificate).toBeNull();
  });
});

describe('verification and revoking', () => {
  it('says a code is valid, for whom, which event and when; typed loosely it is still found; unknown codes are 404', async () => {
    const code = await codeOf(workshop, asha);
    const res = await verify(code);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      code,
      valid: true,
      participantName: 'Asha Verma',
      eventTitle: 'Science Workshop for Teachers',
      eventPlace: 'GIC, Civil Lines, Prayagraj',
      revokedAt: null,
      message: CERTIFICATE_MESSAGES.valid,
    });
    expect(new Date(res.body.data.eventDate).toISOString()).toBe(new Date('2026-06-14T11:00:00+05:30').toISOString());
    expect(res.body.data.issuedAt).toBeDefined();
    expect((await verify(code.replace(/-/g, '').toLowerCase())).body.data.code).toBe(code);
    expect(normaliseCode('k7qm 2zxd 9hwt 4rbn')).toBe('K7QM-2ZXD-9HWT-4RBN');

    const unknown = await verify('ABCD-EFGH-JKMN-PQRS');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'NOT_FOUND', message: CERTIFICATE_MESSAGES.unknownCode });
    expect((await verify('nonsense')).status).toBe(404);

    const gql = await ctx.gql(`query($c: String!) { verifyCertificate(code: $c) { valid participantName eventTitle eventDate issuedAt revokedAt } }`, { c: code });
    expect(gql.data.verifyCertificate).toMatchObject({ valid: true, participantName: 'Asha Verma', eventTitle: 'Science Workshop for Teachers', revokedAt: null });
    const gqlUnknown = await ctx.gql(`query { verifyCertificate(code: "ABCD-EFGH-JKMN-PQRS") { valid } }`);
    expect(gqlUnknown.errors?.[0].extensions.code).toBe('NOT_FOUND');
  });

  it('revokes (admin, audited): verification says not valid, the download stops, a repeat changes nothing', async () => {
    const code = await codeOf(workshop, late);
    const res = await ctx.http.post(`/api/certificates/${code}/revoke`).set('authorization', `Bearer ${admin()}`).send({ reason: 'Checked in by mistake' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: CERTIFICATE_MESSAGES.revoked });

    const checked = await verify(code);
    expect(checked.status).toBe(200);
    expect(checked.body.data).toMatchObject({ valid: false, participantName: 'Late Checkin', message: CERTIFICATE_MESSAGES.notValid });
    expect(checked.body.data.revokedAt).toBeDefined();
    expect(checked.body.data.revokeReason).toBeUndefined();
    expect((await download(workshop, late)).status).toBe(404);
    const q = `query($id: ID!) { event(id: $id) { myCertificate { revoked } } }`;
    expect((await ctx.gql(q, { id: workshop }, userToken(ctx, late))).data.event.myCertificate).toEqual({ revoked: true });

    const again = await ctx.gql(`mutation($c: String!) { revokeCertificate(code: $c) { message } }`, { c: code }, admin());
    expect(again.data.revokeCertificate.message).toBe(CERTIFICATE_MESSAGES.alreadyRevoked);
    // Revoked means "has one": issuing again does not replace it.
    expect((await issue(workshop, { userId: late.id })).body.issued).toBe(0);

    const audits = await ctx.db.dataSource.query(`SELECT after FROM audit_log WHERE action = 'certificate.revoke'`);
    expect(audits).toHaveLength(1);
    expect(audits[0].after).toMatchObject({ code, reason: 'Checked in by mistake' });

    const unknown = await ctx.gql(`mutation { revokeCertificate(code: "ABCD-EFGH-JKMN-PQRS") { message } }`, {}, admin());
    expect(unknown.errors?.[0].extensions.code).toBe('NOT_FOUND');
    const list = await ctx.gql(`query($e: ID!) { eventCertificates(eventId: $e) { code revokedAt revokeReason } }`, { e: workshop }, admin());
    expect(list.data.eventCertificates.find((c: { code: string }) => c.code === code)).toMatchObject({ revokeReason: 'Checked in by mistake' });
  });

  it('a mail not yet sent when its certificate is revoked is not sent', async () => {
    const event = (await makeEvent(ctx, { title: 'Evening talk', daysFromToday: -2 })).id;
    const who = await person();
    await registration(event, who, true);
    expect((await issue(event)).body.issued).toBe(1);
    await ctx.services.certificates.revoke({ id: s.admin.id, email: s.admin.email, name: s.admin.name, category: s.admin.category, status: s.admin.status, tokenKind: 'admin' }, { code: await codeOf(event, who) });
    await sendQueuedMails();
    expect(mailsTo(who)).toHaveLength(0);
    const [row] = await ctx.db.dataSource.query(`SELECT skipped_reason FROM mail_deliveries WHERE event_id = $1 AND kind = 'certificate'`, [event]);
    expect(row.skipped_reason).toBe('the certificate was revoked');
  });

  it(`limits checks to ${VERIFY_LIMIT.limit} per ${VERIFY_LIMIT.windowSeconds / 60} minutes per address (429 with Retry-After), unknown codes counted too`, async () => {
    const code = await codeOf(workshop, asha);
    const from = '10.88.1.1';
    for (let i = 0; i < VERIFY_LIMIT.limit; i++) {
      const res = await verify(i % 2 ? code : 'ABCD-EFGH-JKMN-PQRS', from);
      expect([200, 404]).toContain(res.status);
    }
    const over = await verify(code, from);
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('RATE_LIMITED');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected; after the window, this one may check again.
    expect((await verify(code, '10.88.1.2')).status).toBe(200);
    ctx.clock.advance(VERIFY_LIMIT.windowSeconds * 1000 + 1000);
    expect((await verify(code, from)).status).toBe(200);
  });
});
