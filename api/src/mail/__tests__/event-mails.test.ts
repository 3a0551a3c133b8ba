import { eventCancelledMail, type EventMailBase } from '../../events/event.mail';
import { registrationConfirmationMail } from '../../registrations/registration.mail';
import { eventReminderMail } from '../../reminders/reminder.mail';
import { waitlistJoinedMail, waitlistOfferExpiredMail, waitlistOfferMail } from '../../waitlist/waitlist.mail';
import { formatEventDate, formatMailDateTime, formatMailDay } from '../mail-dates';
import type { MailLanguage } from '../templates';
import type { MailAttachment, MailMessage } from '../mail.service';
import { codeMail, ORGANISATION, ORGANISATION_HI } from '../templates';

/** 25 November 2026, 5:00 pm in India. */
const STARTS = new Date('2026-11-25T11:30:00Z');
const ORIGIN = 'https://gyanjyoti.example.org';
const ICS: MailAttachment = { filename: 'maths-camp.ics', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', contentType: 'text/calendar; charset=utf-8; method=PUBLISH' };
const STOP = 'https://gyanjyoti.example.org/api/reminders/stop?t=abc.def&x=1';
const ACCEPT = 'https://gyanjyoti.example.org/waitlist/accept?t=xyz';

const base = (language: MailLanguage, title = 'Maths camp'): EventMailBase => ({
  to: 'asha@example.org',
  name: 'Asha',
  language,
  event: { id: 'ev-1', title, startsAt: STARTS, endsAt: null, location: 'Civil Lines, Prayagraj' },
  publicOrigin: ORIGIN,
});

const ALL: Record<string, (language: MailLanguage, title?: string) => MailMessage> = {
  registrationConfirmationMail: (l, t) => registrationConfirmationMail({ ...base(l, t), ics: ICS, reminderLeadHours: 24 }),
  eventReminderMail: (l, t) => eventReminderMail({ ...base(l, t), ics: ICS, stopRemindersUrl: STOP, now: new Date('2026-11-24T11:30:00Z') }),
  'eventCancelledMail (registered)': (l, t) => eventCancelledMail({ ...base(l, t), wasWaiting: false }),
  'eventCancelledMail (waiting)': (l, t) => eventCancelledMail({ ...base(l, t), wasWaiting: true }),
  waitlistJoinedMail: (l, t) => waitlistJoinedMail({ ...base(l, t), position: 3 }),
  waitlistOfferMail: (l, t) => waitlistOfferMail({ ...base(l, t), acceptUrl: ACCEPT, expiresAt: new Date('2026-11-23T12:30:00Z') }),
  waitlistOfferExpiredMail: (l, t) => waitlistOfferExpiredMail(base(l, t)),
};

describe('dates in mails', () => {
  it('writes English as people do, in India time', () => {
    expect(formatMailDateTime(STARTS, 'en')).toBe('Wednesday, 25 November 2026, 5:00 pm');
    expect(formatMailDateTime(new Date('2026-07-01T05:00:00Z'), 'en')).toBe('Wednesday, 1 July 2026, 10:30 am');
    // Midnight and noon, and a UTC instant that is already the next day in India.
    expect(formatMailDateTime(new Date('2026-11-24T18:30:00Z'), 'en')).toBe('Wednesday, 25 November 2026, 12:00 am');
    expect(formatMailDateTime(new Date('2026-11-25T06:30:00Z'), 'en')).toBe('Wednesday, 25 November 2026, 12:00 pm');
  });

  it('writes Hindi with hi-IN: Devanagari weekday and month, the part of the day, and बजे', () => {
    expect(formatMailDateTime(STARTS, 'hi')).toBe('बुधवार, 25 नवंबर 2026, शाम 5:00 बजे');
    expect(formatMailDateTime(new Date('2026-07-01T05:00:00Z'), 'hi')).toBe('बुधवार, 1 जुलाई 2026, सुबह 10:30 बजे');
    expect(formatMailDay(STARTS, 'hi')).toMatch(/बुधवार/);
    expect(formatMailDay(STARTS, 'hi')).toMatch(/नवंबर/);
  });

  it('adds the end: the time on the same day, the full date across days, nothing when it is not after the start', () => {
    expect(formatEventDate(STARTS, 'en', new Date('2026-11-25T13:30:00Z'))).toBe('Wednesday, 25 November 2026, 5:00 pm – 7:00 pm');
    expect(formatEventDate(STARTS, 'hi', new Date('2026-11-25T14:30:00Z'))).toBe('बुधवार, 25 नवंबर 2026, शाम 5:00 बजे से रात 8:00 बजे तक');
    expect(formatEventDate(STARTS, 'en', new Date('2026-11-26T07:30:00Z'))).toBe('Wednesday, 25 November 2026, 5:00 pm – Thursday, 26 November 2026, 1:00 pm');
    expect(formatEventDate(STARTS, 'en', STARTS)).toBe('Wednesday, 25 November 2026, 5:00 pm');
    expect(formatEventDate(STARTS, 'en', null)).toBe('Wednesday, 25 November 2026, 5:00 pm');
  });
});

describe.each(Object.entries(ALL))('%s', (_, make) => {
  it.each(['en', 'hi'] as const)('in %s has text and HTML with the title, date, place and event link', (language) => {
    const mail = make(language);
    const date = formatMailDateTime(STARTS, language);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Maths camp');
      expect(part).toContain(date);
      expect(part).toContain('Civil Lines, Prayagraj');
      expect(part).toContain(`${ORIGIN}/events/ev-1`);
      expect(part).toContain(ORGANISATION);
    }
    expect(mail.text).toMatch(language === 'hi' ? /^नमस्ते Asha जी,/ : /^Dear Asha,/);
    expect(mail.to).toBe('asha@example.org');
    expect(mail.subject).toContain('Maths camp');
    expect(mail.html).toContain(`<html lang="${language}"`);
    expect(mail.html).toContain('max-width:520px');
    if (language === 'hi') {
      expect(mail.text).toContain(ORGANISATION_HI);
      expect(mail.html).toContain(ORGANISATION_HI);
    } else {
      // English subjects stay plain ASCII (no encoded-word in the header).
      expect(mail.subject).toMatch(/^[\x20-\x7e]+$/);
    }
  });

  it('escapes what people typed in the HTML part', () => {
    const mail = make('en', '<b>Maths & "Science"</b>');
    expect(mail.html).toContain('&lt;b&gt;Maths &amp; &quot;Science&quot;&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Maths');
    expect(mail.text).toContain('<b>Maths & "Science"</b>');
  });
});

