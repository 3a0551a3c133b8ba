import type { Viewer } from '../../common/access';
import { EventEntity } from '../../events/event.entity';
import { createTestContext, type TestContext } from '../../test/harness';
import { adminToken, makeEvent, makeUser, standardScenario, userToken } from '../../test/scenarios';
import { SmtpCapture, decodeQuotedPrintable } from '../../test/smtp-capture';
import { MAIL_JOB } from '../../mail/mail-deliveries';
import type { UserEntity } from '../../users/user.entity';
import { CHECKIN_ALPHABET, checkInCodeSource, newCheckInCodes, parseCheckInInput } from '../checkin-code';

let ctx: TestContext;
let smtp: SmtpCapture;
let s: Awaited<ReturnType<typeof standardScenario>>;

/** The test clock's start: Monday 15 June 2026, 10:00 India time. */
const BASE = new Date('2026-06-15T10:00:00+05:30');
const at = (isoIndia: string) => new Date(`${isoIndia}+05:30`);

beforeAll(async () => {
  smtp = new SmtpCapture();
  ctx = await createTestContext({ env: { SMTP_URL: await smtp.start() }, now: BASE });
  s = await standardScenario(ctx);
});
beforeEach(() => ctx.clock.set(BASE));
afterAll(async () => {
  await ctx.services.mail.idle();
  await ctx.close();
  await smtp.stop();
});

/** Tokens signed on the test clock (admin tokens expire soon; the tests move the clock by days). */
const admin = () => adminToken(ctx, s.admin);
const member = () => userToken(ctx, s.member);

const SECRET = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const SHORT = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

const viewerOf = (u: UserEntity): Viewer => ({ id: u.id, email: u.email, name: u.name, category: u.category, status: u.status, tokenKind: 'user' });
let serial = 0;
const person = (fields: Parameters<typeof makeUser>[1] = {}) => makeUser(ctx, { email: `door-${++serial}-${Date.now().toString(36)}@example.org`, ...fields });

/** An event on 17 June 2026 at 10:00 (two days after the clock's start). */
const eventOn17th = (fields: Partial<EventEntity> = {}) => makeEvent(ctx, { title: `Science fair ${++serial}`, date: '2026-06-17', time: '10:00', maxParticipants: 100, ...fields });

async function registeredAt(eventId: string, fields: Parameters<typeof makeUser>[1] = {}): Promise<UserEntity> {
  const user = await person(fields);
  await ctx.services.registrations.register(viewerOf(user), eventId);
  return user;
}

async function codesOf(eventId: string, userId: string): Promise<{ id: string; code: string; secret: string; checkedInAt: Date | null }> {
  const [row] = await ctx.db.dataSource.query(`SELECT id, checkin_code AS code, checkin_secret AS secret, checked_in_at AS "checkedInAt" FROM registrations WHERE event_id = $1 AND user_id = $2`, [eventId, userId]);
  return row;
}
const dashed = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

const checkIn = (eventId: string, body: object, token = admin()) => ctx.http.post(`/api/events/${eventId}/check-in`).set('authorization', `Bearer ${token}`).send(body);
const undo = (eventId: string, userId: string) => ctx.http.delete(`/api/events/${eventId}/check-in/${userId}`).set('authorization', `Bearer ${admin()}`);

