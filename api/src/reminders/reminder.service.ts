import { asLanguage } from '../i18n/languages';
import type { DataSource, EntityManager } from 'typeorm';
import type { AuditService } from '../audit/audit.service';
import type { Viewer } from '../common/access';
import type { Clock } from '../common/clock';
import { DomainError, notFound } from '../common/errors';
import type { Logger } from '../common/logger';
import { queryRows } from '../common/sql';
import { isUuid, validateInput } from '../common/validate';
import type { Config } from '../config/env';
import { topics, touched } from '../db/change-feed';
import { EventEntity } from '../events/event.entity';
import type { JobQueue } from '../jobs/job-queue';
import { eventCancelledMail, eventReminderMail, type MailLanguage } from '../mail/event-mails';
import type { Delivery, MailDeliveries, PlannedMail } from '../mail/mail-deliveries';
import type { MailMessage } from '../mail/mail.service';
import { icsAttachment } from '../registrations/registration.ics';
import { mailEventOf } from '../events/event.mail';
import { UserEntity } from '../users/user.entity';
import { LanguageInput, ReminderPreferenceInput, StopRemindersInput } from './reminder.types';
import { StopReminderTokens } from './stop-token';

/** The one keyed job per event (key: the event id) that plans its reminders when their time comes. */
export const REMINDER_JOB = 'event-reminders';
/** Mail kinds this service plans and composes. */
export const REMINDER_MAIL = 'reminder';
export const CANCELLED_MAIL = 'cancelled';

export const REMINDER_MESSAGES = {
  eventNotFound: 'Event not found',
  cancelled: 'Event cancelled',
  alreadyCancelled: 'This event was already cancelled',
  eventCancelled: 'This event has been cancelled.',
  eventStarted: 'This event has already started',
  badStopLink: 'This link is not valid. Please use the link in your latest reminder e-mail, or turn reminders off on your profile page.',
  stopped: 'You will not receive event reminders any more. You can turn them on again on your profile page.',
  languageSaved: 'Language saved',
} as const;

/** Someone to tell that an event is cancelled. */
export interface CancellationRecipient {
  userId: string;
  email: string;
  name: string;
  language: MailLanguage;
  /** True for people on the waiting list (their mail says so), false for those registered. */
  wasWaiting: boolean;
}

/** Adds recipients of an event's cancellation mail (the waiting list registers one); runs in the cancelling transaction. */
export type CancellationRecipientProvider = (m: EntityManager, eventId: string) => Promise<CancellationRecipient[]>;

export interface CancelResult {
  event: EventEntity;
  /** False when the event was cancelled already (nothing changed, nobody mailed). */
  changed: boolean;
  /** How many cancellation mails were planned. */
  mailed: number;
  message: string;
}

type ReminderConfig = Pick<Config, 'jwtSecret' | 'publicOrigin' | 'mailFrom' | 'reminderLeadHours'>;

const iso = (d: Date | string) => new Date(d).toISOString();
const origin = (publicOrigin: string) => publicOrigin.replace(/\/+$/, '');

/**
 * Event reminders and cancellations.
 *
 * Reminders: every event that has not started and is not cancelled has ONE keyed job (`event-reminders`,
 * key = event id) due `REMINDER_LEAD_HOURS` before its start, (re)scheduled inside the transaction of
 * the event's create or update (so moving an event moves it) and removed when the event is cancelled or
 * deleted. When it runs, it checks again by the service clock and plans one `reminder` mail per person
 * who registered before that moment and has reminders on, keyed `reminder:{event}:{user}:{start}`: a
 * retried job or a second worker plans nothing new, and a moved event reminds once more, at its new time.
 *
 * Cancellation: sets `cancelled_at` once, removes the reminder job and plans one `cancelled` mail per
 * registrant (and per person the providers add, e.g. the waiting list), keyed `cancelled:{event}:{user}`,
 * with what the mail needs should the event be deleted before it goes. Deleting an event that has not
 * started plans the same mails (same keys: a cancelled event deleted later mails nobody again).
 */
