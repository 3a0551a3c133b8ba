import { In, type DataSource, type EntityManager } from 'typeorm';
import type { Viewer } from '../common/access';
import type { Clock } from '../common/clock';
import { DomainError, notFound } from '../common/errors';
import type { Logger } from '../common/logger';
import { isUuid } from '../common/validate';
import type { AuditService } from '../audit/audit.service';
import type { CheckInService } from '../checkin/checkin.service';
import { EventEntity as EventEntityClass, type EventEntity } from '../events/event.entity';
import type { EventService } from '../events/event.service';
import type { Delivery, MailDeliveries } from '../mail/mail-deliveries';
import type { MailMessage } from '../mail/mail.service';
import type { ReminderService } from '../reminders/reminder.service';
import type { UserService } from '../users/user.service';
import type { MailLanguage } from '../mail/templates';
import { registrationConfirmationMail } from './registration.mail';
import { eventIcs, icsAttachment, icsFilename, type IcsSite } from './registration.ics';
import { mailEventOf } from '../events/event.mail';
import { registrantMeetingLinks, type RegistrantLinks } from '../meeting-links/registrant-meeting-link';
import { confirmationLinks } from '../sessions/session-mail';
import type { Language } from '../i18n/languages';
import { RegistrationEntity } from './registration.entity';
import { UserEntity } from '../users/user.entity';
import type { RegistrationLedger } from './registration-ledger';
import type { QuestionService } from '../questions/question.service';

export const REGISTRATION_MESSAGES = {
  registered: 'Successfully registered for the event!',
  alreadyRegistered: 'You are already registered for this event.',
  unregistered: 'Successfully unregistered from the event.',
  notRegistered: 'You are not registered for this event.',
  closed: 'Registration is closed for this event',
  full: 'This event is full',
  cancelled: 'This event has been cancelled.',
  notFound: 'Event not found',
  registrationNotFound: 'This person is not registered for this event',
  removed: 'Registration removed',
} as const;

export interface RegistrationResult {
  event: EventEntity;
  message: string;
  /** False when nothing changed (already registered / not registered). */
  changed: boolean;
}

interface ConfirmationDetails {
  language: MailLanguage;
  reminderLeadHours: number | null;
  /** The check-in code (XXXX-XXXX) and its QR code, when the registration has them. */
  checkIn: { code: string; qrPng: Buffer } | null;
}

/** The confirmation of a place, sent by the job queue's mail worker. */
export const CONFIRMATION_MAIL = 'registration-confirmation';

