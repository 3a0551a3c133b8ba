import type { DataSource } from 'typeorm';
import { isAdmin, type Viewer } from '../common/access';
import { EventEntity } from '../events/event.entity';
import { RegistrationEntity } from '../registrations/registration.entity';

/**
 * Who may see an online event's meeting link: an admin, or a person registered for the event (not
 * someone waiting, not an integrator's API key). Everyone else gets nothing: the link is never in a
 * signed-out answer, so the public cache, the served pages and the link previews never hold it.
 *
 * This is the one rule for it; a session's own link (sessions/) would reuse it as it is, asking about the
 * session's event: `mayView(viewer, [session.eventId])` and then that session's link.
 */
export class MeetingLinkService {
  constructor(private readonly dataSource: DataSource) {}

  /** Whether the viewer may see the meeting link of each event (one statement for them all). */
  async mayView(viewer: Viewer | null, eventIds: readonly string[]): Promise<boolean[]> {
    if (!viewer || viewer.apiKey || !eventIds.length) return eventIds.map(() => false);
    if (isAdmin(viewer)) return eventIds.map(() => true);
    const rows = await this.dataSource
      .getRepository(RegistrationEntity)
      .createQueryBuilder('r')
      .select('r.event_id', 'eventId')
      .where('r.user_id = :userId AND r.event_id IN (:...eventIds)', { userId: viewer.id, eventIds: [...eventIds] })
      .getRawMany<{ eventId: string }>();
    const registered = new Set(rows.map((r) => r.eventId));
    return eventIds.map((id) => registered.has(id));
  }

  /**
   * Each event's meeting link for the viewer: the link (or null when it has none) where they may see it,
   * `undefined` where they may not (so that the REST answer leaves the field out).
   */
  async linksFor(viewer: Viewer | null, eventIds: readonly string[]): Promise<(string | null | undefined)[]> {
    const may = await this.mayView(viewer, eventIds);
    const visible = eventIds.filter((_, i) => may[i]);
    if (!visible.length) return eventIds.map(() => undefined);
    const rows = await this.dataSource
      .getRepository(EventEntity)
      .createQueryBuilder('e')
      .select(['e.id', 'e.meetingLink'])
      .where('e.id IN (:...ids)', { ids: visible })
      .getMany();
    const links = new Map(rows.map((e) => [e.id, e.meetingLink]));
    return eventIds.map((id, i) => (may[i] ? links.get(id) ?? null : undefined));
  }

  /** The meeting link of an event the viewer holds (a mail, a calendar file): the link where they may see it, else null. */
  async linkFor(viewer: Viewer | null, event: Pick<EventEntity, 'id' | 'meetingLink'>): Promise<string | null> {
    if (!event.meetingLink) return null;
    const [may] = await this.mayView(viewer, [event.id]);
    return may ? event.meetingLink : null;
  }
}
