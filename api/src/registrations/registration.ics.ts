import { createEvent, createEvents, type EventAttributes } from 'ics';
import type { EventSessionView } from '../sessions/session.types';
import { sessionLink, type RegistrantLinks } from '../meeting-links/registrant-meeting-link';
import { sessionText } from '../sessions/session-rules';
import { indiaInstant } from '../common/clock';
import type { EventEntity } from '../events/event.entity';
import { eventText } from '../events/event-text';
import type { Language } from '../i18n/languages';
import { localize } from '../i18n/translations';
import { ORGANISATION } from '../mail/templates';
import type { MailAttachment } from '../mail/mail.service';
import { eventPageUrl } from '../events/event.mail';
import type { Config } from '../config/env';

const DEFAULT_DURATION_MS = 2 * 3600_000;
const MEETING_LINK_LABEL: Record<Language, string> = { en: 'Join online', hi: 'ऑनलाइन जुड़ें' };

/** What the calendar file says of where it comes from: the public site (URL: the event's page there) and MAIL_FROM (ORGANIZER). */
export type IcsSite = Pick<Config, 'publicOrigin' | 'mailFrom'>;

/** The address of a From header ("Name <a@b.org>" or "a@b.org"); null when it holds none. */
export function mailAddressOf(from: string): string | null {
  const address = (/<([^<>\s]+)>/.exec(from)?.[1] ?? from).trim();
  return /^[^\s@<>"]+@[^\s@<>"]+$/.test(address) ? address : null;
}

/**
 * The event as an iCalendar file (UTC times, its text in `lang`), for the confirmation mail, the reminder
 * and the "Add to calendar" download. URL is the event's page on the public site (in `lang`), and ORGANIZER
 * the organisation with its address (RFC 5545 requires a calendar address: `mailto:` MAIL_FROM's address).
 */
/**
 * What a file may add to the event's own text: its sessions (one VEVENT each) and, for a registrant or an
 * admin, the meeting links (each VEVENT carries its session's own link, else the event's).
 */
export interface IcsExtras {
  sessions?: readonly EventSessionView[];
  links?: RegistrantLinks | null;
}

export function eventIcs(event: EventEntity, site: IcsSite, lang: Language = 'en', { sessions, links = null }: IcsExtras = {}): string {
  const text = localize(eventText(event), lang);
  const full = text.description!;
  const short = full.length > 1000 ? `${full.slice(0, 997)}...` : full;
  // Only a registrant's or an admin's file carries a meeting link (the public download never does).
  const describe = (meetingLink: string | null) => (meetingLink ? `${MEETING_LINK_LABEL[lang]}: ${meetingLink}\n\n${short}` : short);
  const linkOf = (sessionId: string | undefined) => (!links ? null : sessionId ? sessionLink(links, sessionId) : links.event);
  const organizer = mailAddressOf(site.mailFrom);
  const common = {
    startInputType: 'utc',
    startOutputType: 'utc',
    endInputType: 'utc',
    endOutputType: 'utc',
    url: eventPageUrl(site.publicOrigin, event.id, lang),
    productId: ORGANISATION,
    ...(organizer ? { organizer: { name: ORGANISATION, email: organizer } } : {}),
    status: 'CONFIRMED',
  } as const;
  // Several sessions: one VEVENT each, with a UID of its own that stays while the session does.
  if (sessions && sessions.length > 1) {
    const { error, value } = createEvents(
      sessions.map((s, i): EventAttributes => {
        const own = sessionText(s, lang);
        const start = new Date(s.startsAt).getTime();
        const end = s.endsAt ? new Date(s.endsAt).getTime() : start + DEFAULT_DURATION_MS;
        const label = lang === 'hi' ? `सत्र ${i + 1}/${sessions.length}` : `session ${i + 1} of ${sessions.length}`;
        return { ...common, description: describe(linkOf(s.id)), start, end, title: `${text.title!}: ${own.title ?? label}`, location: own.location ?? text.location!, uid: `${event.id}-${s.id}@gyan-jyoti-education-mission` };
      }),
    );
    if (error || !value) throw error ?? new Error('could not build the calendar file');
    return foldByOctets(value);
  }
  const date = typeof event.date === 'string' ? event.date : new Date(event.date as unknown as Date).toISOString().slice(0, 10);
  const start = event.startsAt.getTime();
  let end = event.endDate || event.endTime ? indiaInstant(event.endDate ?? date, event.endTime ?? (event.endDate ? '23:59' : event.time)).getTime() : NaN;
  if (!Number.isFinite(end) || end <= start) end = start + DEFAULT_DURATION_MS;
  const { error, value } = createEvent({
    ...common,
    description: describe(linkOf(sessions?.[0]?.id)),
    start,
    end,
    title: text.title!,
    location: text.location!,
    uid: `${event.id}@gyan-jyoti-education-mission`,
  });
  if (error || !value) throw error ?? new Error('could not build the calendar file');
  return foldByOctets(value);
}

/**
 * RFC 5545 folds lines at 75 octets; the ics package counts characters, so a Hindi title (3 bytes a
 * letter) made lines of ~225 bytes. Unfold, then fold again by UTF-8 bytes, never inside a character.
 */
export function foldByOctets(ics: string): string {
  const lines = ics.replace(/\r\n[ \t]/g, '').split('\r\n');
  return lines
    .map((line) => {
      const parts: string[] = [];
      let current = '';
      let bytes = 0;
      for (const char of line) {
        const size = Buffer.byteLength(char);
        const limit = parts.length ? 74 : 75; // continuation lines start with a space
        if (bytes + size > limit) {
          parts.push(current);
          current = '';
          bytes = 0;
        }
        current += char;
        bytes += size;
      }
      parts.push(current);
      return parts.join('\r\n ');
    })
    .join('\r\n');
}

export const icsFilename = (event: EventEntity) =>
  `${event.title.replace(/[^a-zA-Z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60).toLowerCase() || 'event'}.ics`;

/** The event's calendar file as a mail attachment (the confirmation and the reminder carry it). */
export function icsAttachment(event: EventEntity, site: IcsSite, lang: Language, extras: IcsExtras = {}): MailAttachment {
  return { filename: icsFilename(event), content: eventIcs(event, site, lang, extras), contentType: 'text/calendar; charset=utf-8; method=PUBLISH' };
}
