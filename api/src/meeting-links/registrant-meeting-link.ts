import type { DataSource } from 'typeorm';
import type { EventEntity } from '../events/event.entity';
import { RegistrationEntity } from '../registrations/registration.entity';

/**
 * The meeting link for a mail to one person (the confirmation, the reminder): the link when they are
 * registered for the event as the mail is built, else null (a mail to someone waiting never carries it).
 */
export async function registrantMeetingLink(dataSource: DataSource, event: Pick<EventEntity, 'id' | 'meetingLink'>, userId: string): Promise<string | null> {
  if (!event.meetingLink) return null;
  const registered = await dataSource.getRepository(RegistrationEntity).exists({ where: { eventId: event.id, userId } });
  return registered ? event.meetingLink : null;
}
