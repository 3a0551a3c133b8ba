import type { MailAttachment, MailMessage } from './mail.service';
import { greeting, renderMail, type FactRow, type MailBlock, type MailLanguage, type Sentence } from './templates';

export type { MailLanguage } from './templates';

/* ------------------------------------------------------------------------------------------------
 * Dates, written one way in every event mail: in the person's language and in India time.
 *   en: "Wednesday, 25 November 2026, 5:00 pm"
 *   hi: "बुधवार, 25 नवंबर 2026, शाम 5:00 बजे"
 * ---------------------------------------------------------------------------------------------- */

export const MAIL_TIME_ZONE = 'Asia/Kolkata';
const LOCALE: Record<MailLanguage, string> = { en: 'en-IN', hi: 'hi-IN' };

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsOf(date: Date, locale: string, options: Intl.DateTimeFormatOptions): Record<string, string> {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(locale, { ...options, timeZone: MAIL_TIME_ZONE })));
  const parts: Record<string, string> = {};
  for (const p of f.formatToParts(date)) if (p.type !== 'literal') parts[p.type] = p.value;
  return parts;
}

/** Hindi's parts of the day (as CLDR has them), should Intl not give one. */
function hindiDayPeriod(hour24: number): string {
  if (hour24 >= 4 && hour24 < 12) return 'सुबह';
  if (hour24 >= 12 && hour24 < 16) return 'दोपहर';
  if (hour24 >= 16 && hour24 < 20) return 'शाम';
  return 'रात';
}

/** The day, India time: "Wednesday, 25 November 2026" / "बुधवार, 25 नवंबर 2026". */
export function formatMailDay(date: Date, language: MailLanguage): string {
  const p = partsOf(date, LOCALE[language], { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  return `${p.weekday}, ${p.day} ${p.month} ${p.year}`;
}

/** The time of day, India time: "5:00 pm" / "शाम 5:00 बजे". */
export function formatMailTime(date: Date, language: MailLanguage): string {
  if (language === 'hi') {
    const p = partsOf(date, LOCALE.hi, { hour: 'numeric', minute: '2-digit', dayPeriod: 'long' });
    const period = p.dayPeriod ?? hindiDayPeriod(Number(partsOf(date, 'en-GB', { hour: '2-digit', hourCycle: 'h23' }).hour));
    return `${period} ${p.hour}:${p.minute} बजे`;
  }
  const p = partsOf(date, LOCALE.en, { hour: 'numeric', minute: '2-digit', hour12: true });
  return `${p.hour}:${p.minute} ${(p.dayPeriod ?? '').toLowerCase()}`.trim();
}

/** A moment as people write it: "Wednesday, 25 November 2026, 5:00 pm" / "बुधवार, 25 नवंबर 2026, शाम 5:00 बजे". */
export function formatMailDateTime(date: Date, language: MailLanguage): string {
  return `${formatMailDay(date, language)}, ${formatMailTime(date, language)}`;
}

/** The calendar day in India as a day number, to compare days. */
function indiaDayNumber(date: Date): number {
  const p = partsOf(date, 'en-GB', { year: 'numeric', month: '2-digit', day: '2-digit' });
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day)) / 86_400_000;
}

/**
 * When an event takes place, with its end when known:
 *   "Wednesday, 25 November 2026, 5:00 pm – 7:00 pm" / "बुधवार, 25 नवंबर 2026, शाम 5:00 बजे से शाम 7:00 बजे तक",
 * and across days "…, 5:00 pm – Thursday, 26 November 2026, 1:00 pm". An end not after the start is left out.
 */
export function formatEventDate(startsAt: Date, language: MailLanguage, endsAt?: Date | null): string {
  const start = formatMailDateTime(startsAt, language);
  if (!endsAt || !(endsAt.getTime() > startsAt.getTime())) return start;
  const end = indiaDayNumber(endsAt) === indiaDayNumber(startsAt) ? formatMailTime(endsAt, language) : formatMailDateTime(endsAt, language);
  return language === 'hi' ? `${start} से ${end} तक` : `${start} – ${end}`;
}

/* ------------------------------------------------------------------------------------------------
 * The event mails.
 * ---------------------------------------------------------------------------------------------- */

export interface MailEvent {
  id: string;
  title: string;
  startsAt: Date;
  endsAt?: Date | null;
  location: string;
}

