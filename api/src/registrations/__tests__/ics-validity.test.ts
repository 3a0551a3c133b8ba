/**
 * Every .ics the product makes, read by a real parser (ical.js, src/test/ics.ts) and held to RFC 5545:
 * the "Add to calendar" download, the confirmation mail's attachment and the reminder mail's. ORGANIZER
 * is the organisation with MAIL_FROM's address (a mailto: calendar address, which RFC 5545 requires), and
 * URL is the event's page on the public site (in the reader's language), never the event's external link.
 */
import { MAIL_JOB } from '../../mail/mail-deliveries';
import { REMINDER_JOB } from '../../reminders/reminder.service';
import { readMail } from '../../reminders/__tests__/mime';
import { createTestContext, type TestContext } from '../../test/harness';
import { validIcs } from '../../test/ics';
import { adminToken, makeUser, shiftDays, standardScenario, userToken } from '../../test/scenarios';
import { SmtpCapture, decodeQuotedPrintable } from '../../test/smtp-capture';
import type { UserEntity } from '../../users/user.entity';

const HOUR = 3_600_000;
const ORIGIN = 'https://site.test';
let smtp: SmtpCapture;
let ctx: TestContext;
let s: Awaited<ReturnType<typeof standardScenario>>;

beforeAll(async () => {
  smtp = new SmtpCapture();
  ctx = await createTestContext({
    env: { SMTP_URL: await smtp.start(), PUBLIC_ORIGIN: ORIGIN, MAIL_FROM: 'Gyan Jyoti Education Mission <events@gyanjyoti.test>' },
    now: new Date(),
  });
  s = await standardScenario(ctx);
});
afterAll(async () => {
  await ctx.services.mail.idle();
  await ctx.close();
  await smtp.stop();
});

let serial = 0;
const person = (fields: Partial<UserEntity> = {}) => makeUser(ctx, { email: `ics${++serial}-${Date.now().toString(36)}@test.local`, ...fields });

/** An event with an external link, made as an admin makes one (so its reminder is scheduled). */
async function createEvent(title: string, daysAhead: number): Promise<{ id: string; startsAt: Date }> {
  const res = await ctx.gql(
    `mutation($input: EventInput!) { createEvent(input: $input) { id startsAt } }`,
    {
      input: {
        title,
        description: 'An evening of experiments',
        category: 'GENERAL',
        date: shiftDays(ctx.services.events.today(), daysAhead),
        time: '18:00',
        endTime: '19:00',
        location: 'Anand Bhawan, Prayagraj',
        externalLink: 'https://partner.example.com/science-fair',
      },
    },
    adminToken(ctx, s.admin),
  );
  expect(res.errors).toBeUndefined();
  return { id: res.data.createEvent.id, startsAt: new Date(res.data.createEvent.startsAt) };
}

const attachedIcs = (user: UserEntity, subject: RegExp) => {
  const mail = smtp.to(user.email).map((m) => readMail(m.raw)).find((m) => subject.test(m.subject));
  expect(mail).toBeDefined();
  const ics = mail!.attachments.find((a) => /text\/calendar/i.test(a.contentType));
  expect(ics).toBeDefined();
  return ics!.content;
};

describe('every .ics the product makes passes a parser, with a mailto: ORGANIZER and our event page as URL', () => {
  let event: { id: string; startsAt: Date };
  beforeAll(async () => {
    event = await createEvent('Science fair', 3);
  });

  it.each([
    ['en', ''],
    ['hi', '?lang=hi'],
  ])('the "Add to calendar" download (%s)', async (lang, query) => {
    const res = await ctx.http
      .get(`/api/events/${event.id}/ics?lang=${lang}`)
      .buffer(true)
      .parse((r, cb) => {
        let data = '';
        r.on('data', (c: Buffer) => (data += c.toString()));
        r.on('end', () => cb(null, data));
      });
    expect(res.status).toBe(200);
    const ics = validIcs(decodeQuotedPrintable(res.body as string));
    expect(ics.organizer).toMatch(/^mailto:events@gyanjyoti\.test$/i);
    expect(ics.organizerName).toBe('Gyan Jyoti Education Mission');
    expect(ics.url).toBe(`${ORIGIN}/events/${event.id}${query}`);
    expect(ics.start).toEqual(event.startsAt);
    expect(ics.end.getTime() - ics.start.getTime()).toBe(HOUR);
  });

  it('the confirmation mail and the reminder mail attach it, in the person\'s language', async () => {
    const [en, hi] = [await person(), await person({ language: 'hi' })];
    for (const user of [en, hi]) {
      const res = await ctx.http.post(`/api/events/${event.id}/register`).set('authorization', `Bearer ${userToken(ctx, user)}`);
      expect(res.status).toBe(200);
    }
    await ctx.services.jobs.runDue(MAIL_JOB);
    await ctx.services.mail.idle();
    for (const [user, query] of [[en, ''], [hi, '?lang=hi']] as const) {
      const ics = validIcs(attachedIcs(user, /^(You are registered|आपका पंजीकरण हो गया है)/));
      expect(ics.organizer).toMatch(/^mailto:events@gyanjyoti\.test$/i);
      expect(ics.url).toBe(`${ORIGIN}/events/${event.id}${query}`);
    }

    // The reminder's time comes (the service's clock and the queue's).
    ctx.clock.set(new Date(event.startsAt.getTime() - ctx.config.reminderLeadHours * HOUR + 60_000));
    await ctx.db.dataSource.query(`UPDATE pgboss.job SET start_after = now() - interval '1 second' WHERE name = $1 AND state::text IN ('created', 'retry')`, [REMINDER_JOB]);
    await ctx.services.jobs.runDue(REMINDER_JOB);
    await ctx.services.jobs.runDue(MAIL_JOB);
    await ctx.services.mail.idle();
    for (const [user, query] of [[en, ''], [hi, '?lang=hi']] as const) {
      const ics = validIcs(attachedIcs(user, /^(Reminder|अनुस्मारक):/));
      expect(ics.organizer).toMatch(/^mailto:events@gyanjyoti\.test$/i);
      expect(ics.url).toBe(`${ORIGIN}/events/${event.id}${query}`);
      expect(ics.summary).not.toBe('');
    }
  });

  it('the parser check itself refuses the ORGANIZER without a value and a missing URL', () => {
    const good = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:test', 'BEGIN:VEVENT', 'UID:a@b', 'DTSTAMP:20260101T000000Z', 'DTSTART:20260101T100000Z', 'URL:https://site.test/events/1'];
    const end = ['END:VEVENT', 'END:VCALENDAR', ''];
    expect(validIcs([...good, 'ORGANIZER;CN=Org:mailto:a@b.org', ...end].join('\r\n')).organizer).toBe('mailto:a@b.org');
    expect(() => validIcs([...good, 'ORGANIZER;CN="Gyan Jyoti Education Mission"', ...end].join('\r\n'))).toThrow(/not a valid iCalendar file/);
    expect(() => validIcs([...good.slice(0, -1), 'ORGANIZER;CN=Org:mailto:a@b.org', ...end].join('\r\n'))).toThrow(/URL must be a URI/);
  });
});
