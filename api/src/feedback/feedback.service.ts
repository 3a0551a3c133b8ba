import type { DataSource, EntityManager } from 'typeorm';
import type { AuditService } from '../audit/audit.service';
import type { Viewer } from '../common/access';
import type { Clock } from '../common/clock';
import { DomainError, notFound, validationError } from '../common/errors';
import type { Logger } from '../common/logger';
import { queryRows } from '../common/sql';
import { isUuid, validateInput } from '../common/validate';
import type { Config } from '../config/env';
import { eventEndsAt } from '../events/event-end';
import { EventEntity } from '../events/event.entity';
import { mailEventOf } from '../events/event.mail';
import type { EventReminderSchedule } from '../events/event.service';
import { asLanguage, type Language } from '../i18n/languages';
import type { JobQueue } from '../jobs/job-queue';
import type { Delivery, MailDeliveries } from '../mail/mail-deliveries';
import type { MailMessage } from '../mail/mail.service';
import { UserEntity } from '../users/user.entity';
import { toCsv } from '../exports/csv';
import { answerOut, answerText, checkAnswers, localizeQuestion, parseQuestions, storedQuestions, type FeedbackQuestion } from './feedback-questions';
import type { AnswerValue } from '../questions/question-rules';
import { FeedbackTokens } from './feedback-token';
import { feedbackRequestMail } from './feedback.mail';
import { FeedbackInput } from './feedback.types';

/** The one keyed job per event (key: the event id) that mails the feedback form to its attendees. */
export const FEEDBACK_JOB = 'event-feedback';
export const FEEDBACK_MAIL = 'feedback-request';
/** Answers can be given and changed until this long after the event's end. */
export const FEEDBACK_WINDOW_DAYS = 7;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const FEEDBACK_MESSAGES = {
  eventNotFound: 'Event not found',
  badLink: 'This feedback link is not valid. Please use the link in your e-mail, or answer from My events.',
  expired: 'Feedback for this event is closed: answers could be given until 7 days after it ended.',
  notYet: 'Feedback opens when the event has ended.',
  cancelled: 'This event was cancelled.',
  notAttendee: 'Only people who attended (were checked in) can give feedback on this event.',
  saved: 'Thank you! Your feedback is saved.',
  updated: 'Your feedback is updated.',
  questionsSaved: 'Feedback questions saved.',
} as const;

type FeedbackConfig = Pick<Config, 'jwtSecret' | 'publicOrigin'>;

interface EventRow {
  id: string;
  title: string;
  translations: Record<string, Record<string, string>> | null;
  date: string;
  end_date: string | null;
  end_time: string | null;
  cancelled_at: Date | null;
  feedback_delay_hours: number;
  feedback_questions: unknown;
}

export interface FeedbackResponseView {
  usefulness: number;
  overall: number;
  improve: string | null;
  answers: ReturnType<typeof answerOut>[];
  language: Language;
  createdAt: Date;
  updatedAt: Date;
}

export interface FeedbackFormView {
  eventId: string;
  eventTitle: string;
  eventEndsAt: Date;
  /** Answers can be given or changed until then. */
  editableUntil: Date;
  editable: boolean;
  questions: ReturnType<typeof localizeQuestion>[];
  response: FeedbackResponseView | null;
}

export interface RatingSummary {
  average: number | null;
  /** How many gave 1, 2, 3, 4 and 5 (index 0 is 1). */
  distribution: number[];
}

export interface FeedbackSummary {
  eventId: string;
  responses: number;
  attendees: number;
  /** responses / attendees, 0-1 (0 when nobody attended). */
  responseRate: number;
  averages: { usefulness: number | null; overall: number | null };
  usefulness: RatingSummary;
  overall: RatingSummary;
  comments: { text: string; language: Language; at: Date }[];
  questions: FeedbackQuestion[];
}

