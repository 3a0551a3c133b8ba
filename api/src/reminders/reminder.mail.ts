import {
  EVENT_MAIL_WORDS as W,
  eventFacts,
  eventMessage as message,
  eventPageUrl,
  mailTitle as title,
  paragraph as p,
  type EventMailBase,
} from '../events/event.mail';
import type { MailAttachment, MailMessage } from '../mail/mail.service';
import { formatEventDate, formatMailDay, indiaDayNumber } from '../mail/mail-dates';
import type { MailBlock } from '../mail/templates';

/* Reminder ----------------------------------------------------------------------------------- */

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