describe('registration confirmation', () => {
  it('thanks, attaches the .ics, says how to unregister and when the reminder comes', () => {
    const mail = registrationConfirmationMail({ ...base('en'), ics: ICS, reminderLeadHours: 24 });
    expect(mail.subject).toBe('You are registered: Maths camp');
    expect(mail.attachments).toEqual([ICS]);
    expect(mail.text).toContain('Thank you for registering for "Maths camp".');
    expect(mail.text).toContain('If you can no longer attend, unregister on the event page so someone else can take your place:\nhttps://gyanjyoti.example.org/events/ev-1');
    expect(mail.text).toContain('We will send you a reminder 24 hours before the event starts.');
    expect(mail.text).not.toContain('Check-in code');
    expect(mail.headers).toBeUndefined();
  });

  it('leaves out the reminder line and the attachment when there are none, and shows a check-in code when given', () => {
    const mail = registrationConfirmationMail({ ...base('en'), ics: null, checkInCode: 'AB12-CD34' });
    expect(mail.attachments).toBeUndefined();
    expect(mail.text).not.toContain('reminder');
    expect(mail.text).not.toContain('calendar file');
    expect(mail.text).toContain('Check-in code: AB12-CD34');
    expect(mail.html).toContain('AB12-CD34');
  });

  it('in Hindi', () => {
    const mail = registrationConfirmationMail({ ...base('hi'), ics: ICS, reminderLeadHours: 24, checkInCode: 'AB12-CD34' });
    expect(mail.subject).toBe('आपका पंजीकरण हो गया है: Maths camp');
    expect(mail.attachments).toEqual([ICS]);
    expect(mail.text).toContain('"Maths camp" में पंजीकरण के लिए धन्यवाद।');
    expect(mail.text).toContain('कार्यक्रम शुरू होने से 24 घंटे पहले');
    expect(mail.text).toContain('चेक-इन कोड: AB12-CD34');
    expect(mail.text).toContain(`सादर,\n${ORGANISATION_HI} (${ORGANISATION})`);
  });

  it('writes the end time when the event has one', () => {
    const mail = registrationConfirmationMail({ ...base('en'), event: { ...base('en').event, endsAt: new Date('2026-11-25T13:30:00Z') }, ics: null });
    expect(mail.text).toContain('When: Wednesday, 25 November 2026, 5:00 pm – 7:00 pm');
  });
});

describe('reminder', () => {
  const remind = (language: MailLanguage, now: string) =>
    eventReminderMail({ ...base(language), ics: ICS, stopRemindersUrl: STOP, now: new Date(now) });

  it('says tomorrow, today or the day, by the India calendar', () => {
    expect(remind('en', '2026-11-24T11:30:00Z').subject).toBe('Reminder: Maths camp is tomorrow');
    // 00:30 on the 25th in India is still the 24th in UTC: the event is today.
    expect(remind('en', '2026-11-24T19:00:00Z').subject).toBe('Reminder: Maths camp is today');
    expect(remind('en', '2026-11-22T11:30:00Z').subject).toBe('Reminder: Maths camp is on Wednesday, 25 November 2026');
    expect(remind('hi', '2026-11-24T11:30:00Z').subject).toBe('अनुस्मारक: Maths camp कल है');
    expect(remind('hi', '2026-11-22T11:30:00Z').subject).toBe('अनुस्मारक: Maths camp बुधवार, 25 नवंबर 2026 को है');
  });

  it.each(['en', 'hi'] as const)('in %s carries the stop link, the List-Unsubscribe headers and the .ics', (language) => {
    const mail = remind(language, '2026-11-24T11:30:00Z');
    expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${STOP}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mail.text).toContain(STOP);
    expect(mail.html).toContain(`href="${STOP.replace('&', '&amp;')}"`);
    expect(mail.text).toContain(language === 'hi' ? 'कार्यक्रमों के अनुस्मारक बंद करें' : 'Stop event reminders');
    expect(mail.html).toContain(language === 'hi' ? 'कार्यक्रमों के अनुस्मारक बंद करें' : 'Stop event reminders');
    expect(mail.attachments).toEqual([ICS]);
  });
});

