import type { DataSource } from 'typeorm';
import type { EventEntity } from '../events/event.entity';
import { RegistrationEntity } from '../registrations/registration.entity';
import { EventSessionEntity } from '../sessions/event-session.entity';
import type { SessionLinks } from './meeting-link.service';

/** The links a mail to one registered person may carry: the event's and its sessions' own. */
export interface RegistrantLinks {
  event: string | null;
  sessions: SessionLinks;
}

const NONE: RegistrantLinks = { event: null, sessions: new Map() };

/** The link of one session for a mail or a calendar entry: its own, else the event's. */
export const sessionLink = (links: RegistrantLinks, sessionId: string): string | null => links.sessions.get(sessionId) ?? links.event;

/**
 * The meeting links for a mail to one person (the confirmation, the reminder): the event's and its
 * sessions' own when they are registered for the event as the mail is built, else none (a mail to
 * someone waiting never carries them). The same rule as MeetingLinkService.mayView for a registrant.
 */
export async function registrantMeetingLinks(dataSource: DataSource, event: Pick<EventEntity, 'id' | 'meetingLink'>, userId: string): Promise<RegistrantLinks> {
  const rows = await dataSource.getRepository(EventSessionEntity).createQueryBuilder('s').select(['s.id', 's.meetingLink']).where('s.event_id = :id AND s.meeting_link IS NOT NULL', { id: event.id }).getMany();
  if (!event.meetingLink && !rows.length) return NONE;
  const registered = await dataSource.getRepository(RegistrationEntity).exists({ where: { eventId: event.id, userId } });
  return registered ? { event: event.meetingLink, sessions: new Map(rows.map((r) => [r.id, r.meetingLink!])) } : NONE;
}
