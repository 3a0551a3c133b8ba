import type { MailEvent } from '../events/event.mail';
import type { Language } from '../i18n/languages';
import { sessionLink, type RegistrantLinks } from '../meeting-links/registrant-meeting-link';
import { sessionText } from './session-rules';
import type { EventSessionView } from './session.types';

/** A mail about one session of a several-session event: its time, its place, and which session it is in the title. */
export function sessionMailEvent(base: MailEvent, sessions: readonly EventSessionView[], session: EventSessionView, lang: Language): MailEvent {
  if (sessions.length < 2) return base;
  const i = sessions.findIndex((s) => s.id === session.id);
  const own = sessionText(session, lang);
  const label = sessionLabel(i, sessions.length, lang);
  return { ...base, title: `${base.title}: ${own.title ?? label}`, startsAt: new Date(session.startsAt), endsAt: session.endsAt ? new Date(session.endsAt) : null, location: own.location ?? base.location };
}

const sessionLabel = (i: number, n: number, lang: Language) => (lang === 'hi' ? `सत्र ${i + 1}/${n}` : `session ${i + 1} of ${n}`);

/**
 * The links a confirmation carries: one session, its link (its own, else the event's); several, the
 * event's and then each session that has its own, named by its title or its number.
 */
export function confirmationLinks(links: RegistrantLinks, sessions: readonly EventSessionView[], lang: Language): Pick<MailEvent, 'meetingLink' | 'sessionLinks'> {
  if (sessions.length < 2) return { meetingLink: sessions[0] ? sessionLink(links, sessions[0].id) : links.event };
  const own = sessions.flatMap((s, i) => {
    const href = links.sessions.get(s.id);
    return href ? [{ session: sessionText(s, lang).title ?? sessionLabel(i, sessions.length, lang), href }] : [];
  });
  return { meetingLink: links.event, ...(own.length ? { sessionLinks: own } : {}) };
}
