import { asLanguage } from '../i18n/languages';
import type { DataSource, EntityManager } from 'typeorm';
import type { AuditService } from '../audit/audit.service';
import type { Viewer } from '../common/access';
import type { Clock } from '../common/clock';
import { DomainError, notFound } from '../common/errors';
import type { Logger } from '../common/logger';
import { queryRows } from '../common/sql';
import { isUuid } from '../common/validate';
import type { Config } from '../config/env';
import { EventEntity } from '../events/event.entity';
import type { EventReminderSchedule } from '../events/event.service';
import type { JobQueue } from '../jobs/job-queue';
import { eventReminderMail } from './reminder.mail';
import type { Delivery, MailDeliveries } from '../mail/mail-deliveries';
import type { MailMessage } from '../mail/mail.service';
import { icsAttachment } from '../registrations/registration.ics';
import { mailEventOf } from '../events/event.mail';
import { registrantMeetingLinks, sessionLink } from '../meeting-links/registrant-meeting-link';
import { UserEntity } from '../users/user.entity';
import type { UserService } from '../users/user.service';
import type { SessionService } from '../sessions/session.service';
import { sessionMailEvent } from '../sessions/session-mail';

/** The one keyed job per event (key: the event id) that plans its reminders when their time comes. */
export const REMINDER_JOB = 'event-reminders';
/** The mail kind this service plans and composes. */
export const REMINDER_MAIL = 'reminder';

export const REMINDER_MESSAGES = {
  eventNotFound: 'Event not found',
  eventCancelled: 'This event has been cancelled.',
  eventStarted: 'This event has already started',
} as const;