/** What every event mail needs. */
export interface EventMailBase {
  to: string;
  name: string;
  language: MailLanguage;
  event: MailEvent;
  /** The public site, e.g. https://example.org (the event page is `${publicOrigin}/events/${id}`). */
  publicOrigin: string;
}

const origin = (publicOrigin: string) => publicOrigin.replace(/\/+$/, '');
/** A page of the site, opened in the mail's language (`?lang=hi`; English is the default and needs none). */
function sitePage(publicOrigin: string, path: string, language: MailLanguage, params: Record<string, string> = {}): string {
  const query = new URLSearchParams({ ...(language === 'en' ? {} : { lang: language }), ...params }).toString();
  return `${origin(publicOrigin)}${path}${query ? `?${query}` : ''}`;
}
export const eventPageUrl = (publicOrigin: string, eventId: string, language: MailLanguage = 'en', params?: Record<string, string>) =>
  sitePage(publicOrigin, `/events/${encodeURIComponent(eventId)}`, language, params);
export const eventsListUrl = (publicOrigin: string, language: MailLanguage = 'en') => sitePage(publicOrigin, '/events', language);

/** The words the event mails share. */
const W = {
  en: {
    event: 'Event',
    when: 'When',
    where: 'Where',
    eventPage: 'Event page',
    viewEvent: 'View the event',
    calendar: 'The attached calendar file (.ics) adds the event to the calendar on your phone or computer.',
    unregister: 'If you can no longer attend, unregister on the event page so someone else can take your place:',
    unregisterLink: 'Unregister on the event page',
    registeredWhy: 'You are receiving this e-mail because you registered for this event on our website.',
    waitingWhy: 'You are receiving this e-mail because you joined the waiting list for this event on our website.',
  },
  hi: {
    event: 'कार्यक्रम',
    when: 'कब',
    where: 'कहाँ',
    eventPage: 'कार्यक्रम का पेज',
    viewEvent: 'कार्यक्रम देखें',
    calendar: 'साथ में लगी कैलेंडर फ़ाइल (.ics) खोलकर आप यह कार्यक्रम अपने फ़ोन या कंप्यूटर के कैलेंडर में जोड़ सकते हैं।',
    unregister: 'अगर आप नहीं आ पाएँगे, तो कृपया कार्यक्रम के पेज पर जाकर अपना पंजीकरण रद्द कर दें, ताकि आपकी जगह किसी और को मिल सके:',
    unregisterLink: 'कार्यक्रम के पेज पर पंजीकरण रद्द करें',
    registeredWhy: 'आपको यह ई-मेल इसलिए मिला है क्योंकि आपने हमारी वेबसाइट पर इस कार्यक्रम के लिए पंजीकरण किया है।',
    waitingWhy: 'आपको यह ई-मेल इसलिए मिला है क्योंकि आपने हमारी वेबसाइट पर इस कार्यक्रम की प्रतीक्षा सूची में नाम लिखवाया है।',
  },
} as const;

/**
 * Event, When, Where: the same box in every event mail; with the event page's address too in a mail
 * that has no "View the event" button.
 */
function eventFacts(m: EventMailBase, withPageLink: boolean): MailBlock {
  const w = W[m.language];
  const url = eventPageUrl(m.publicOrigin, m.event.id, m.language);
  const rows: FactRow[] = [
    { label: w.event, value: m.event.title },
    { label: w.when, value: formatEventDate(m.event.startsAt, m.language, m.event.endsAt) },
    { label: w.where, value: m.event.location },
  ];
  if (withPageLink) rows.push({ label: w.eventPage, value: url, href: url });
  return { kind: 'facts', rows };
}

const p = (text: Sentence): MailBlock => ({ kind: 'p', text });
const title = (m: EventMailBase) => ({ title: m.event.title });

/** `{ attachments }` with the ones given, or nothing. */
function attachmentsOf(list: (MailAttachment | null | undefined | '' | false)[]): Partial<MailMessage> {
  const attachments = list.filter((a): a is MailAttachment => !!a);
  return attachments.length ? { attachments } : {};
}

function message(m: EventMailBase, subject: string, preheader: string, blocks: MailBlock[], footer: MailBlock[], extra: Partial<MailMessage> = {}): MailMessage {
  const rendered = renderMail({ language: m.language, subject, preheader, greeting: greeting(m.name, m.language), blocks, footer });
  return { to: m.to, ...rendered, ...extra };
}

/* 1. Registration confirmation ----------------------------------------------------------------- */