describe('cancellation', () => {
  it('apologises, links the events list, and says one thing to registrants and another to those waiting', () => {
    const registered = eventCancelledMail({ ...base('en'), wasWaiting: false });
    const waiting = eventCancelledMail({ ...base('en'), wasWaiting: true });
    expect(registered.subject).toBe('Cancelled: Maths camp on Wednesday, 25 November 2026');
    expect(registered.text).toContain('"Maths camp", which was to take place on Wednesday, 25 November 2026, has been cancelled.');
    expect(registered.text).toContain('We apologise');
    expect(registered.text).toContain(`See our other events: ${ORIGIN}/events\n`);
    expect(registered.html).toContain(`href="${ORIGIN}/events"`);
    expect(registered.text).toContain('Your registration has been cancelled with it.');
    expect(waiting.text).toContain('You were on the waiting list for this event');
    expect(waiting.text).not.toContain('Your registration');
    const hi = eventCancelledMail({ ...base('hi'), wasWaiting: true });
    expect(hi.text).toContain('प्रतीक्षा सूची में थे');
    expect(hi.html).toContain(`href="${ORIGIN}/events?lang=hi"`);
  });
});

describe('waiting list', () => {
  it('gives the position and the way to leave', () => {
    const mail = waitlistJoinedMail({ ...base('en'), position: 3 });
    expect(mail.text).toContain('You are number 3 on it.');
    expect(mail.text).toContain('leave the waiting list on the event page:\nhttps://gyanjyoti.example.org/events/ev-1');
    expect(waitlistJoinedMail({ ...base('hi'), position: 3 }).text).toContain('सूची में आपका क्रमांक 3 है।');
  });

  it('offers the place until a time written like the other dates, with an accept button', () => {
    const en = waitlistOfferMail({ ...base('en'), acceptUrl: ACCEPT, expiresAt: new Date('2026-11-23T12:30:00Z') });
    expect(en.text).toContain('The place is held for you until Monday, 23 November 2026, 6:00 pm.');
    expect(en.text).toContain(`Accept the place: ${ACCEPT}`);
    expect(en.html).toContain(`href="${ACCEPT}"`);
    const hi = waitlistOfferMail({ ...base('hi'), acceptUrl: ACCEPT, expiresAt: new Date('2026-11-23T12:30:00Z') });
    expect(hi.text).toContain('यह जगह सोमवार, 23 नवंबर 2026, शाम 6:00 बजे तक आपके लिए रखी गई है।');
    expect(hi.text).toContain(`जगह स्वीकार करें: ${ACCEPT}`);
  });

  it('tells when the offer has passed to the next person', () => {
    const mail = waitlistOfferExpiredMail(base('en'));
    expect(mail.text).toContain('has now gone to the next person on the waiting list');
  });
});

describe('links', () => {
  it('refuses a link that is not a web address', () => {
    expect(() => waitlistOfferMail({ ...base('en'), acceptUrl: 'javascript:alert(1)', expiresAt: STARTS })).toThrow(/not a web link/);
  });

  it('copes with a trailing slash on the origin', () => {
    expect(waitlistOfferExpiredMail({ ...base('en'), publicOrigin: `${ORIGIN}/` }).text).toContain(`${ORIGIN}/events/ev-1`);
  });
});

describe('code mail', () => {
  it('keeps its English text and adds Hindi', () => {
    const en = codeMail('a@example.org', '123456', 'login', 'Asha', 10);
    expect(en.subject).toBe(`123456 is your ${ORGANISATION} code`);
    expect(en.code).toBe('123456');
    expect(en.text).toBe(
      [
        'Dear Asha,',
        '',
        'Your one-time code to sign in is: 123456',
        '',
        'It is valid for 10 minutes and can be used once. Please do not share it with anyone: our team will never ask you for it.',
        '',
        'If you did not ask for this code, you can ignore this e-mail; nothing will change.',
        '',
        'With regards,',
        ORGANISATION,
      ].join('\n'),
    );
    expect(en.html).toContain('<html lang="en"');
    const hi = codeMail('a@example.org', '123456', 'register', null, 10, 'hi');
    expect(hi.code).toBe('123456');
    expect(hi.text).toMatch(/^नमस्ते,/);
    expect(hi.text).toContain('पंजीकरण पूरा करने के लिए आपका वन-टाइम कोड (OTP) है: 123456');
    expect(hi.text).toContain('10 मिनट तक मान्य');
    expect(hi.html).toContain('<html lang="hi"');
    expect(hi.html).toContain(ORGANISATION_HI);
  });
});