type ReminderConfig = Pick<Config, 'publicOrigin' | 'mailFrom' | 'reminderLeadHours'>;

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * Event reminders.
 *
 * Reminders: every event that has not started and is not cancelled has ONE keyed job (`event-reminders`,
 * key = event id) due `REMINDER_LEAD_HOURS` before its start, (re)scheduled inside the transaction of
 * the event's create or update (so moving an event moves it) and removed when the event is cancelled or
 * deleted. When it runs, it checks again by the service clock and plans one `reminder` mail per person
 * who registered before that moment and has reminders on, keyed `reminder:{event}:{user}:{start}`: a
 * retried job or a second worker plans nothing new, and a moved event reminds once more, at its new time.
 * Cancelling an event is the events' (events/event-cancellation.ts); the person's choices (reminders on or
 * off, the stop link, their mails' language) are the users' (users/user.service.ts).
 */
export class ReminderService implements EventReminderSchedule {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly jobs: JobQueue,
    private readonly deliveries: MailDeliveries,
    private readonly audit: AuditService,
    private readonly config: ReminderConfig,
    private readonly logger: Logger,
    private readonly users: UserService,
    /** Reminders go out before each session. */
    private readonly sessions: SessionService,
  ) {
    jobs.define<{ eventId: string }>({ name: REMINDER_JOB, retryLimit: 5, retryDelaySeconds: 60, handle: (data) => this.runReminderJob(data.eventId) });
    deliveries.compose(REMINDER_MAIL, (d) => this.composeReminder(d));
  }

  get leadHours(): number {
    return this.config.reminderLeadHours;
  }

  /** When an event's reminders go out. */
  dueAt(startsAt: Date): Date {
    return new Date(new Date(startsAt).getTime() - this.config.reminderLeadHours * 3_600_000);
  }

  // ---------- scheduling (called by EventService inside its transactions) ----------

  /**
   * After an event is created or changed, in that transaction: its reminder job is due at the new
   * moment (replacing the pending one), or gone when it is cancelled or has started.
   */
  async scheduleFor(m: EntityManager, event: Pick<EventEntity, 'id' | 'startsAt' | 'cancelledAt'>): Promise<void> {
    const next = event.cancelledAt ? null : await this.nextStart(m, event.id, new Date(event.startsAt));
    if (!next) {
      await this.jobs.cancelPending(m, REMINDER_JOB, event.id);
      return;
    }
    await this.jobs.replace(m, REMINDER_JOB, event.id, { eventId: event.id }, await this.queueTime(m, this.dueAt(next)));
  }

  /** The start of the event's next session not yet begun (an event without session rows: its own start), or null. */
  private async nextStart(m: EntityManager, eventId: string, eventStart: Date): Promise<Date | null> {
    const now = this.clock.now();
    const [row] = await queryRows<{ next: Date | string | null; n: number | string }>(
      m,
      `SELECT min(starts_at) FILTER (WHERE starts_at > $2) AS next, count(*)::int AS n FROM event_sessions WHERE event_id = $1`,
      [eventId, now],
    );
    if (Number(row.n) > 0) return row.next ? new Date(row.next) : null;
    return eventStart.getTime() > now.getTime() ? eventStart : null;
  }

  /** The event is cancelled or deleted: no reminder any more. */
  async unschedule(m: EntityManager, eventId: string): Promise<void> {
    await this.jobs.cancelPending(m, REMINDER_JOB, eventId);
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
        WHERE e.cancelled_at IS NULL AND (e.starts_at > $1 OR EXISTS (SELECT 1 FROM event_sessions s WHERE s.event_id = e.id AND s.starts_at > $1))
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
      // Each session not yet begun whose reminder moment has come gets its mails; the job comes back for the next.
      const rows = await queryRows<{ id: string; starts_at: Date | string }>(m, `SELECT id, starts_at FROM event_sessions WHERE event_id = $1 ORDER BY position`, [eventId]);
      const starts = rows.length ? rows.map((r) => ({ id: r.id as string | null, startsAt: new Date(r.starts_at) })) : [{ id: null, startsAt: new Date(event.starts_at) }];
      const ahead = starts.filter((x) => x.startsAt.getTime() > now.getTime());
      let planned = 0;
      for (const session of ahead.filter((x) => this.dueAt(x.startsAt).getTime() <= now.getTime())) {
        const due = this.dueAt(session.startsAt);
        const people = await queryRows<{ id: string; email: string }>(
          m,
          `SELECT u.id, u.email FROM registrations r JOIN users u ON u.id = r.user_id
            WHERE r.event_id = $1 AND r.created_at < $2 AND u.reminders_enabled
            ORDER BY r.created_at, u.id`,
          [eventId, due],
        );
        // Keyed by the session's start: one mail per person and session, never twice; a moved session reminds once more.
        const start = session.startsAt.toISOString();
        planned += await this.deliveries.plan(
          m,
          people.map((p) => ({ key: `reminder:${eventId}:${p.id}:${start}`, kind: REMINDER_MAIL, userId: p.id, eventId, recipient: p.email, payload: { startsAt: start, ...(session.id ? { sessionId: session.id } : {}) } })),
        );
      }
      const next = ahead.find((x) => this.dueAt(x.startsAt).getTime() > now.getTime());
      if (next) await this.jobs.replace(m, REMINDER_JOB, eventId, { eventId }, await this.queueTime(m, this.dueAt(next.startsAt)));
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
      // Several sessions: the reminder is of the next one not yet begun.
      const next = await this.nextStart(m, eventId, new Date(event.starts_at));
      if (!next) throw new DomainError('EVENT_PAST', REMINDER_MESSAGES.eventStarted);
      const start = iso(next);
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

  /** For a registration confirmation: the reminder lead when a reminder will come (the person keeps reminders on, and its time is ahead), else null. */
  reminderLeadFor(remindersEnabled: boolean, event: Pick<EventEntity, 'startsAt' | 'cancelledAt'>): number | null {
    const willRemind = remindersEnabled && !event.cancelledAt && this.clock.now().getTime() < this.dueAt(event.startsAt).getTime();
    return willRemind ? this.config.reminderLeadHours : null;
  }

  // ---------- composing the mails (when the queue sends them) ----------

  private async composeReminder(d: Delivery): Promise<MailMessage | { skip: string }> {
    const event = d.eventId && isUuid(d.eventId) ? await this.dataSource.getRepository(EventEntity).findOne({ where: { id: d.eventId } }) : null;
    if (!event) return { skip: 'the event was deleted' };
    if (event.cancelledAt) return { skip: 'the event was cancelled' };
    const now = this.clock.now();
    const sessions = await this.sessions.sessionsOf([event]);
    const list = sessions.get(event.id) ?? [];
    // The session reminded of: the one starting at the planned time (a session since moved has its own reminder).
    const session = typeof d.payload.startsAt === 'string' ? list.find((s) => new Date(s.startsAt).toISOString() === d.payload.startsAt) : list[0];
    if (!session) return { skip: 'the event was moved (its new time has its own reminder)' };
    if (new Date(session.startsAt).getTime() <= now.getTime()) return { skip: 'the event has started' };
    const user = d.userId ? await this.dataSource.getRepository(UserEntity).findOne({ where: { id: d.userId } }) : null;
    if (!user) return { skip: 'the account was deleted' };
    if (!user.remindersEnabled) return { skip: 'reminders turned off' };
    const language = asLanguage(user.language);
    const links = await registrantMeetingLinks(this.dataSource, event, user.id);
    const ics = icsAttachment(event, this.config, language, { sessions: list, links });
    // The reminder of one session carries that session's link (its own, else the event's).
    const meetingLink = sessionLink(links, session.id);
    const mail = eventReminderMail({
      to: user.email,
      name: user.name,
      language,
      event: { ...sessionMailEvent(mailEventOf(event, language), list, session, language), meetingLink },
      publicOrigin: this.config.publicOrigin,
      ics,
      stopRemindersUrl: this.users.stopPageUrl(user.id),
      now,
    });
    // The link in the text opens the site's page (which asks first); the header is the one-click POST target.
    return { ...mail, headers: { ...mail.headers, 'List-Unsubscribe': `<${this.users.stopApiUrl(user.id)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
  }
}