/** Event registrations: the rules around the ledger (who, when, what is said and mailed). */
export class RegistrationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly events: EventService,
    private readonly ledger: RegistrationLedger,
    private readonly deliveries: MailDeliveries,
    private readonly logger: Logger,
    /** The public site (links in mails, the .ics's URL) and MAIL_FROM (the .ics's ORGANIZER). */
    private readonly site: IcsSite,
    private readonly audit: AuditService,
    /** The person's mail language and reminder choice, for the confirmation. */
    private readonly users: UserService,
    /** Whether (and how long before) a reminder will come, for the confirmation. */
    private readonly reminders: ReminderService,
    /** The check-in code and its QR code, for the confirmation. */
    private readonly checkIns: CheckInService,
    /** The event's registration questions: the answers are checked first and stored with the place. */
    private readonly questions: QuestionService,
  ) {
    deliveries.compose(CONFIRMATION_MAIL, (d) => this.composeConfirmation(d));
  }

  /** For each event id, whether the viewer is registered: one query for a whole list (none when signed out). */
  async registeredFlags(viewer: Viewer | null, eventIds: readonly string[]): Promise<boolean[]> {
    if (!viewer || !eventIds.length) return eventIds.map(() => false);
    const rows = await this.dataSource.getRepository(RegistrationEntity).find({
      select: { eventId: true },
      where: { userId: viewer.id, eventId: In([...eventIds]) },
    });
    const registered = new Set(rows.map((r) => r.eventId));
    return eventIds.map((id) => registered.has(id));
  }

  /** Every registration of these events (its id and who), oldest first, per event: one query for a whole list. */
  async registrationsOf(eventIds: readonly string[]): Promise<Map<string, { id: string; userId: string }[]>> {
    const byEvent = new Map<string, { id: string; userId: string }[]>(eventIds.map((id) => [id, []]));
    const ids = eventIds.filter(isUuid);
    if (!ids.length) return byEvent;
    const rows = await this.dataSource.getRepository(RegistrationEntity).find({
      select: { id: true, eventId: true, userId: true },
      where: { eventId: In(ids) },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    for (const r of rows) byEvent.get(r.eventId)?.push({ id: r.id, userId: r.userId });
    return byEvent;
  }

  /**
   * Registers the viewer: the place is taken through the ledger in one transaction (capacity, not yet
   * started, the unique pair as backstop). Registering twice answers success and changes nothing. The
   * confirmation mail (.ics and check-in QR attached) is queued in the same transaction: it exists exactly
   * when the place does, survives a restart, is retried while SMTP is down, and is built by the queue's
   * worker rather than on the request's way out.
   */
  async register(viewer: Viewer, eventId: string, rawAnswers?: unknown, lang: Language = 'en'): Promise<RegistrationResult> {
    if (!isUuid(eventId)) throw notFound(REGISTRATION_MESSAGES.notFound);
    // At a full event (the opening rush's 301st teacher on) the answer comes from one read, outside any
    // transaction and without waiting for the event's row; only a possible place opens one.
    const refused = await this.ledger.refusal(this.dataSource, eventId, viewer.id, this.clock.now());
    // Answers to the event's questions are checked before a place is taken (400 naming the question).
    const answers = refused ? {} : await this.questions.checkAnswers(this.dataSource, eventId, rawAnswers, lang);
    // A possible place: one attempt of this process at a time on this event (the others wait in memory,
    // not on pooled connections). Whoever waited looks again first: once the event has filled meanwhile,
    // the answer is that read, without a transaction.
    const outcome =
      refused ??
      (await this.ledger.placeTurn(eventId, async () => {
        const now = this.clock.now();
        return (
          (await this.ledger.refusal(this.dataSource, eventId, viewer.id, now)) ??
          this.dataSource.transaction(async (m) => {
            const result = await this.ledger.add(m, eventId, viewer.id, now);
            if (result === 'added') {
              if (Object.keys(answers).length) await this.questions.saveAnswers(m, eventId, viewer.id, answers);
              else await this.questions.carryWaitlistAnswers(m, eventId, viewer.id);
              await this.planConfirmation(m, viewer, eventId);
            }
            return result;
          })
        );
      }));
    switch (outcome) {
      case 'no-event': throw notFound(REGISTRATION_MESSAGES.notFound);
      case 'no-user': throw new DomainError('UNAUTHENTICATED', 'Invalid or expired session. Please sign in again.');
      case 'closed': throw new DomainError('EVENT_PAST', REGISTRATION_MESSAGES.closed);
      case 'cancelled': throw new DomainError('EVENT_CANCELLED', REGISTRATION_MESSAGES.cancelled);
      case 'full': throw new DomainError('EVENT_FULL', REGISTRATION_MESSAGES.full);
      default: break;
    }
    const event = await this.getEvent(eventId);
    return outcome === 'added'
      ? { event, message: REGISTRATION_MESSAGES.registered, changed: true }
      : { event, message: REGISTRATION_MESSAGES.alreadyRegistered, changed: false };
  }

  /** Unregisters the viewer; the count goes down only when a row was deleted. Closed once the event has started. */
  async unregister(viewer: Viewer, eventId: string): Promise<RegistrationResult> {
    const event = await this.getEvent(eventId);
    if (event.startsAt.getTime() <= this.clock.now().getTime()) throw new DomainError('EVENT_PAST', REGISTRATION_MESSAGES.closed);
    const removed = await this.dataSource.transaction((m) => this.ledger.remove(m, eventId, viewer.id));
    const after = await this.getEvent(eventId);
    return removed
      ? { event: after, message: REGISTRATION_MESSAGES.unregistered, changed: true }
      : { event: after, message: REGISTRATION_MESSAGES.notRegistered, changed: false };
  }

  /** An admin takes someone off an event (at any time, before or after it starts); audited. */
  async removeByAdmin(actor: Viewer, eventId: string, userId: string): Promise<RegistrationResult> {
    await this.getEvent(eventId);
    if (!isUuid(userId)) throw notFound(REGISTRATION_MESSAGES.registrationNotFound);
    const removed = await this.dataSource.transaction(async (m) => {
      const done = await this.ledger.remove(m, eventId, userId);
      if (done) await this.audit.record(actor, { action: 'registration.remove', entityType: 'registration', entityId: eventId, before: { eventId, userId }, after: null }, m);
      return done;
    });
    if (!removed) throw notFound(REGISTRATION_MESSAGES.registrationNotFound);
    return { event: await this.getEvent(eventId), message: REGISTRATION_MESSAGES.removed, changed: true };
  }

  /** The person's own events: those they are registered for (upcoming and past) and those they wait for. */
  async myEvents(viewer: Viewer): Promise<{ upcoming: EventEntity[]; past: EventEntity[]; waiting: EventEntity[] }> {
    const events = this.dataSource.getRepository(EventEntityClass);
    const registered = await events
      .createQueryBuilder('e')
      .innerJoin('registrations', 'r', 'r.event_id = e.id AND r.user_id = :userId', { userId: viewer.id })
      .orderBy('e.starts_at', 'ASC')
      .addOrderBy('e.id', 'ASC')
      .limit(500)
      .getMany();
    const waiting = await events
      .createQueryBuilder('e')
      .innerJoin('waitlist_entries', 'w', "w.event_id = e.id AND w.user_id = :userId AND w.status IN ('waiting', 'offered')", { userId: viewer.id })
      .orderBy('e.starts_at', 'ASC')
      .addOrderBy('e.id', 'ASC')
      .limit(500)
      .getMany();
    const now = this.clock.now().getTime();
    return {
      upcoming: registered.filter((e) => e.startsAt.getTime() > now),
      past: registered.filter((e) => e.startsAt.getTime() <= now).reverse(),
      waiting,
    };
  }

  /** The iCalendar file of an event ("Add to calendar"). */
  async calendarFile(eventId: string, lang: Language = 'en', linksOf?: (event: EventEntity) => Promise<RegistrantLinks>): Promise<{ filename: string; content: string }> {
    const event = await this.getEvent(eventId);
    return { filename: icsFilename(event), content: eventIcs(event, this.site, lang, { sessions: await this.events.sessionsOf(event), links: linksOf ? await linksOf(event) : null }) };
  }

  /**
   * Queues the confirmation of a place (taken by registering, or by accepting a waiting-list offer) inside
   * the transaction that took it. Keyed by the moment, so someone who gives a place up and takes it again
   * is confirmed again.
   */
  async planConfirmation(m: EntityManager, viewer: Viewer, eventId: string): Promise<void> {
    const at = this.clock.now().toISOString();
    await this.deliveries.plan(m, [{ key: `${CONFIRMATION_MAIL}:${eventId}:${viewer.id}:${at}`, kind: CONFIRMATION_MAIL, userId: viewer.id, eventId, recipient: viewer.email }]);
  }

  private getEvent(eventId: string): Promise<EventEntity> {
    return this.events.get(eventId);
  }

  /** The queued confirmation, built when it is sent: skipped when the place or the event is gone meanwhile. */
  private async composeConfirmation(d: Delivery): Promise<MailMessage | { skip: string }> {
    if (!d.eventId || !d.userId) return { skip: 'no event or person' };
    const registered = await this.dataSource.getRepository(RegistrationEntity).exists({ where: { eventId: d.eventId, userId: d.userId } });
    if (!registered) return { skip: 'no longer registered' };
    const event = await this.dataSource.getRepository(EventEntityClass).findOne({ where: { id: d.eventId } });
    if (!event) return { skip: 'the event was deleted' };
    if (event.cancelledAt) return { skip: 'the event was cancelled' };
    const user = await this.dataSource.getRepository(UserEntity).findOne({ where: { id: d.userId } });
    if (!user) return { skip: 'the account was deleted' };
    const { language, reminderLeadHours, checkIn } = await this.confirmationDetails(user.id, event);
    const links = await registrantMeetingLinks(this.dataSource, event, user.id);
    const sessions = await this.events.sessionsOf(event);
    const ics = icsAttachment(event, this.site, language, { sessions, links });
    return registrationConfirmationMail({
      to: d.recipient,
      name: user.name,
      language,
      event: { ...mailEventOf(event, language), ...confirmationLinks(links, sessions, language) },
      publicOrigin: this.site.publicOrigin,
      ics,
      reminderLeadHours,
      checkInCode: checkIn?.code ?? null,
      checkInQrPng: checkIn?.qrPng ?? null,
    });
  }

  /**
   * The person's language, when a reminder will come, and their check-in code. A failure to read them
   * fails the composition, and the queue retries the mail: it is never sent in the wrong language or
   * without its code.
   */
  private async confirmationDetails(userId: string, event: EventEntity): Promise<ConfirmationDetails> {
    const { language, remindersEnabled } = await this.users.mailPreferences(userId);
    return {
      language,
      reminderLeadHours: this.reminders.reminderLeadFor(remindersEnabled, event),
      checkIn: await this.checkIns.confirmationCode(userId, event.id),
    };
  }
}
