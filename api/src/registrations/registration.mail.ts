import {
  attachmentsOf,
  EVENT_MAIL_WORDS as W,
  eventFacts,
  eventMessage as message,
  eventPageUrl,
  mailTitle as title,
  paragraph as p,
  type EventMailBase,
} from '../events/event.mail';
import type { MailAttachment, MailMessage } from '../mail/mail.service';
import { formatEventDate } from '../mail/mail-dates';
import type { MailBlock, MailLanguage } from '../mail/templates';

/* Registration confirmation ----------------------------------------------------------------- */

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
