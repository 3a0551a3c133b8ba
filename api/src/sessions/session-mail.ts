import type { MailEvent } from '../events/event.mail';
import type { Language } from '../i18n/languages';
import { sessionText } from './session-rules';
import type { EventSessionView } from './session.types';

/** A mail about one session of a several-session event: its time, its place, and which session it is in the title. */
export function sessionMailEvent(base: MailEvent, sessions: readonly EventSessionView[], session: EventSessionView, lang: Language): MailEvent {
  if (sessions.length < 2) return base;
  const i = sessions.findIndex((s) => s.id === session.id);
  const own = sessionText(session, lang);
  const label = lang === 'hi' ? `सत्र ${i + 1}/${sessions.length}` : `session ${i + 1} of ${sessions.length}`;
  return { ...base, title: `${base.title}: ${own.title ?? label}`, startsAt: new Date(session.startsAt), endsAt: session.endsAt ? new Date(session.endsAt) : null, location: own.location ?? base.location };
}
