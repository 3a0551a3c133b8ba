import { In, type DataSource } from 'typeorm';
import type { Viewer } from '../common/access';
import type { Clock } from '../common/clock';
import { DomainError, notFound } from '../common/errors';
import type { Logger } from '../common/logger';
import { queryRows } from '../common/sql';
import { isUuid } from '../common/validate';
import { EventEntity } from '../events/event.entity';
import type { EventService } from '../events/event.service';
import type { MailService } from '../mail/mail.service';
import { registrationMail } from '../mail/templates';
import { eventIcs, icsFilename } from './registration.ics';
import { RegistrationEntity } from './registration.entity';

export const REGISTRATION_MESSAGES = {
  registered: 'Successfully registered for the event!',
  alreadyRegistered: 'You are already registered for this event.',
  unregistered: 'Successfully unregistered from the event.',
  notRegistered: 'You are not registered for this event.',
  closed: 'Registration is closed for this event',
  full: 'This event is full',
  notFound: 'Event not found',
} as const;

export interface RegistrationResult {
  event: EventEntity;
  message: string;
  /** False when nothing changed (already registered / not registered). */
  changed: boolean;
}

/** Event registrations: capacity holds under concurrency with one conditional UPDATE and the unique pair as backstop. */
export class RegistrationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly events: EventService,
    private readonly mail: MailService,
    private readonly logger: Logger,
    private readonly publicOrigin: string,
  ) {}

  /** Of the given events, the ones the user is registered for: one query for a whole list. */
  async registeredEventIds(userId: string, eventIds: string[]): Promise<Set<string>> {
    if (!eventIds.length) return new Set();
    const rows = await this.dataSource.getRepository(RegistrationEntity).find({
      select: { eventId: true },
      where: { userId, eventId: In(eventIds) },
    });
    return new Set(rows.map((r) => r.eventId));
  }

  /**
   * Registers the viewer. In one transaction: the conditional increment (capacity, not yet started),
   * then the insert with ON CONFLICT DO NOTHING; a duplicate undoes the increment. Registering twice
   * answers success and changes nothing. The confirmation mail (.ics attached) goes after commit.
   */
  async register(viewer: Viewer, eventId: string): Promise<RegistrationResult> {
    if (!isUuid(eventId)) throw notFound(REGISTRATION_MESSAGES.notFound);
    const now = this.clock.now();
    const outcome = await this.dataSource.transaction(async (m) => {
      const bumped = await queryRows(
        m,
        `UPDATE events SET registered_count = registered_count + 1
          WHERE id = $1 AND (max_participants IS NULL OR registered_count < max_participants) AND starts_at > $2
          RETURNING id`,
        [eventId, now],
      );
      if (!bumped.length) {
        const event = await m.getRepository(EventEntity).findOne({ where: { id: eventId } });
        if (!event) throw notFound(REGISTRATION_MESSAGES.notFound);
        const already = await m.getRepository(RegistrationEntity).exists({ where: { eventId, userId: viewer.id } });
        if (already) return 'already' as const;
        if (event.startsAt.getTime() <= now.getTime()) throw new DomainError('EVENT_PAST', REGISTRATION_MESSAGES.closed);
        throw new DomainError('EVENT_FULL', REGISTRATION_MESSAGES.full);
      }
      const inserted = await queryRows(
        m,
        `INSERT INTO registrations (event_id, user_id, created_at) VALUES ($1, $2, $3) ON CONFLICT (event_id, user_id) DO NOTHING RETURNING id`,
        [eventId, viewer.id, now],
      );
      if (!inserted.length) {
        await m.query(`UPDATE events SET registered_count = registered_count - 1 WHERE id = $1`, [eventId]);
        return 'already' as const;
      }
      return 'registered' as const;
    });
    if (outcome === 'registered') this.events.invalidateCache();
    const event = await this.getEvent(eventId);
    if (outcome === 'registered') this.sendConfirmation(viewer, event);
    return outcome === 'registered'
      ? { event, message: REGISTRATION_MESSAGES.registered, changed: true }
      : { event, message: REGISTRATION_MESSAGES.alreadyRegistered, changed: false };
  }

  /** Unregisters the viewer; the count goes down only when a row was deleted. Closed once the event has started. */
  async unregister(viewer: Viewer, eventId: string): Promise<RegistrationResult> {
    const event = await this.getEvent(eventId);
    if (event.startsAt.getTime() <= this.clock.now().getTime()) throw new DomainError('EVENT_PAST', REGISTRATION_MESSAGES.closed);
    const deleted = await this.dataSource.transaction(async (m) => {
      const rows = await queryRows(m, `DELETE FROM registrations WHERE event_id = $1 AND user_id = $2 RETURNING id`, [eventId, viewer.id]);
      if (rows.length) await m.query(`UPDATE events SET registered_count = GREATEST(registered_count - 1, 0) WHERE id = $1`, [eventId]);
      return rows.length > 0;
    });
    if (deleted) this.events.invalidateCache();
    const after = await this.getEvent(eventId);
    return deleted
      ? { event: after, message: REGISTRATION_MESSAGES.unregistered, changed: true }
      : { event: after, message: REGISTRATION_MESSAGES.notRegistered, changed: false };
  }

  /** The iCalendar file of an event ("Add to calendar"). */
  async calendarFile(eventId: string): Promise<{ filename: string; content: string }> {
    const event = await this.getEvent(eventId);
    return { filename: icsFilename(event), content: eventIcs(event, this.publicOrigin) };
  }

  private getEvent(eventId: string): Promise<EventEntity> {
    return this.events.get(eventId);
  }

  /** After commit, in the background: a mail failure never undoes the registration; it is logged. */
  private sendConfirmation(viewer: Viewer, event: EventEntity): void {
    try {
      const date = typeof event.date === 'string' ? event.date : String(event.date);
      const ics = { filename: icsFilename(event), content: eventIcs(event, this.publicOrigin), contentType: 'text/calendar; charset=utf-8; method=PUBLISH' };
      this.mail.sendLater(registrationMail(viewer.email, viewer.name, { title: event.title, date, time: event.time, location: event.location }, ics));
    } catch (err) {
      this.logger.warn('could not prepare the registration confirmation', { eventId: event.id, reason: (err as Error)?.message });
    }
  }
}