describe('check-in codes', () => {
  it('are random (not from any id), long enough, in the XXXX-XXXX form, and unique', async () => {
    const event = await eventOn17th();
    const users: UserEntity[] = [];
    for (let i = 0; i < 25; i++) users.push(await registeredAt(event.id));
    const rows = await Promise.all(users.map((u) => codesOf(event.id, u.id)));
    for (const [i, r] of rows.entries()) {
      expect(r.secret).toMatch(SECRET); // 26 characters of 5 bits: 130 random bits
      expect(r.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
      const hexOf = (id: string) => id.replace(/-/g, '').toUpperCase();
      expect(r.secret).not.toContain(hexOf(users[i].id).slice(0, 8));
      expect(r.secret).not.toContain(hexOf(r.id).slice(0, 8));
    }
    expect(new Set(rows.map((r) => r.secret)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.code)).size).toBe(rows.length);

    // The generator: every character of the alphabet turns up, no look-alikes, no repeats in many draws.
    const drawn = Array.from({ length: 4000 }, () => newCheckInCodes());
    const chars = new Set(drawn.flatMap((c) => [...c.secret]));
    expect([...chars].sort().join('')).toBe([...CHECKIN_ALPHABET].sort().join(''));
    expect(CHECKIN_ALPHABET).not.toMatch(/[ILOU]/);
    expect(new Set(drawn.map((c) => c.secret)).size).toBe(4000);
    expect(Math.log2(CHECKIN_ALPHABET.length) * drawn[0].secret.length).toBeGreaterThanOrEqual(64);

    // Typed codes: any case, with or without the dash, look-alike letters read as digits.
    expect(parseCheckInInput('abcd-2345')).toEqual({ kind: 'code', value: 'ABCD2345' });
    expect(parseCheckInInput(' ABCD2345 ')).toEqual({ kind: 'code', value: 'ABCD2345' });
    expect(parseCheckInInput('o1l2-ab3c')).toEqual({ kind: 'code', value: '0112AB3C' });
    expect(parseCheckInInput(rows[0].secret.toLowerCase())).toEqual({ kind: 'secret', value: rows[0].secret });
    expect(parseCheckInInput('ABC')).toBeNull();
    expect(parseCheckInInput('ABCU-2345')).toBeNull();
  });

  it('are unique across all registrations (unique index); a drawn code already taken is drawn again', async () => {
    const event = await eventOn17th();
    const first = await registeredAt(event.id);
    const taken = await codesOf(event.id, first.id);
    const other = await eventOn17th();
    const second = await person();
    await expect(
      ctx.db.dataSource.query(`INSERT INTO registrations (event_id, user_id, checkin_secret, checkin_code) VALUES ($1, $2, $3, $4)`, [other.id, second.id, newCheckInCodes().secret, taken.code]),
    ).rejects.toThrow(/unique|duplicate/i);

    const real = checkInCodeSource.draw;
    let draws = 0;
    checkInCodeSource.draw = () => (++draws === 1 ? { secret: newCheckInCodes().secret, code: taken.code } : real());
    try {
      await ctx.services.registrations.register(viewerOf(second), other.id);
    } finally {
      checkInCodeSource.draw = real;
    }
    expect(draws).toBe(2);
    const mine = await codesOf(other.id, second.id);
    expect(mine.code).not.toBe(taken.code);
    expect((await ctx.db.dataSource.getRepository(EventEntity).findOneByOrFail({ id: other.id })).registeredCount).toBe(1);
  });

  it('the confirmation mail says "Check-in code: XXXX-XXXX" in its text part and shows the QR code inline', async () => {
    const event = await eventOn17th({ title: 'Maths olympiad' });
    const user = await registeredAt(event.id);
    const { code } = await codesOf(event.id, user.id);
    await ctx.services.jobs.runDue(MAIL_JOB);
    const mail = await smtp.waitFor(user.email);
    await ctx.services.mail.idle();
    const raw = decodeQuotedPrintable(mail.raw);
    const text = /Content-Type: text\/plain[^]*?\r?\n\r?\n([^]*?)\r?\n--/i.exec(raw)?.[1] ?? '';
    expect(text).toContain(`Check-in code: ${dashed(code)}`);
    expect(text).toMatch(/Check-in code: [0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}\b/);
    // The HTML part shows the inline image; the PNG travels as a related part with that Content-ID.
    expect(raw).toContain('src="cid:checkin-qr@gyanjyoti"');
    expect(raw).toMatch(/Content-Type: multipart\/related/i);
    expect(raw).toMatch(/Content-Type: image\/png[^]*?Content-ID: <checkin-qr@gyanjyoti>/i);
    expect(raw).toMatch(/Content-Disposition: inline/i);
    // The .ics is still attached.
    expect(raw).toMatch(/Content-Type: text\/calendar/i);
  });
});

