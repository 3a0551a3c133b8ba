import { indiaInstant } from '../common/clock';
import type { Language } from '../i18n/languages';
import { localize } from '../i18n/translations';
import type { MailEvent } from '../mail/event-mails';
import type { EventEntity } from './event.entity';
import { eventText } from './event-text';

/** The event as a mail to one person writes it: its text in their language (English where it has none), India time, the end only when set. */
export function mailEventOf(event: EventEntity, language: Language): MailEvent {
  const date = typeof event.date === 'string' ? event.date : String(event.date);
  const endsAt = event.endTime ? indiaInstant(event.endDate ?? date, event.endTime) : null;
  const { title, location } = localize(eventText(event), language);
  return { id: event.id, title: title!, startsAt: event.startsAt, endsAt, location: location! };
}
