import type { MailAttachment, MailMessage } from '../mail/mail.service';
import { formatEventDate, formatMailDay } from '../mail/mail-dates';
import { greeting, renderMail, type FactRow, type MailBlock, type MailLanguage, type Sentence } from '../mail/templates';
import { indiaInstant } from '../common/clock';
import type { Language } from '../i18n/languages';
import { localize } from '../i18n/translations';
import type { EventEntity } from './event.entity';
import { eventText } from './event-text';

/** The event as a mail to one person writes it: its text in their language (English where it has none), India time, the end only when set. */
export function mailEventOf(event: EventEntity, language: Language): MailEvent {
  const date = typeof event.date === 'string' ? event.date : String(event.date);
  const endsAt = event.endTime ? indiaInstant(event.endDate ?? date, event.endTime) : null;
  const { title, location } = localize(eventText(event), language);
  return { id: event.id, title: title!, startsAt: event.startsAt, endsAt, location: location! };
}

/* ------------------------------------------------------------------------------------------------
 * What every event mail shares (the registration, reminder and waiting-list mails beside their
 * domains build on it), and the cancellation mail.
 * ---------------------------------------------------------------------------------------------- */

export interface MailEvent {
  id: string;
  title: string;
  startsAt: Date;
  endsAt?: Date | null;
  location: string;
  /** The online meeting: set only in mails to a registered person (the confirmation, the reminder). */
  meetingLink?: string | null;
  /** Sessions with a link of their own (a several-session event's confirmation), each named. */
  sessionLinks?: { session: string; href: string }[];
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
export const EVENT_MAIL_WORDS = {
  en: {
    event: 'Event',
    when: 'When',
    where: 'Where',
    eventPage: 'Event page',
    meetingLink: 'Join online',
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
    meetingLink: 'ऑनलाइन जुड़ें',
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
export function eventFacts(m: EventMailBase, withPageLink: boolean): MailBlock {
  const w = EVENT_MAIL_WORDS[m.language];
  const url = eventPageUrl(m.publicOrigin, m.event.id, m.language);
  const rows: FactRow[] = [
    { label: w.event, value: m.event.title },
    { label: w.when, value: formatEventDate(m.event.startsAt, m.language, m.event.endsAt) },
    { label: w.where, value: m.event.location },
  ];
  if (m.event.meetingLink) rows.push({ label: w.meetingLink, value: m.event.meetingLink, href: m.event.meetingLink });
  for (const s of m.event.sessionLinks ?? []) rows.push({ label: `${w.meetingLink} (${s.session})`, value: s.href, href: s.href });
  if (withPageLink) rows.push({ label: w.eventPage, value: url, href: url });
  return { kind: 'facts', rows };
}

/** A paragraph. */
export const paragraph = (text: Sentence): MailBlock => ({ kind: 'p', text });
/** The event's title, set off in the sentence. */
export const mailTitle = (m: EventMailBase) => ({ title: m.event.title });

/** `{ attachments }` with the ones given, or nothing. */
export function attachmentsOf(list: (MailAttachment | null | undefined | '' | false)[]): Partial<MailMessage> {
  const attachments = list.filter((a): a is MailAttachment => !!a);
  return attachments.length ? { attachments } : {};
}

/** An event mail to one person, in their language, in the shared layout. */
export function eventMessage(m: EventMailBase, subject: string, preheader: string, blocks: MailBlock[], footer: MailBlock[], extra: Partial<MailMessage> = {}): MailMessage {
  const rendered = renderMail({ language: m.language, subject, preheader, greeting: greeting(m.name, m.language), blocks, footer });
  return { to: m.to, ...rendered, ...extra };
}

/* Cancellation ------------------------------------------------------------------------------- */

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
    paragraph(hi ? ['हमें खेद के साथ बताना पड़ रहा है कि ', mailTitle(m), `, जो ${day} को होना था, रद्द कर दिया गया है।`] : ['We are sorry to tell you that ', mailTitle(m), `, which was to take place on ${day}, has been cancelled.`]),
    paragraph(yours),
    eventFacts(m, true),
    paragraph(hi ? 'असुविधा के लिए हमें खेद है। आशा है कि हमारे किसी और कार्यक्रम में आपसे मुलाक़ात होगी।' : 'We apologise for the inconvenience, and hope to see you at another of our events.'),
    { kind: 'button', label: hi ? 'दूसरे कार्यक्रम देखें' : 'See our other events', url: eventsListUrl(m.publicOrigin, m.language) },
  ];
  const w = EVENT_MAIL_WORDS[m.language];
  return eventMessage(
    m,
    hi ? `कार्यक्रम रद्द: ${m.event.title} (${day})` : `Cancelled: ${m.event.title} on ${day}`,
    hi ? 'यह कार्यक्रम रद्द कर दिया गया है।' : 'This event has been cancelled.',
    blocks,
    [paragraph(m.wasWaiting ? w.waitingWhy : w.registeredWhy)],
  );
}