const iso = (d: Date | string) => new Date(d).toISOString();
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Feedback after an event.
 *
 * Every event that is not cancelled has ONE keyed job (`event-feedback`, key = event id) due
 * `feedback_delay_hours` after its end, (re)scheduled inside the transaction of the event's create or
 * update (through the event's schedule, like its reminder). When it runs it checks again by the service
 * clock and plans one mail per attendee (checked in) who has not answered yet, keyed
 * `feedback:{event}:{user}`: once per person, whatever retries or moves happen. The mail holds a signed
 * link (FeedbackTokens) to the public form; a signed-in attendee can answer from My events too. One
 * response per person (unique pair), editable until 7 days after the end.
 */
export class FeedbackService implements EventReminderSchedule {
  private readonly tokens: FeedbackTokens;

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly jobs: JobQueue,
    private readonly deliveries: MailDeliveries,
    private readonly audit: AuditService,
    private readonly config: FeedbackConfig,
    private readonly logger: Logger,
  ) {
    this.tokens = new FeedbackTokens(config.jwtSecret);
    jobs.define<{ eventId: string }>({ name: FEEDBACK_JOB, retryLimit: 5, retryDelaySeconds: 60, handle: (data) => this.runFeedbackJob(data.eventId) });
    deliveries.compose(FEEDBACK_MAIL, (d) => this.composeRequest(d));
  }

  // ---------- timing ----------

  private endOf(e: Pick<EventRow, 'date' | 'end_date' | 'end_time'>): Date {
    return eventEndsAt({ date: e.date, endDate: e.end_date, endTime: e.end_time });
  }

  private dueAt(e: EventRow): Date {
    return new Date(this.endOf(e).getTime() + (e.feedback_delay_hours ?? 2) * HOUR);
  }

  private closesAt(e: Pick<EventRow, 'date' | 'end_date' | 'end_time'>): Date {
    return new Date(this.endOf(e).getTime() + FEEDBACK_WINDOW_DAYS * DAY);
  }

  private async eventRow(m: DataSource | EntityManager, eventId: string, lock = ''): Promise<EventRow | null> {
    if (!isUuid(eventId)) return null;
    const [row] = await queryRows<EventRow>(
      m,
      `SELECT id, title, translations, to_char(date, 'YYYY-MM-DD') AS date, to_char(end_date, 'YYYY-MM-DD') AS end_date, end_time,
              cancelled_at, feedback_delay_hours, feedback_questions
         FROM events WHERE id = $1 ${lock}`,
      [eventId],
    );
    return row ?? null;
  }

  /** The queue runs on the database's clock: the remaining wait by the service clock, from the database's now (as reminders do). */
  private async queueTime(m: EntityManager, at: Date): Promise<Date> {
    const [{ now }] = await queryRows<{ now: Date | string }>(m, `SELECT now() AS now`);
    return new Date(new Date(now).getTime() + Math.max(0, at.getTime() - this.clock.now().getTime()));
  }

  // ---------- scheduling (inside the event's writes) ----------

  /** After an event is created or changed, in that transaction: its feedback job is due at the new moment, or gone when it is cancelled or its answers have closed. */
  async scheduleFor(m: EntityManager, event: Pick<EventEntity, 'id'>): Promise<void> {
    const e = await this.eventRow(m, event.id);
    if (!e || e.cancelled_at || this.closesAt(e).getTime() <= this.clock.now().getTime()) {
      await this.jobs.cancelPending(m, FEEDBACK_JOB, event.id);
      return;
    }
    await this.jobs.replace(m, FEEDBACK_JOB, event.id, { eventId: event.id }, await this.queueTime(m, this.dueAt(e)));
  }

  async unschedule(m: EntityManager, eventId: string): Promise<void> {
    await this.jobs.cancelPending(m, FEEDBACK_JOB, eventId);
  }

  /** Events whose answers are still open and that have no feedback job (written before feedback existed, or seeded): scheduled now. Run at start-up. */
  async scheduleMissing(): Promise<number> {
    const rows = await queryRows<{ id: string }>(
      this.dataSource,
      `SELECT e.id FROM events e
        WHERE e.cancelled_at IS NULL AND e.date >= ($1::date - 9)
          AND NOT EXISTS (SELECT 1 FROM pgboss.job j WHERE j.name = $2 AND j.singleton_key = e.id::text)`,
      [this.clock.now().toISOString().slice(0, 10), FEEDBACK_JOB],
    );
    let scheduled = 0;
    for (const { id } of rows) {
      await this.dataSource.transaction(async (m) => {
        const [job] = await queryRows(m, `SELECT 1 FROM pgboss.job WHERE name = $1 AND singleton_key = $2`, [FEEDBACK_JOB, id]);
        if (job) return;
        await this.scheduleFor(m, { id });
        scheduled++;
      });
    }
    return scheduled;
  }

  // ---------- the job ----------

  /** Gone, cancelled or closed → nothing; not yet due by the service clock → due again then; else one mail per attendee who has not answered. */
  async runFeedbackJob(eventId: string): Promise<void> {
    const now = this.clock.now();
    await this.dataSource.transaction(async (m) => {
      const e = await this.eventRow(m, eventId, 'FOR KEY SHARE');
      if (!e || e.cancelled_at) return;
      if (now.getTime() >= this.closesAt(e).getTime()) return;
      const due = this.dueAt(e);
      if (now.getTime() < due.getTime()) {
        await this.jobs.replace(m, FEEDBACK_JOB, eventId, { eventId }, await this.queueTime(m, due));
        return;
      }
      const people = await queryRows<{ id: string; email: string }>(
        m,
        `SELECT u.id, u.email FROM registrations r JOIN users u ON u.id = r.user_id
          WHERE r.event_id = $1 AND r.checked_in_at IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM event_feedback f WHERE f.event_id = r.event_id AND f.user_id = r.user_id)
          ORDER BY r.checked_in_at, u.id`,
        [eventId],
      );
      const planned = await this.deliveries.plan(
        m,
        people.map((p) => ({ key: `feedback:${eventId}:${p.id}`, kind: FEEDBACK_MAIL, userId: p.id, eventId, recipient: p.email })),
      );
      if (planned) this.logger.info('feedback mails planned', { eventId, planned });
    });
  }

  /** The link of one person's form (the public site's page; `?lang=hi` in Hindi). */
  formUrl(eventId: string, userId: string, closesAt: Date, language: Language): string {
    const token = this.tokens.sign(eventId, userId, closesAt);
    return `${this.config.publicOrigin.replace(/\/+$/, '')}/feedback/${encodeURIComponent(token)}${language === 'en' ? '' : `?lang=${language}`}`;
  }

  private async composeRequest(d: Delivery): Promise<MailMessage | { skip: string }> {
    const event = d.eventId && isUuid(d.eventId) ? await this.dataSource.getRepository(EventEntity).findOne({ where: { id: d.eventId } }) : null;
    if (!event) return { skip: 'the event was deleted' };
    if (event.cancelledAt) return { skip: 'the event was cancelled' };
    const e = { date: String(event.date).slice(0, 10), end_date: event.endDate ? String(event.endDate).slice(0, 10) : null, end_time: event.endTime };
    const closesAt = this.closesAt(e);
    if (this.clock.now().getTime() >= closesAt.getTime()) return { skip: 'feedback has closed' };
    const user = d.userId ? await this.dataSource.getRepository(UserEntity).findOne({ where: { id: d.userId } }) : null;
    if (!user) return { skip: 'the account was deleted' };
    const [answered] = await queryRows(this.dataSource, `SELECT 1 FROM event_feedback WHERE event_id = $1 AND user_id = $2`, [event.id, user.id]);
    if (answered) return { skip: 'already answered' };
    const language = asLanguage(user.language);
    return feedbackRequestMail({
      to: user.email,
      name: user.name,
      language,
      event: mailEventOf(event, language),
      publicOrigin: this.config.publicOrigin,
      formUrl: this.formUrl(event.id, user.id, closesAt, language),
      closesAt,
    });
  }

  // ---------- the person's form ----------

  private async personFor(token: unknown): Promise<{ eventId: string; userId: string }> {
    const check = typeof token === 'string' && token.length < 2000 ? this.tokens.verify(token, this.clock.now()) : ({ ok: false, reason: 'invalid' } as const);
    if (!check.ok) {
      if (check.reason === 'expired') throw new DomainError('CONFLICT', FEEDBACK_MESSAGES.expired);
      throw validationError(FEEDBACK_MESSAGES.badLink, { token: 'This link is not valid' });
    }
    return { eventId: check.eventId, userId: check.userId };
  }

  /** The event (not cancelled), its end, and that the person attended it; else the reason. */
  private async attendedEvent(m: DataSource | EntityManager, eventId: string, userId: string): Promise<EventRow> {
    const e = await this.eventRow(m, eventId);
    if (!e) throw notFound(FEEDBACK_MESSAGES.eventNotFound);
    if (e.cancelled_at) throw new DomainError('EVENT_CANCELLED', FEEDBACK_MESSAGES.cancelled);
    const [attended] = await queryRows(m, `SELECT 1 FROM registrations WHERE event_id = $1 AND user_id = $2 AND checked_in_at IS NOT NULL`, [eventId, userId]);
    if (!attended) throw new DomainError('FORBIDDEN', FEEDBACK_MESSAGES.notAttendee);
    return e;
  }

  private async form(eventId: string, userId: string, language: Language): Promise<FeedbackFormView> {
    const e = await this.attendedEvent(this.dataSource, eventId, userId);
    const endsAt = this.endOf(e);
    const closes = this.closesAt(e);
    const now = this.clock.now().getTime();
    const [r] = await queryRows<{ usefulness: number; overall: number; improve: string | null; answers: Record<string, AnswerValue>; language: string; created_at: Date; updated_at: Date }>(
      this.dataSource,
      `SELECT usefulness, overall, improve, answers, language, created_at, updated_at FROM event_feedback WHERE event_id = $1 AND user_id = $2`,
      [eventId, userId],
    );
    const title = (language !== 'en' && e.translations?.[language]?.title) || e.title;
    return {
      eventId,
      eventTitle: title,
      eventEndsAt: endsAt,
      editableUntil: closes,
      editable: now >= endsAt.getTime() && now < closes.getTime(),
      questions: this.questionsOf(e).map((q) => localizeQuestion(q, language)),
      response: r
        ? {
            usefulness: Number(r.usefulness),
            overall: Number(r.overall),
            improve: r.improve,
            answers: Object.entries(r.answers ?? {}).map(([questionId, value]) => answerOut(questionId, value)),
            language: asLanguage(r.language),
            createdAt: new Date(r.created_at),
            updatedAt: new Date(r.updated_at),
          }
        : null,
    };
  }

  private questionsOf(e: Pick<EventRow, 'feedback_questions'>): FeedbackQuestion[] {
    return storedQuestions(e.feedback_questions);
  }

  /** The form behind a mailed link: the event, its questions in the person's language, their answers if any. */
  async formByToken(token: unknown, language: Language): Promise<FeedbackFormView> {
    const { eventId, userId } = await this.personFor(token);
    return this.form(eventId, userId, language);
  }

  /** The same form for the signed-in person (My events). */
  async myForm(viewer: Viewer, eventId: string, language: Language): Promise<FeedbackFormView> {
    if (!isUuid(eventId)) throw notFound(FEEDBACK_MESSAGES.eventNotFound);
    return this.form(eventId, viewer.id, language);
  }

  async submitByToken(token: unknown, raw: unknown): Promise<{ message: string; form: FeedbackFormView }> {
    // The answers' shape first (a 400 on a field), then whose they are.
    const input = await validateInput(FeedbackInput, raw ?? {});
    const { eventId, userId } = await this.personFor(token);
    return this.submit(eventId, userId, input);
  }

  async submitMine(viewer: Viewer, eventId: string, raw: unknown): Promise<{ message: string; form: FeedbackFormView }> {
    const input = await validateInput(FeedbackInput, raw ?? {});
    if (!isUuid(eventId)) throw notFound(FEEDBACK_MESSAGES.eventNotFound);
    return this.submit(eventId, viewer.id, input);
  }

  /** One response per person: the first answer inserts it, later ones (until the window closes) change it. */
  private async submit(eventId: string, userId: string, input: FeedbackInput): Promise<{ message: string; form: FeedbackFormView }> {
    const now = this.clock.now();
    const language = asLanguage(input.language);
    const created = await this.dataSource.transaction(async (m) => {
      const e = await this.attendedEvent(m, eventId, userId);
      if (now.getTime() < this.endOf(e).getTime()) throw new DomainError('CONFLICT', FEEDBACK_MESSAGES.notYet);
      if (now.getTime() >= this.closesAt(e).getTime()) throw new DomainError('CONFLICT', FEEDBACK_MESSAGES.expired);
      const answers = checkAnswers(this.questionsOf(e), input.answers, language);
      const [row] = await queryRows<{ inserted: boolean }>(
        m,
        `INSERT INTO event_feedback (event_id, user_id, usefulness, overall, improve, answers, language, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $8)
         ON CONFLICT (event_id, user_id) DO UPDATE
           SET usefulness = EXCLUDED.usefulness, overall = EXCLUDED.overall, improve = EXCLUDED.improve,
               answers = EXCLUDED.answers, language = EXCLUDED.language, updated_at = EXCLUDED.updated_at
         RETURNING (xmax = 0) AS inserted`,
        [eventId, userId, input.usefulness, input.overall, input.improve || null, JSON.stringify(answers), language, now],
      );
      return !!row?.inserted;
    });
    return { message: created ? FEEDBACK_MESSAGES.saved : FEEDBACK_MESSAGES.updated, form: await this.form(eventId, userId, language) };
  }

  /** For My events: per event id, whether the signed-in person may answer now and whether they have. */
  async myStatuses(viewer: Viewer | null, eventIds: readonly string[]): Promise<({ open: boolean; answered: boolean; editableUntil: Date } | null)[]> {
    if (!viewer) return eventIds.map(() => null);
    const ids = eventIds.filter(isUuid);
    const rows = ids.length
      ? await queryRows<{ id: string; date: string; end_date: string | null; end_time: string | null; answered: boolean }>(
          this.dataSource,
          `SELECT e.id, to_char(e.date, 'YYYY-MM-DD') AS date, to_char(e.end_date, 'YYYY-MM-DD') AS end_date, e.end_time,
                  EXISTS (SELECT 1 FROM event_feedback f WHERE f.event_id = e.id AND f.user_id = $2) AS answered
             FROM events e JOIN registrations r ON r.event_id = e.id AND r.user_id = $2 AND r.checked_in_at IS NOT NULL
            WHERE e.id = ANY($1::uuid[]) AND e.cancelled_at IS NULL`,
          [ids, viewer.id],
        )
      : [];
    const now = this.clock.now().getTime();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return eventIds.map((id) => {
      const r = byId.get(id);
      if (!r) return null;
      const closes = this.closesAt(r);
      return { open: now >= this.endOf(r).getTime() && now < closes.getTime(), answered: !!r.answered, editableUntil: closes };
    });
  }

  // ---------- the admin's view ----------

  async summary(eventId: string): Promise<FeedbackSummary> {
    const e = await this.eventRow(this.dataSource, eventId);
    if (!e) throw notFound(FEEDBACK_MESSAGES.eventNotFound);
    const [counts] = await queryRows<{ attendees: number; responses: number; avg_use: string | null; avg_overall: string | null }>(
      this.dataSource,
      `SELECT (SELECT COUNT(*)::int FROM registrations WHERE event_id = $1 AND checked_in_at IS NOT NULL) AS attendees,
              COUNT(f.id)::int AS responses, AVG(f.usefulness) AS avg_use, AVG(f.overall) AS avg_overall
         FROM event_feedback f WHERE f.event_id = $1`,
      [eventId],
    );
    const dist = await queryRows<{ which: string; rating: number; n: number }>(
      this.dataSource,
      `SELECT 'usefulness' AS which, usefulness AS rating, COUNT(*)::int AS n FROM event_feedback WHERE event_id = $1 GROUP BY usefulness
       UNION ALL
       SELECT 'overall', overall, COUNT(*)::int FROM event_feedback WHERE event_id = $1 GROUP BY overall`,
      [eventId],
    );
    const distribution = (which: string) => [1, 2, 3, 4, 5].map((n) => Number(dist.find((d) => d.which === which && Number(d.rating) === n)?.n ?? 0));
    const comments = await queryRows<{ improve: string; language: string; updated_at: Date }>(
      this.dataSource,
      `SELECT improve, language, updated_at FROM event_feedback WHERE event_id = $1 AND improve IS NOT NULL AND improve <> '' ORDER BY updated_at DESC LIMIT 500`,
      [eventId],
    );
    const responses = Number(counts.responses);
    const attendees = Number(counts.attendees);
    const avgUse = counts.avg_use === null ? null : round2(Number(counts.avg_use));
    const avgOverall = counts.avg_overall === null ? null : round2(Number(counts.avg_overall));
    return {
      eventId,
      responses,
      attendees,
      responseRate: attendees ? round2(responses / attendees) : 0,
      averages: { usefulness: avgUse, overall: avgOverall },
      usefulness: { average: avgUse, distribution: distribution('usefulness') },
      overall: { average: avgOverall, distribution: distribution('overall') },
      comments: comments.map((c) => ({ text: c.improve, language: asLanguage(c.language), at: new Date(c.updated_at) })),
      questions: this.questionsOf(e),
    };
  }

  /** Every response as CSV: when, language, the two ratings, what to improve, and each extra question's answer. */
  async csv(eventId: string): Promise<string> {
    const e = await this.eventRow(this.dataSource, eventId);
    if (!e) throw notFound(FEEDBACK_MESSAGES.eventNotFound);
    const rows = await queryRows<{ name: string; email: string; usefulness: number; overall: number; improve: string | null; answers: Record<string, AnswerValue>; language: string; created_at: Date; updated_at: Date }>(
      this.dataSource,
      `SELECT u.name, u.email, f.usefulness, f.overall, f.improve, f.answers, f.language, f.created_at, f.updated_at
         FROM event_feedback f JOIN users u ON u.id = f.user_id WHERE f.event_id = $1 ORDER BY f.created_at, f.id`,
      [eventId],
    );
    type Row = (typeof rows)[number];
    return toCsv<Row>(rows, [
      { header: 'name', value: (r) => r.name },
      { header: 'email', value: (r) => r.email },
      { header: 'usefulness', value: (r) => r.usefulness },
      { header: 'overall', value: (r) => r.overall },
      { header: 'improve', value: (r) => r.improve ?? '' },
      ...this.questionsOf(e).map((q) => ({ header: q.label, value: (r: Row) => answerText(q, r.answers?.[q.id]) })),
      { header: 'language', value: (r) => r.language },
      { header: 'submittedAt', value: (r) => iso(r.created_at) },
      { header: 'updatedAt', value: (r) => iso(r.updated_at) },
    ]);
  }

  /** The event's extra questions (replacing the list). Answers already given to a removed question stay in the CSV's data but are no longer shown. */
  async setQuestions(actor: Viewer, eventId: string, raw: unknown): Promise<{ message: string; questions: FeedbackQuestion[] }> {
    if (!isUuid(eventId)) throw notFound(FEEDBACK_MESSAGES.eventNotFound);
    const questions = parseQuestions(raw);
    await this.dataSource.transaction(async (m) => {
      const e = await this.eventRow(m, eventId, 'FOR UPDATE');
      if (!e) throw notFound(FEEDBACK_MESSAGES.eventNotFound);
      await m.query(`UPDATE events SET feedback_questions = $2::jsonb WHERE id = $1`, [eventId, JSON.stringify(questions)]);
      await this.audit.record(actor, { action: 'event.feedback-questions', entityType: 'event', entityId: eventId, before: { questions: e.feedback_questions }, after: { questions } }, m);
    });
    return { message: FEEDBACK_MESSAGES.questionsSaved, questions };
  }
}