export interface RegistrationConfirmationMail extends EventMailBase {
  /** The event as a calendar file, attached when there is one. */
  ics: MailAttachment | null;
  /** Said only when given: "We will send you a reminder {n} hours before the event." */
  reminderLeadHours?: number | null;
  /** Shown at the door: "Check-in code: XXXX-XXXX". */
  checkInCode?: string | null;
  /** The check-in QR code as a PNG, shown inline in the HTML part (beside the code). */
  checkInQrPng?: Buffer | null;
}

/** The Content-ID of the inline check-in QR image. */
export const CHECKIN_QR_CID = 'checkin-qr@gyanjyoti';

/** "Check-in code: XXXX-XXXX" (and the QR code in the HTML part), to show at the door. */
function checkIn(code: string, language: MailLanguage, withQr: boolean): MailBlock[] {
  const hi = language === 'hi';
  return [
    { kind: 'code', label: hi ? 'चेक-इन कोड' : 'Check-in code', value: code },
    ...(withQr ? [{ kind: 'image', cid: CHECKIN_QR_CID, alt: hi ? `चेक-इन QR कोड (${code})` : `Check-in QR code (${code})`, width: 180, height: 180 } as MailBlock] : []),
    p(hi ? 'कार्यक्रम में पहुँचने पर यह कोड दिखाएँ।' : 'Please show this code when you arrive.'),
  ];
}

/** Confirms a registration: thanks, when/where, the event page, how to give the place up, the .ics attached. */
export function registrationConfirmationMail(m: RegistrationConfirmationMail): MailMessage {
  const hi = m.language === 'hi';
  const w = W[m.language];
  const url = eventPageUrl(m.publicOrigin, m.event.id, m.language);
  const lead = m.reminderLeadHours;
  const blocks: MailBlock[] = [
    p(hi ? [title(m), ' में पंजीकरण के लिए धन्यवाद। आपकी जगह पक्की हो गई है।'] : ['Thank you for registering for ', title(m), '. Your place is confirmed.']),
    eventFacts(m, false),
    ...(m.checkInCode ? checkIn(m.checkInCode, m.language, !!m.checkInQrPng) : []),
    { kind: 'button', label: w.viewEvent, url },
    ...(lead ? [p(hi ? `कार्यक्रम शुरू होने से ${lead} घंटे पहले हम आपको याद दिलाने के लिए एक ई-मेल भेजेंगे।` : `We will send you a reminder ${lead} ${lead === 1 ? 'hour' : 'hours'} before the event starts.`)] : []),
    ...(m.ics ? [p(w.calendar)] : []),
    { kind: 'link', text: w.unregister, label: w.unregisterLink, url },
  ];
  return message(
    m,
    hi ? `आपका पंजीकरण हो गया है: ${m.event.title}` : `You are registered: ${m.event.title}`,
    formatEventDate(m.event.startsAt, m.language, m.event.endsAt),
    blocks,
    [p(w.registeredWhy)],
    attachmentsOf([m.ics, m.checkInCode && m.checkInQrPng ? { filename: 'check-in-qr.png', content: m.checkInQrPng, contentType: 'image/png', cid: CHECKIN_QR_CID } : null]),
  );
}

/* 2. Reminder ----------------------------------------------------------------------------------- */

export interface EventReminderMail extends EventMailBase {
  ics: MailAttachment | null;
  /** A signed link that stops event reminders with one click (also the List-Unsubscribe target). */
  stopRemindersUrl: string;
  /** The moment the reminder is written, to say "today" or "tomorrow" (India time). */
  now: Date;
}