export class ReminderService {
  private readonly providers: CancellationRecipientProvider[] = [];
  readonly stopTokens: StopReminderTokens;

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly jobs: JobQueue,
    private readonly deliveries: MailDeliveries,
    private readonly audit: AuditService,
    private readonly config: ReminderConfig,
    private readonly logger: Logger,
  ) {
    this.stopTokens = new StopReminderTokens(config.jwtSecret);
    jobs.define<{ eventId: string }>({ name: REMINDER_JOB, retryLimit: 5, retryDelaySeconds: 60, handle: (data) => this.runReminderJob(data.eventId) });
    deliveries.compose(REMINDER_MAIL, (d) => this.composeReminder(d));
    deliveries.compose(CANCELLED_MAIL, (d) => this.composeCancelled(d));
  }

  get leadHours(): number {
    return this.config.reminderLeadHours;
  }

  /** When an event's reminders go out. */
  dueAt(startsAt: Date): Date {
    return new Date(new Date(startsAt).getTime() - this.config.reminderLeadHours * 3_600_000);
  }

  /** The waiting list (or anything else) adds the people its cancellation mail goes to. */
  addCancellationRecipients(provider: CancellationRecipientProvider): void {
    this.providers.push(provider);
  }

  // ---------- scheduling (called by EventService inside its transactions) ----------

  /**
   * After an event is created or changed, in that transaction: its reminder job is due at the new
   * moment (replacing the pending one), or gone when it is cancelled or has started.
   */
  async scheduleFor(m: EntityManager, event: Pick<EventEntity, 'id' | 'startsAt' | 'cancelledAt'>): Promise<void> {
    if (event.cancelledAt || new Date(event.startsAt).getTime() <= this.clock.now().getTime()) {
      await this.jobs.cancelPending(m, REMINDER_JOB, event.id);
      return;
    }
    await this.jobs.replace(m, REMINDER_JOB, event.id, { eventId: event.id }, await this.queueTime(m, this.dueAt(event.startsAt)));
  }

  /**
   * Before an event's rows are deleted, in that transaction: no reminder any more and, when it has not
   * started, the cancellation mails (the same keys as cancelEvent's, so nobody is told twice).
   */
  async beforeEventDelete(m: EntityManager, event: EventEntity): Promise<number> {
    await this.jobs.cancelPending(m, REMINDER_JOB, event.id);
    if (new Date(event.startsAt).getTime() <= this.clock.now().getTime()) return 0;
    return this.planCancellation(m, event);
  }

  /**
   * The moment, by the service clock, as a start time for the queue, which runs on the database's
   * clock: the remaining wait from the database's now. They agree in production; in tests (whose clock
   * is set by hand) a job that is not due by the test's clock is not due by the database's either.
   */
  private async queueTime(m: EntityManager, at: Date): Promise<Date> {
    const [{ now }] = await queryRows<{ now: Date | string }>(m, `SELECT now() AS now`);
    return new Date(new Date(now).getTime() + Math.max(0, at.getTime() - this.clock.now().getTime()));
  }

  /**
   * Events that should have a reminder job and have none (those written before reminders existed, or
   * seeded behind the service's back): scheduled now. Run at start-up; cheap when there are none.
   */
  async scheduleMissing(): Promise<number> {
    const now = this.clock.now();
    const rows = await queryRows<{ id: string }>(
      this.dataSource,
      `SELECT e.id FROM events e
        WHERE e.cancelled_at IS NULL AND e.starts_at > $1
          AND NOT EXISTS (SELECT 1 FROM pgboss.job j WHERE j.name = $2 AND j.singleton_key = e.id::text)`,
      [now, REMINDER_JOB],
    );
    let scheduled = 0;
    for (const { id } of rows) {
      await this.dataSource.transaction(async (m) => {
        const event = await m.getRepository(EventEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
        if (!event) return;
        const [job] = await queryRows(m, `SELECT 1 FROM pgboss.job WHERE name = $1 AND singleton_key = $2`, [REMINDER_JOB, id]);
        if (job) return;
        await this.scheduleFor(m, event);
        scheduled++;
      });
    }
    return scheduled;
  }

  // ---------- the reminder job ----------

  /**
   * The keyed job: the event gone or cancelled, or started → nothing; not yet due by the service clock
   * → due again at the right moment; otherwise one reminder per person registered before the due time
   * with reminders on, in one plan.
   */
  async runReminderJob(eventId: string): Promise<void> {
    const now = this.clock.now();
    await this.dataSource.transaction(async (m) => {
      // KEY SHARE: an edit of the event (FOR UPDATE) waits for this, registrations (NO KEY UPDATE) do not.
      const [event] = await queryRows<{ starts_at: Date | string; cancelled_at: Date | null }>(
        m,
        `SELECT starts_at, cancelled_at FROM events WHERE id = $1 FOR KEY SHARE`,
        [eventId],
      );
      if (!event || event.cancelled_at) return;
      const startsAt = new Date(event.starts_at);
      if (now.getTime() >= startsAt.getTime()) return;
      const due = this.dueAt(startsAt);
      if (now.getTime() < due.getTime()) {
        await this.jobs.replace(m, REMINDER_JOB, eventId, { eventId }, await this.queueTime(m, due));
        return;
      }
      const people = await queryRows<{ id: string; email: string }>(
        m,
        `SELECT u.id, u.email FROM registrations r JOIN users u ON u.id = r.user_id
          WHERE r.event_id = $1 AND r.created_at < $2 AND u.reminders_enabled
          ORDER BY r.created_at, u.id`,
        [eventId, due],
      );
      const start = startsAt.toISOString();
      const planned = await this.deliveries.plan(
        m,
        people.map((p) => ({ key: `reminder:${eventId}:${p.id}:${start}`, kind: REMINDER_MAIL, userId: p.id, eventId, recipient: p.email, payload: { startsAt: start } })),
      );
      if (planned) this.logger.info('event reminders planned', { eventId, planned });
    });
  }

  /** An admin's "send reminder now": everyone registered with reminders on; a double click within the minute mails nobody twice. */
  async remindNow(actor: Viewer, eventId: string): Promise<{ queued: number; message: string }> {
    if (!isUuid(eventId)) throw notFound(REMINDER_MESSAGES.eventNotFound);
    const now = this.clock.now();
    const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString();
    const queued = await this.dataSource.transaction(async (m) => {
      const [event] = await queryRows<{ starts_at: Date | string; cancelled_at: Date | null }>(m, `SELECT starts_at, cancelled_at FROM events WHERE id = $1 FOR KEY SHARE`, [eventId]);
      if (!event) throw notFound(REMINDER_MESSAGES.eventNotFound);
      if (event.cancelled_at) throw new DomainError('EVENT_CANCELLED', REMINDER_MESSAGES.eventCancelled);
      if (new Date(event.starts_at).getTime() <= now.getTime()) throw new DomainError('EVENT_PAST', REMINDER_MESSAGES.eventStarted);
      const start = iso(event.starts_at);
      const people = await queryRows<{ id: string; email: string }>(
        m,
        `SELECT u.id, u.email FROM registrations r JOIN users u ON u.id = r.user_id
          WHERE r.event_id = $1 AND u.reminders_enabled ORDER BY r.created_at, u.id`,
        [eventId],
      );
      const planned = await this.deliveries.plan(
        m,
        people.map((p) => ({ key: `reminder-now:${eventId}:${p.id}:${minute}`, kind: REMINDER_MAIL, userId: p.id, eventId, recipient: p.email, payload: { startsAt: start, now: true } })),
      );
      await this.audit.record(actor, { action: 'event.remind', entityType: 'event', entityId: eventId, before: null, after: { queued: planned, withRemindersOn: people.length } }, m);
      return planned;
    });
    const message = queued
      ? `Reminder queued for ${queued} ${queued === 1 ? 'person' : 'people'}`
      : 'No reminder to send: nobody registered has reminders on, or they were reminded a moment ago';
    return { queued, message };
  }

  // ---------- cancellation ----------

  /** An admin cancels an event: once (again changes nothing and mails nobody); registrants are told if it has not started. */
  async cancelEvent(actor: Viewer | null, eventId: string): Promise<CancelResult> {
    if (!isUuid(eventId)) throw notFound(REMINDER_MESSAGES.eventNotFound);
    const now = this.clock.now();
    return this.dataSource.transaction(async (m) => {
      const repo = m.getRepository(EventEntity);
      const event = await repo.findOne({ where: { id: eventId }, lock: { mode: 'pessimistic_write' } });
      if (!event) throw notFound(REMINDER_MESSAGES.eventNotFound);
      if (event.cancelledAt) return { event, changed: false, mailed: 0, message: REMINDER_MESSAGES.alreadyCancelled };
      const before = { ...event };
      event.cancelledAt = now;
      const after = await repo.save(event);
      await this.jobs.cancelPending(m, REMINDER_JOB, eventId);
      const mailed = event.startsAt.getTime() > now.getTime() ? await this.planCancellation(m, event) : 0;
      await this.audit.record(actor, { action: 'event.cancel', entityType: 'event', entityId: eventId, before, after: { ...after, mailed } }, m);
      touched(m, topics.events, topics.event(eventId));
      return { event: after, changed: true, mailed, message: REMINDER_MESSAGES.cancelled };
    });
  }

  /** One `cancelled` mail per registrant and per provided recipient, each once ever; returns how many were new. */
  private async planCancellation(m: EntityManager, event: EventEntity): Promise<number> {
    const registered = await queryRows<{ id: string; email: string; name: string; language: string }>(
      m,
      `SELECT u.id, u.email, u.name, u.language FROM registrations r JOIN users u ON u.id = r.user_id
        WHERE r.event_id = $1 ORDER BY r.created_at, u.id`,
      [event.id],
    );
    const recipients = new Map<string, CancellationRecipient>();
    for (const r of registered) recipients.set(r.id, { userId: r.id, email: r.email, name: r.name, language: asLanguage(r.language), wasWaiting: false });
    for (const provider of this.providers) {
      for (const r of await provider(m, event.id)) if (!recipients.has(r.userId)) recipients.set(r.userId, r);
    }
    // What the event was, kept in each person's language: the event may be deleted before the mail goes.
    const snapshot = (language: MailLanguage) => {
      const e = mailEventOf(event, language);
      return { title: e.title, startsAt: iso(e.startsAt), endsAt: e.endsAt ? iso(e.endsAt) : null, location: e.location };
    };
    const mails: PlannedMail[] = [...recipients.values()].map((r) => ({
      key: `cancelled:${event.id}:${r.userId}`,
      kind: CANCELLED_MAIL,
      userId: r.userId,
      eventId: event.id,
      recipient: r.email,
      payload: { ...snapshot(r.language), name: r.name, language: r.language, wasWaiting: r.wasWaiting },
    }));
    return this.deliveries.plan(m, mails);
  }

  // ---------- the person's choices ----------

  /** The stop link (one click, no sign-in): reminders off for the person it was made for. */
  async stopReminders(rawToken: unknown): Promise<{ message: string }> {
    const { token } = await validateInput(StopRemindersInput, { token: rawToken }, REMINDER_MESSAGES.badStopLink);
    const userId = this.stopTokens.verify(token);
    if (!userId) throw new DomainError('VALIDATION', REMINDER_MESSAGES.badStopLink, { fields: { token: 'This link is not valid' } });
    // A deleted account has nothing to stop: the answer is the same.
    await this.dataSource.query(`UPDATE users SET reminders_enabled = false WHERE id = $1`, [userId]);
    return { message: REMINDER_MESSAGES.stopped };
  }

  /** The profile switch. */
  async setReminderPreference(userId: string, rawEnabled: unknown): Promise<void> {
    const { enabled } = await validateInput(ReminderPreferenceInput, { enabled: rawEnabled });
    await this.dataSource.getRepository(UserEntity).update({ id: userId }, { remindersEnabled: enabled });
  }

  /** The language the person's mails are written in ('en' | 'hi'). */
  async setLanguage(userId: string, rawLanguage: unknown): Promise<{ message: string }> {
    const { language } = await validateInput(LanguageInput, { language: rawLanguage });
    await this.dataSource.getRepository(UserEntity).update({ id: userId }, { language });
    return { message: REMINDER_MESSAGES.languageSaved };
  }

  /** For a registration confirmation: the person's language, and the reminder lead when a reminder will come. */
  async confirmationDetails(userId: string, event: Pick<EventEntity, 'startsAt' | 'cancelledAt'>): Promise<{ language: MailLanguage; reminderLeadHours: number | null }> {
    const [user] = await queryRows<{ language: string; reminders_enabled: boolean }>(this.dataSource, `SELECT language, reminders_enabled FROM users WHERE id = $1`, [userId]);
    const willRemind = !!user?.reminders_enabled && !event.cancelledAt && this.clock.now().getTime() < this.dueAt(event.startsAt).getTime();
    return { language: asLanguage(user?.language), reminderLeadHours: willRemind ? this.config.reminderLeadHours : null };
  }

  /** The page of the public site that asks before stopping (mail scanners open links). */
  stopPageUrl(userId: string): string {
    return `${origin(this.config.publicOrigin)}/reminders/stop?token=${encodeURIComponent(this.stopTokens.sign(userId))}`;
  }

  /** The RFC 8058 one-click target (List-Unsubscribe with List-Unsubscribe-Post). */
  stopApiUrl(userId: string): string {
    return `${origin(this.config.publicOrigin)}/api/reminders/stop?token=${encodeURIComponent(this.stopTokens.sign(userId))}`;
  }

  // ---------- composing the mails (when the queue sends them) ----------

  private async composeReminder(d: Delivery): Promise<MailMessage | { skip: string }> {
    const event = d.eventId && isUuid(d.eventId) ? await this.dataSource.getRepository(EventEntity).findOne({ where: { id: d.eventId } }) : null;
    if (!event) return { skip: 'the event was deleted' };
    if (event.cancelledAt) return { skip: 'the event was cancelled' };
    const now = this.clock.now();
    if (event.startsAt.getTime() <= now.getTime()) return { skip: 'the event has started' };
    if (typeof d.payload.startsAt === 'string' && d.payload.startsAt !== event.startsAt.toISOString()) return { skip: 'the event was moved (its new time has its own reminder)' };
    const user = d.userId ? await this.dataSource.getRepository(UserEntity).findOne({ where: { id: d.userId } }) : null;
    if (!user) return { skip: 'the account was deleted' };
    if (!user.remindersEnabled) return { skip: 'reminders turned off' };
    const language = asLanguage(user.language);
    const ics = icsAttachment(event, this.config, language);
    const mail = eventReminderMail({
      to: user.email,
      name: user.name,
      language,
      event: mailEventOf(event, language),
      publicOrigin: this.config.publicOrigin,
      ics,
      stopRemindersUrl: this.stopPageUrl(user.id),
      now,
    });
    // The link in the text opens the site's page (which asks first); the header is the one-click POST target.
    return { ...mail, headers: { ...mail.headers, 'List-Unsubscribe': `<${this.stopApiUrl(user.id)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
  }

  private async composeCancelled(d: Delivery): Promise<MailMessage> {
    const p = d.payload as { title: string; startsAt: string; endsAt: string | null; location: string; name: string; language: string; wasWaiting: boolean };
    return eventCancelledMail({
      to: d.recipient,
      name: p.name,
      language: asLanguage(p.language),
      event: { id: d.eventId ?? '', title: p.title, startsAt: new Date(p.startsAt), endsAt: p.endsAt ? new Date(p.endsAt) : null, location: p.location },
      publicOrigin: this.config.publicOrigin,
      wasWaiting: !!p.wasWaiting,
    });
  }
}