describe('Event.myCheckIn', () => {
  const DOC = `query($id: ID!) { event(id: $id) { id isRegistered myCheckIn { code qrSvg checkedInAt } } }`;

  it('is the registered viewer\'s code and QR code, and null for others and when signed out', async () => {
    const event = await eventOn17th();
    const user = await registeredAt(event.id);
    const { code } = await codesOf(event.id, user.id);
    const mine = await ctx.gql(DOC, { id: event.id }, userToken(ctx, user));
    expect(mine.errors).toBeUndefined();
    expect(mine.data.event.myCheckIn).toMatchObject({ code: dashed(code), checkedInAt: null });
    expect(mine.data.event.myCheckIn.code).toMatch(SHORT);
    expect(mine.data.event.myCheckIn.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"[^]*<\/svg>\s*$/);

    const someoneElse = await ctx.gql(DOC, { id: event.id }, member());
    expect(someoneElse.data.event).toMatchObject({ isRegistered: false, myCheckIn: null });
    const signedOut = await ctx.gql(DOC, { id: event.id });
    expect(signedOut.data.event.myCheckIn).toBeNull();

    // A list asks once for all the events (batched), each with its own code.
    const second = await eventOn17th();
    await ctx.services.registrations.register(viewerOf(user), second.id);
    const list = await ctx.gql(`{ events(filter: { when: UPCOMING }, limit: 100) { items { id myCheckIn { code } } } }`, {}, userToken(ctx, user));
    const mineInList = list.data.events.items.filter((e: { myCheckIn: unknown }) => e.myCheckIn);
    expect(mineInList.map((e: { id: string }) => e.id).sort()).toEqual([event.id, second.id].sort());

    // After checking in, the time shows.
    ctx.clock.set(at('2026-06-17T09:30:00'));
    await checkIn(event.id, { code: dashed(code) });
    const after = await ctx.gql(DOC, { id: event.id }, userToken(ctx, user));
    expect(new Date(after.data.event.myCheckIn.checkedInAt).getTime()).toBe(at('2026-06-17T09:30:00').getTime());
  });
});

describe('checking in at the door', () => {
  it('by short code (any case, with or without the dash), by the QR secret, or by person; 200 with name and category', async () => {
    const event = await eventOn17th();
    const asha = await registeredAt(event.id, { name: 'Asha Verma', category: 'graduate' });
    const ravi = await registeredAt(event.id, { name: 'Ravi Kumar', category: 'secondary' });
    const meera = await registeredAt(event.id, { name: 'Meera Singh', category: 'primary', status: 'approved' });
    ctx.clock.set(at('2026-06-17T09:15:00'));

    const a = await codesOf(event.id, asha.id);
    const res = await checkIn(event.id, { code: dashed(a.code).toLowerCase() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Checked in', userId: asha.id, name: 'Asha Verma', category: 'graduate', checkedInAt: at('2026-06-17T09:15:00').toISOString(), alreadyCheckedIn: false, sessionId: expect.any(String) });

    const r = await codesOf(event.id, ravi.id);
    expect((await checkIn(event.id, { code: r.secret })).body).toMatchObject({ name: 'Ravi Kumar', alreadyCheckedIn: false });
    expect((await checkIn(event.id, { userId: meera.id })).body).toMatchObject({ name: 'Meera Singh', category: 'primary', alreadyCheckedIn: false });
    const m = await codesOf(event.id, meera.id);
    expect((await checkIn(event.id, { code: m.code })).body).toMatchObject({ alreadyCheckedIn: true }); // without the dash

    // Audited.
    const [audit] = await ctx.db.dataSource.query(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'registration.check-in' AND entity_id = $1`, [event.id]);
    expect(audit.n).toBe(3);
  });

  it('used twice: alreadyCheckedIn, and the first time stands', async () => {
    const event = await eventOn17th();
    const user = await registeredAt(event.id);
    const { code } = await codesOf(event.id, user.id);
    ctx.clock.set(at('2026-06-17T09:00:00'));
    const first = await checkIn(event.id, { code });
    ctx.clock.set(at('2026-06-17T11:00:00'));
    const second = await checkIn(event.id, { code });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ success: true, alreadyCheckedIn: true, message: 'Already checked in', checkedInAt: first.body.checkedInAt });
    expect((await codesOf(event.id, user.id)).checkedInAt).toEqual(at('2026-06-17T09:00:00'));
    const attendance = await ctx.services.checkIns.attendance(event.id);
    expect([attendance.registered, attendance.checkedIn]).toEqual([1, 1]);
  });

  it('offline replays arriving twice and out of order: scan times kept, never counted twice, the earliest scan stands', async () => {
    const event = await eventOn17th();
    const [u1, u2, u3] = [await registeredAt(event.id), await registeredAt(event.id), await registeredAt(event.id)];
    const [c1, c2, c3] = await Promise.all([u1, u2, u3].map((u) => codesOf(event.id, u.id)));
    // Scanned offline at 9:50 (u1), 9:55 (u2), 10:05 (u1 again, at a second door) and 10:10 (u3); sent at 12:00 in another order, some twice.
    ctx.clock.set(at('2026-06-17T12:00:00'));
    const queue: [string, string][] = [
      [c3.code, '2026-06-17T10:10:00'],
      [c1.secret, '2026-06-17T10:05:00'],
      [c2.code, '2026-06-17T09:55:00'],
      [c1.code, '2026-06-17T09:50:00'],
      [c3.code, '2026-06-17T10:10:00'],
      [c1.secret, '2026-06-17T10:05:00'],
      [c2.code, '2026-06-17T09:55:00'],
    ];
    const answers = [];
    for (const [code, when] of queue) answers.push((await checkIn(event.id, { code, scannedAt: at(when).toISOString() })).body);
    expect(answers.map((a) => a.alreadyCheckedIn)).toEqual([false, false, false, true, true, true, true]);
    expect(answers.every((a) => a.success)).toBe(true);
    expect((await codesOf(event.id, u1.id)).checkedInAt).toEqual(at('2026-06-17T09:50:00'));
    expect((await codesOf(event.id, u2.id)).checkedInAt).toEqual(at('2026-06-17T09:55:00'));
    expect((await codesOf(event.id, u3.id)).checkedInAt).toEqual(at('2026-06-17T10:10:00'));
    const attendance = await ctx.services.checkIns.attendance(event.id);
    expect([attendance.registered, attendance.checkedIn]).toEqual([3, 3]);
    expect(attendance.attendees.map((a) => a.userId)).toEqual([u1.id, u2.id, u3.id]);

    // A scan time that is not plausible (in the future, or before the event's day) gives way to the time it arrived.
    const u4 = await registeredAtViaSql(event.id);
    const future = await checkIn(event.id, { userId: u4, scannedAt: at('2026-06-17T15:00:00').toISOString() });
    expect(future.body.checkedInAt).toBe(at('2026-06-17T12:00:00').toISOString());
    const u5 = await registeredAtViaSql(event.id);
    const early = await checkIn(event.id, { userId: u5, scannedAt: at('2026-06-16T23:00:00').toISOString() });
    expect(early.body.checkedInAt).toBe(at('2026-06-17T12:00:00').toISOString());
    expect((await checkIn(event.id, { userId: u5, scannedAt: 'yesterday' })).status).toBe(400);
  });

  it('an unknown or void code (unregistered) is 404; a code of another event is 409 naming it', async () => {
    const event = await eventOn17th();
    const other = await eventOn17th({ title: 'Quiz evening' });
    const leaver = await registeredAt(event.id);
    const { code, secret } = await codesOf(event.id, leaver.id);
    await ctx.services.registrations.unregister(viewerOf(leaver), event.id);
    const elsewhere = await registeredAt(other.id);
    const otherCode = (await codesOf(other.id, elsewhere.id)).code;

    ctx.clock.set(at('2026-06-17T09:00:00'));
    for (const c of [code, secret, 'ZZZZ-ZZZZ']) {
      const res = await checkIn(event.id, { code: c });
      expect([c, res.status, res.body.code]).toEqual([c, 404, 'NOT_FOUND']);
    }
    const wrong = await checkIn(event.id, { code: dashed(otherCode) });
    expect(wrong.status).toBe(409);
    expect(wrong.body).toMatchObject({ success: false, code: 'CHECKIN_OTHER_EVENT' });
    expect(wrong.body.message).toContain('Quiz evening');
    expect((await checkIn(event.id, { userId: elsewhere.id })).status).toBe(404);
    expect((await checkIn(event.id, { code: 'hello?' })).status).toBe(400);
    expect((await checkIn(event.id, {})).status).toBe(400);
    expect((await checkIn(event.id, { code: otherCode, userId: elsewhere.id })).status).toBe(400);
    // Nobody was checked in by any of this.
    expect((await codesOf(other.id, elsewhere.id)).checkedInAt).toBeNull();
  });

  it('only from the day of the event (India date) until 30 days after it', async () => {
    const event = await eventOn17th();
    const user = await registeredAt(event.id);
    const { code } = await codesOf(event.id, user.id);

    ctx.clock.set(at('2026-06-16T23:59:00')); // the day before, India time
    const early = await checkIn(event.id, { code });
    expect([early.status, early.body.code]).toEqual([409, 'ATTENDANCE_CLOSED']);
    expect(early.body.message).toMatch(/from the day of the event/);
    ctx.clock.set(at('2026-07-18T00:00:00')); // 31 days after
    const late = await checkIn(event.id, { code });
    expect([late.status, late.body.code]).toEqual([409, 'ATTENDANCE_CLOSED']);
    expect(late.body.message).toMatch(/no longer/);
    const lateUndo = await undo(event.id, user.id);
    expect(lateUndo.status).toBe(409);

    ctx.clock.set(at('2026-06-17T00:05:00')); // the day itself, early
    expect((await checkIn(event.id, { code })).status).toBe(200);
    ctx.clock.set(at('2026-07-17T23:50:00')); // the 30th day after
    expect((await checkIn(event.id, { code })).body.alreadyCheckedIn).toBe(true);

    // A cancelled event takes no check-ins.
    const cancelled = await eventOn17th({ cancelledAt: BASE });
    ctx.clock.set(at('2026-06-17T09:00:00'));
    expect((await checkIn(cancelled.id, { code })).body.code).toBe('EVENT_CANCELLED');
  });

  it('undo takes a mistaken check-in back (audited); the next scan counts afresh', async () => {
    const event = await eventOn17th();
    const user = await registeredAt(event.id, { name: 'Wrong Person' });
    const { code } = await codesOf(event.id, user.id);
    ctx.clock.set(at('2026-06-17T09:00:00'));
    await checkIn(event.id, { code });
    const res = await undo(event.id, user.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Check-in undone', name: 'Wrong Person', checkedInAt: null, alreadyCheckedIn: true });
    expect((await codesOf(event.id, user.id)).checkedInAt).toBeNull();
    expect((await undo(event.id, user.id)).body).toMatchObject({ success: true, alreadyCheckedIn: false, message: 'This person was not checked in' });
    expect((await undo(event.id, s.member.id)).status).toBe(404);
    ctx.clock.set(at('2026-06-17T10:00:00'));
    expect((await checkIn(event.id, { code })).body).toMatchObject({ alreadyCheckedIn: false, checkedInAt: at('2026-06-17T10:00:00').toISOString() });
    const [row] = await ctx.db.dataSource.query(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'registration.check-in.undo' AND entity_id = $1`, [event.id]);
    expect(row.n).toBe(1);
  });

  it('GraphQL: checkIn, undoCheckIn, eventRegistrants (search), eventAttendance; admin only', async () => {
    const event = await eventOn17th();
    const asha = await registeredAt(event.id, { name: 'Asha Verma', email: `asha-${Date.now()}@example.org` });
    const ravi = await registeredAt(event.id, { name: 'Ravi Kumar' });
    await registeredAt(event.id, { name: 'Sunita Devi' });
    const { code } = await codesOf(event.id, asha.id);
    ctx.clock.set(at('2026-06-17T09:40:00'));

    const CHECK = `mutation($e: ID!, $c: String, $u: ID, $t: DateTimeISO) { checkIn(eventId: $e, code: $c, userId: $u, scannedAt: $t) { success name category checkedInAt alreadyCheckedIn } }`;
    const done = await ctx.gql(CHECK, { e: event.id, c: dashed(code), t: at('2026-06-17T09:35:00').toISOString() }, admin());
    expect(done.errors).toBeUndefined();
    expect(done.data.checkIn).toEqual({ success: true, name: 'Asha Verma', category: 'GRADUATE', checkedInAt: at('2026-06-17T09:35:00').toISOString(), alreadyCheckedIn: false });
    expect((await ctx.gql(CHECK, { e: event.id, u: ravi.id }, admin())).data.checkIn.alreadyCheckedIn).toBe(false);
    const unknown = await ctx.gql(CHECK, { e: event.id, c: 'ZZZZ-ZZZZ' }, admin());
    expect(unknown.errors?.[0].extensions.code).toBe('NOT_FOUND');
    expect((await ctx.gql(CHECK, { e: event.id, c: code }, member())).errors?.[0].extensions.code).toBe('FORBIDDEN');

    const found = await ctx.gql(`query($e: ID!, $q: String) { eventRegistrants(eventId: $e, search: $q) { userId name email checkedInAt } }`, { e: event.id, q: 'asha-' }, admin());
    expect(found.data.eventRegistrants).toEqual([{ userId: asha.id, name: 'Asha Verma', email: asha.email, checkedInAt: at('2026-06-17T09:35:00').toISOString() }]);
    const byName = await ctx.gql(`query($e: ID!, $q: String) { eventRegistrants(eventId: $e, search: $q) { name } }`, { e: event.id, q: 'kum' }, admin());
    expect(byName.data.eventRegistrants).toEqual([{ name: 'Ravi Kumar' }]);
    const all = await ctx.gql(`query($e: ID!) { eventRegistrants(eventId: $e) { name } }`, { e: event.id }, admin());
    expect(all.data.eventRegistrants.map((r: { name: string }) => r.name)).toEqual(['Asha Verma', 'Ravi Kumar', 'Sunita Devi']);
    const wild = await ctx.gql(`query($e: ID!, $q: String) { eventRegistrants(eventId: $e, search: $q) { name } }`, { e: event.id, q: '%' }, admin());
    expect(wild.data.eventRegistrants).toEqual([]);

    const undone = await ctx.gql(`mutation($e: ID!, $u: ID!) { undoCheckIn(eventId: $e, userId: $u) { success checkedInAt alreadyCheckedIn } }`, { e: event.id, u: ravi.id }, admin());
    expect(undone.data.undoCheckIn).toEqual({ success: true, checkedInAt: null, alreadyCheckedIn: true });

    const attendance = await ctx.gql(`query($e: ID!) { eventAttendance(eventId: $e) { eventId registered checkedIn rate attendees { userId name checkedInAt } } }`, { e: event.id }, admin());
    expect(attendance.data.eventAttendance).toEqual({
      eventId: event.id,
      registered: 3,
      checkedIn: 1,
      rate: 1 / 3,
      attendees: [{ userId: asha.id, name: 'Asha Verma', checkedInAt: at('2026-06-17T09:35:00').toISOString() }],
    });
    expect((await ctx.gql(`query($e: ID!) { eventAttendance(eventId: $e) { registered } }`, { e: event.id }, member())).errors?.[0].extensions.code).toBe('FORBIDDEN');
  });
});

describe('attendance', () => {
  it('the CSV lists everyone registered with when they came', async () => {
    const event = await eventOn17th({ title: 'Attendance, with a comma' });
    const came = await registeredAt(event.id, { name: 'Came Early', phone: '9000000001', category: 'secondary' });
    const stayed = await registeredAt(event.id, { name: 'Stayed Home', phone: '9000000002', category: 'graduate' });
    ctx.clock.set(at('2026-06-17T09:45:00'));
    await checkIn(event.id, { userId: came.id });

    const res = await ctx.http.get(`/api/admin/export/events/${event.id}/attendance.csv`).set('authorization', `Bearer ${admin()}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="event-${event.id}-attendance.csv"`);
    const lines = res.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('name,email,phone,category,registeredAt,checkedInAt');
    expect(lines.slice(1)).toEqual([
      `Came Early,${came.email},9000000001,secondary,${BASE.toISOString()},${at('2026-06-17T09:45:00').toISOString()}`,
      `Stayed Home,${stayed.email},9000000002,graduate,${BASE.toISOString()},`,
    ]);
    expect((await ctx.http.get(`/api/admin/export/events/${event.id}/attendance.csv`).set('authorization', `Bearer ${member()}`)).status).toBe(403);
    expect((await ctx.http.get(`/api/admin/export/events/00000000-0000-4000-8000-000000000000/attendance.csv`).set('authorization', `Bearer ${admin()}`)).status).toBe(404);
  });

  it('dashboardStats.attendanceLastMonth: events of the past 30 days, registered, checked in, rate', async () => {
    // A fresh picture: the clock far ahead, where only these events fall in the last 30 days.
    const day = (d: string) => at(`${d}T12:00:00`);
    ctx.clock.set(day('2027-03-01'));
    const a = await makeEvent(ctx, { title: 'A', date: '2027-03-05', time: '10:00' });
    const b = await makeEvent(ctx, { title: 'B', date: '2027-03-20', time: '10:00' });
    const tooOld = await makeEvent(ctx, { title: 'Old', date: '2027-02-10', time: '10:00' });
    const notYet = await makeEvent(ctx, { title: 'Later', date: '2027-04-02', time: '18:00' });
    const cancelled = await makeEvent(ctx, { title: 'Cancelled', date: '2027-03-10', time: '10:00' });
    ctx.clock.set(day('2027-02-01'));
    const regsA = [await registeredAt(a.id), await registeredAt(a.id), await registeredAt(a.id)];
    const regsB = [await registeredAt(b.id)];
    await registeredAt(tooOld.id);
    await registeredAt(notYet.id);
    await registeredAt(cancelled.id);
    await ctx.db.dataSource.query(`UPDATE events SET cancelled_at = $2 WHERE id = $1`, [cancelled.id, day('2027-02-02')]);
    ctx.clock.set(day('2027-02-10'));
    await checkIn(tooOld.id, { userId: (await ctx.db.dataSource.query(`SELECT user_id FROM registrations WHERE event_id = $1`, [tooOld.id]))[0].user_id });
    ctx.clock.set(day('2027-03-05'));
    await checkIn(a.id, { userId: regsA[0].id });
    await checkIn(a.id, { userId: regsA[1].id });
    ctx.clock.set(day('2027-03-20'));
    await checkIn(b.id, { userId: regsB[0].id });

    ctx.clock.set(at('2027-04-02T12:00:00')); // 'Later' has not started; 'Old' is more than 30 days ago
    const res = await ctx.gql(`{ dashboardStats { attendanceLastMonth { events registered checkedIn rate } } }`, {}, admin());
    expect(res.errors).toBeUndefined();
    expect(res.data.dashboardStats.attendanceLastMonth).toEqual({ events: 2, registered: 4, checkedIn: 3, rate: 0.75 });
  });

  it('dashboardStats: the rate counts ended events only; a running event\'s check-ins are counted apart (attendanceNow)', async () => {
    // Another fresh picture, where the earlier events are more than 30 days back.
    ctx.clock.set(at('2027-08-01T12:00:00'));
    const ended = await makeEvent(ctx, { title: 'Ended morning', date: '2027-08-10', time: '08:00', endTime: '09:30' });
    const running = await makeEvent(ctx, { title: 'Running', date: '2027-08-10', time: '10:00', endTime: '13:00' });
    const camp = await makeEvent(ctx, { title: 'Two-day camp', date: '2027-08-09', time: '10:00', endDate: '2027-08-11' });
    const later = await makeEvent(ctx, { title: 'Later today', date: '2027-08-10', time: '18:00' });
    const regsEnded = [await registeredAt(ended.id), await registeredAt(ended.id)];
    const regsRunning = [await registeredAt(running.id), await registeredAt(running.id), await registeredAt(running.id)];
    const regsCamp = [await registeredAt(camp.id)];
    await registeredAt(later.id);
    ctx.clock.set(at('2027-08-09T11:00:00'));
    await checkIn(camp.id, { userId: regsCamp[0].id });
    ctx.clock.set(at('2027-08-10T08:30:00'));
    await checkIn(ended.id, { userId: regsEnded[0].id });
    ctx.clock.set(at('2027-08-10T10:15:00'));
    await checkIn(running.id, { userId: regsRunning[0].id });
    await checkIn(running.id, { userId: regsRunning[1].id });

    ctx.clock.set(at('2027-08-10T11:30:00')); // 'Running' and the camp are on; 'Ended morning' is over; 'Later today' has not started
    const QUERY = `{ dashboardStats { attendanceLastMonth { events registered checkedIn rate } attendanceNow { events registered checkedIn } } }`;
    const res = await ctx.gql(QUERY, {}, admin());
    expect(res.errors).toBeUndefined();
    expect(res.data.dashboardStats.attendanceLastMonth).toEqual({ events: 1, registered: 2, checkedIn: 1, rate: 0.5 });
    expect(res.data.dashboardStats.attendanceNow).toEqual({ events: 2, registered: 4, checkedIn: 3 });

    // Once they are over (the camp at the end of its last day, India time), they join the rate.
    ctx.clock.set(at('2027-08-11T23:59:00'));
    const lastMinute = await ctx.gql(QUERY, {}, admin());
    expect(lastMinute.data.dashboardStats.attendanceNow).toEqual({ events: 1, registered: 1, checkedIn: 1 });
    ctx.clock.set(at('2027-08-12T00:00:00'));
    const after = await ctx.gql(QUERY, {}, admin());
    expect(after.data.dashboardStats.attendanceNow).toEqual({ events: 0, registered: 0, checkedIn: 0 });
    expect(after.data.dashboardStats.attendanceLastMonth).toEqual({ events: 4, registered: 7, checkedIn: 4, rate: 4 / 7 });
  });
});

/** A registration written the way the ledger writes it, for an event that has started already. */
async function registeredAtViaSql(eventId: string): Promise<string> {
  const user = await person();
  const { secret, code } = newCheckInCodes();
  await ctx.db.dataSource.query(`INSERT INTO registrations (event_id, user_id, checkin_secret, checkin_code) VALUES ($1, $2, $3, $4)`, [eventId, user.id, secret, code]);
  return user.id;
}