/** "Reminder: {title} is tomorrow": when, where, the event page, the .ics, and a one-click way to stop reminders. */
export function eventReminderMail(m: EventReminderMail): MailMessage {
  const hi = m.language === 'hi';
  const w = W[m.language];
  const url = eventPageUrl(m.publicOrigin, m.event.id, m.language);
  const days = indiaDayNumber(m.event.startsAt) - indiaDayNumber(m.now);
  const day = formatMailDay(m.event.startsAt, m.language);
  const when = hi ? (days <= 0 ? 'आज' : days === 1 ? 'कल' : `${day} को`) : days <= 0 ? 'today' : days === 1 ? 'tomorrow' : `on ${day}`;
  const blocks: MailBlock[] = [
    p(hi ? ['याद दिला दें कि ', title(m), ` ${when} है। हमें आपकी प्रतीक्षा रहेगी।`] : ['This is a reminder that ', title(m), ` is ${when}. We look forward to seeing you.`]),
    eventFacts(m, false),
    { kind: 'button', label: w.viewEvent, url },
    ...(m.ics ? [p(w.calendar)] : []),
    { kind: 'link', text: w.unregister, label: w.unregisterLink, url },
  ];
  const stop = hi ? 'कार्यक्रमों के अनुस्मारक बंद करें' : 'Stop event reminders';
  const footer: MailBlock[] = [
    p(
      hi
        ? 'आपको यह अनुस्मारक इसलिए मिला है क्योंकि आपने इस कार्यक्रम के लिए पंजीकरण किया है। अगर आप आगे से ऐसे अनुस्मारक नहीं चाहते, तो नीचे दिए लिंक पर क्लिक करें।'
        : 'You are receiving this reminder because you registered for this event. If you would rather not get reminders, use the link below.',
    ),
    { kind: 'link', label: stop, url: m.stopRemindersUrl },
  ];
  return message(m, hi ? `अनुस्मारक: ${m.event.title} ${when} है` : `Reminder: ${m.event.title} is ${when}`, formatEventDate(m.event.startsAt, m.language, m.event.endsAt), blocks, footer, {
    ...(m.ics ? { attachments: [m.ics] } : {}),
    headers: { 'List-Unsubscribe': `<${m.stopRemindersUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
}

/* 3. Cancellation ------------------------------------------------------------------------------- */

export interface EventCancelledMail extends EventMailBase {
  /** True for people on the waiting list, false for those registered. */
  wasWaiting: boolean;
}

/** The event is cancelled: what and when it was to be, an apology, and the other events. */
export function eventCancelledMail(m: EventCancelledMail): MailMessage {
  const hi = m.language === 'hi';
  const day = formatMailDay(m.event.startsAt, m.language);
  const yours = hi
    ? m.wasWaiting
      ? 'आप इस कार्यक्रम की प्रतीक्षा सूची में थे; प्रतीक्षा सूची भी बंद कर दी गई है। आपको कुछ करने की ज़रूरत नहीं है।'
      : 'इसके साथ आपका पंजीकरण भी रद्द हो गया है। आपको कुछ करने की ज़रूरत नहीं है।'
    : m.wasWaiting
      ? 'You were on the waiting list for this event; the waiting list has been closed too. You do not need to do anything.'
      : 'Your registration has been cancelled with it. You do not need to do anything.';
  const blocks: MailBlock[] = [
    p(hi ? ['हमें खेद के साथ बताना पड़ रहा है कि ', title(m), `, जो ${day} को होना था, रद्द कर दिया गया है।`] : ['We are sorry to tell you that ', title(m), `, which was to take place on ${day}, has been cancelled.`]),
    p(yours),
    eventFacts(m, true),
    p(hi ? 'असुविधा के लिए हमें खेद है। आशा है कि हमारे किसी और कार्यक्रम में आपसे मुलाक़ात होगी।' : 'We apologise for the inconvenience, and hope to see you at another of our events.'),
    { kind: 'button', label: hi ? 'दूसरे कार्यक्रम देखें' : 'See our other events', url: eventsListUrl(m.publicOrigin, m.language) },
  ];
  const w = W[m.language];
  return message(
    m,
    hi ? `कार्यक्रम रद्द: ${m.event.title} (${day})` : `Cancelled: ${m.event.title} on ${day}`,
    hi ? 'यह कार्यक्रम रद्द कर दिया गया है।' : 'This event has been cancelled.',
    blocks,
    [p(m.wasWaiting ? w.waitingWhy : w.registeredWhy)],
  );
}

/* 4. Waiting list ------------------------------------------------------------------------------- */

export interface WaitlistJoinedMail extends EventMailBase {
  /** 1 = next in line. */
  position: number;
}

/** On the waiting list, at this position; how a place is offered; how to leave (the event page). */
export function waitlistJoinedMail(m: WaitlistJoinedMail): MailMessage {
  const hi = m.language === 'hi';
  const w = W[m.language];
  const url = eventPageUrl(m.publicOrigin, m.event.id, m.language);
  const blocks: MailBlock[] = [
    p(
      hi
        ? [title(m), ` की सभी जगहें अभी भरी हुई हैं, इसलिए हमने आपका नाम प्रतीक्षा सूची में लिख लिया है। सूची में आपका क्रमांक ${m.position} है।`]
        : [title(m), ` is full at the moment, so we have put you on the waiting list. You are number ${m.position} on it.`],
    ),
    p(
      hi
        ? 'जैसे ही कोई जगह खाली होगी, हम आपको ई-मेल करेंगे। उस जगह को स्वीकार करने के लिए आपके पास सीमित समय होगा।'
        : 'If a place becomes free, we will e-mail you straight away, and you will have a limited time to accept it.',
    ),
    eventFacts(m, false),
    { kind: 'button', label: w.viewEvent, url },
    {
      kind: 'link',
      text: hi ? 'अगर आप अब प्रतीक्षा नहीं करना चाहते, तो कार्यक्रम के पेज पर जाकर प्रतीक्षा सूची से अपना नाम हटा लें:' : 'If you no longer wish to wait, leave the waiting list on the event page:',
      label: hi ? 'प्रतीक्षा सूची से नाम हटाएँ' : 'Leave the waiting list',
      url,
    },
  ];
  return message(
    m,
    hi ? `आप प्रतीक्षा सूची में हैं: ${m.event.title}` : `You are on the waiting list: ${m.event.title}`,
    hi ? `प्रतीक्षा सूची में आपका क्रमांक: ${m.position}` : `You are number ${m.position} on the waiting list.`,
    blocks,
    [p(w.waitingWhy)],
  );
}

export interface WaitlistOfferMail extends EventMailBase {
  /** The link that takes the place. */
  acceptUrl: string;
  /** Until when the place is held. */
  expiresAt: Date;
}

/** A place is free: accept it by `expiresAt`, or it goes to the next person. */
export function waitlistOfferMail(m: WaitlistOfferMail): MailMessage {
  const hi = m.language === 'hi';
  const w = W[m.language];
  const until = formatMailDateTime(m.expiresAt, m.language);
  const blocks: MailBlock[] = [
    p(hi ? ['खुशख़बरी! ', title(m), ' में एक जगह खाली हुई है, और आप चाहें तो यह जगह आपकी है।'] : ['Good news: a place has become free at ', title(m), ', and it is yours if you want it.']),
    p(
      hi
        ? `यह जगह ${until} तक आपके लिए रखी गई है। तब तक स्वीकार न करने पर यह जगह प्रतीक्षा सूची में अगले व्यक्ति को दे दी जाएगी।`
        : `The place is held for you until ${until}. If you have not accepted it by then, it will go to the next person on the waiting list.`,
    ),
    { kind: 'button', label: hi ? 'जगह स्वीकार करें' : 'Accept the place', url: m.acceptUrl },
    eventFacts(m, true),
    p(hi ? 'अगर आप नहीं आ सकते, तो आपको कुछ करने की ज़रूरत नहीं है।' : 'If you cannot come, you do not need to do anything.'),
  ];
  return message(
    m,
    hi ? `आपके लिए जगह खाली हुई है: ${m.event.title}` : `A place is free for you: ${m.event.title}`,
    hi ? `${until} तक स्वीकार करें।` : `Accept it by ${until}.`,
    blocks,
    [p(w.waitingWhy)],
  );
}

export type WaitlistOfferExpiredMail = EventMailBase;

/** The place offered was not taken in time and has gone to the next person; the event page for what is left. */
export function waitlistOfferExpiredMail(m: WaitlistOfferExpiredMail): MailMessage {
  const hi = m.language === 'hi';
  const w = W[m.language];
  const blocks: MailBlock[] = [
    p(
      hi
        ? [title(m), ' में आपके लिए रखी गई जगह समय पर स्वीकार नहीं की गई, इसलिए अब वह प्रतीक्षा सूची में अगले व्यक्ति को दे दी गई है।']
        : ['The place we held for you at ', title(m), ' was not accepted in time, so it has now gone to the next person on the waiting list.'],
    ),
    p(hi ? 'अगर आप अब भी आना चाहते हैं, तो कृपया कार्यक्रम का पेज देखें।' : 'If you would still like to come, please look at the event page.'),
    eventFacts(m, false),
    { kind: 'button', label: w.viewEvent, url: eventPageUrl(m.publicOrigin, m.event.id, m.language) },
  ];
  return message(
    m,
    hi ? `आपके लिए रखी गई जगह की समय-सीमा समाप्त: ${m.event.title}` : `Your offer of a place has expired: ${m.event.title}`,
    hi ? 'जगह अगले व्यक्ति को दे दी गई है।' : 'The place has gone to the next person on the waiting list.',
    blocks,
    [p(w.waitingWhy)],
  );
}
