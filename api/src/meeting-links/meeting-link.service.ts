import type { DataSource } from 'typeorm';
import { isAdmin, type Viewer } from '../common/access';
import { EventEntity } from '../events/event.entity';
import { RegistrationEntity } from '../registrations/registration.entity';
import { EventSessionEntity } from '../sessions/event-session.entity';
import type { RegistrantLinks } from './registrant-meeting-link';

/** The sessions' own links of one event (session id to link; a session not listed has none: the event's stands). */
export type SessionLinks = ReadonlyMap<string, string>;

/**
 * Who may see an online event's meeting link: an admin, or a person registered for the event (not
 * someone waiting, not an integrator's API key). Everyone else gets nothing: the link is never in a
 * signed-out answer, so the public cache, the served pages and the link previews never hold it.
 *
 * This is the one rule for it, for a session's own link too (a hybrid course): whoever may see the
 * event's link may see its sessions', and nobody else.
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

  /**
   * Each event's sessions' own links for the viewer (`undefined` where they may not see them), one
   * statement for the list: what GraphQL's EventSession.meetingLink and REST's `sessions[].meetingLink` read.
   */
  async sessionLinksFor(viewer: Viewer | null, eventIds: readonly string[]): Promise<(SessionLinks | undefined)[]> {
    const may = await this.mayView(viewer, eventIds);
    const visible = eventIds.filter((_, i) => may[i]);
    const byEvent = new Map<string, Map<string, string>>(visible.map((id) => [id, new Map()]));
    if (visible.length) {
      const rows = await this.dataSource
        .getRepository(EventSessionEntity)
        .createQueryBuilder('s')
        .select(['s.id', 's.eventId', 's.meetingLink'])
        .where('s.event_id IN (:...ids) AND s.meeting_link IS NOT NULL', { ids: visible })
        .getMany();
      for (const r of rows) byEvent.get(r.eventId)!.set(r.id, r.meetingLink!);
    }
    return eventIds.map((id, i) => (may[i] ? byEvent.get(id) : undefined));
  }

  /** The meeting links of an event the viewer holds (the .ics download): the event's and its sessions' own where they may see them, else none. */
  async linksOf(viewer: Viewer | null, event: Pick<EventEntity, 'id' | 'meetingLink'>): Promise<RegistrantLinks> {
    const [sessions] = await this.sessionLinksFor(viewer, [event.id]);
    return sessions ? { event: event.meetingLink, sessions } : { event: null, sessions: new Map() };
  }
}
