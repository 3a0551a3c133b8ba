import type { DataSource, EntityManager } from 'typeorm';
import type { AuditService } from '../audit/audit.service';
import type { Viewer } from '../common/access';
import type { Clock } from '../common/clock';
import { DomainError, notFound, validationError } from '../common/errors';
import { queryRows } from '../common/sql';
import { isUuid } from '../common/validate';
import type { Language } from '../i18n/languages';
import { formatAnswer, parseQuestionsInput, validateAnswers, type AnswerValue, type Answers, type Question } from './question-rules';
import { QuestionSetEntity } from './question-set.entity';

export const ANSWER_MESSAGES = {
  saved: 'Your answers are saved.',
  notRegistered: 'You are not registered for this event.',
  closed: 'Answers can be changed only until the event starts.',
  eventNotFound: 'Event not found',
  setNotFound: 'Question set not found',
  setSaved: 'Question set saved',
  setDeleted: 'Question set deleted',
} as const;

type Db = DataSource | EntityManager;

/** An answer as GraphQL shows it: one text value, or the values of a multiple choice. */
export interface AnswerShape {
  questionId: string;
  value: string | null;
  values: string[] | null;
  display: string;
}

/** GraphQL's typed answers ({ questionId, value | values }) as the rules' object ({ [questionId]: value }). */
export function answersFromInput(list: readonly { questionId: string; value?: string | null; values?: string[] | null }[] | null | undefined): Answers | undefined {
  if (!list) return undefined;
  const answers: Answers = {};
  for (const a of list) {
    const v = a.values ?? a.value;
    if (v !== null && v !== undefined) answers[a.questionId] = v;
  }
  return answers;
}

/** Answers sent as a JSON string (form and multipart bodies) are parsed; anything else is left to the rules. */
function parseJsonString(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  if (raw.trim() === '') return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/** Stored answers, in the questions' order, shaped for GraphQL and people (only current questions). */
export function answerShapes(questions: Question[], answers: Answers, lang: Language): AnswerShape[] {
  return questions
    .filter((q) => answers[q.id] !== undefined)
    .map((q) => {
      const v: AnswerValue = answers[q.id];
      return { questionId: q.id, value: Array.isArray(v) ? null : String(v), values: Array.isArray(v) ? v : null, display: formatAnswer(q, v, lang) };
    });
}

/**
 * Registration questions: an event's definitions, registrants' answers (checked by question-rules.ts,
 * written inside the registration's or the waiting list's transaction), editing them until the start, and
 * the admins' saved question sets.
 */
export class QuestionService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly audit: AuditService,
  ) {}

  /** An admin's question definitions (a list, or its JSON string from a multipart body), checked: 400 with fields `questions[i].field`. */
  parseDefinitions(raw: unknown): Question[] {
    const { value, errors } = parseQuestionsInput(raw);
    const fields = Object.keys(errors);
    if (fields.length) throw validationError(errors[fields[0]], errors);
    return value;
  }

  /** An event's questions ([] when it has none or does not exist: the caller answers for a missing event). */
  async questionsOf(db: Db, eventId: string): Promise<Question[]> {
    if (!isUuid(eventId)) return [];
    const [row] = await queryRows<{ questions: Question[] | null }>(db, `SELECT questions FROM events WHERE id = $1`, [eventId]);
    return row?.questions ?? [];
  }

  /**
   * Checks answers to an event's questions: the normalized answers, or 400 VALIDATION with a message per
   * question (fields `answers.<questionId>`), naming it in the request's language. None given is fine
   * where nothing is required.
   */
  async checkAnswers(db: Db, eventId: string, rawInput: unknown, lang: Language): Promise<Answers> {
    const raw = parseJsonString(rawInput);
    const questions = await this.questionsOf(db, eventId);
    if (!questions.length && (raw === undefined || raw === null || (typeof raw === 'object' && !Array.isArray(raw) && !Object.keys(raw).length))) return {};
    const { value, errors } = validateAnswers(questions, raw, lang);
    const ids = Object.keys(errors);
    if (ids.length) {
      const fields = Object.fromEntries(ids.map((id) => [id === 'answers' ? 'answers' : `answers.${id}`, errors[id]]));
      throw validationError(errors[ids[0]], fields);
    }
    return value;
  }

  /** Stores a new registration's answers, in its transaction. */
  async saveAnswers(m: EntityManager, eventId: string, userId: string, answers: Answers): Promise<void> {
    await m.query(`UPDATE registrations SET answers = $3::jsonb WHERE event_id = $1 AND user_id = $2`, [eventId, userId, JSON.stringify(answers)]);
  }

  /** Stores the answers given on joining a waiting list, in the join's transaction. */
  async saveWaitlistAnswers(m: EntityManager, entryId: string, answers: Answers): Promise<void> {
    if (Object.keys(answers).length) await m.query(`UPDATE waitlist_entries SET answers = $2::jsonb WHERE id = $1`, [entryId, JSON.stringify(answers)]);
  }

  /**
   * A place taken from the waiting list: the answers given on joining become the registration's (when it
   * has none), in the transaction that took the place. They are not checked again: questions changed since
   * are answered on 'My events'.
   */
  async carryWaitlistAnswers(m: EntityManager, eventId: string, userId: string): Promise<void> {
    await m.query(
      `UPDATE registrations r SET answers = w.answers
         FROM (SELECT answers FROM waitlist_entries WHERE event_id = $1 AND user_id = $2 AND answers <> '{}'::jsonb
               ORDER BY created_at DESC LIMIT 1) w
        WHERE r.event_id = $1 AND r.user_id = $2 AND r.answers = '{}'::jsonb`,
      [eventId, userId],
    );
  }

  /** The viewer's answers to each event (null where not registered): one query for a whole list. */
  async myAnswers(viewer: Viewer | null, eventIds: readonly string[]): Promise<(Answers | null)[]> {
    const ids = eventIds.filter(isUuid);
    if (!viewer || !ids.length) return eventIds.map(() => null);
    const rows = await queryRows<{ event_id: string; answers: Answers }>(this.dataSource, `SELECT event_id, answers FROM registrations WHERE user_id = $1 AND event_id = ANY($2::uuid[])`, [viewer.id, ids]);
    const byEvent = new Map(rows.map((r) => [r.event_id, r.answers ?? {}]));
    return eventIds.map((id) => byEvent.get(id) ?? null);
  }

  /** The viewer's registration answers to one event, with its questions and whether they can still be changed. */
  async myAnswersTo(viewer: Viewer, eventId: string): Promise<{ questions: Question[]; answers: Answers; editable: boolean }> {
    if (!isUuid(eventId)) throw notFound(ANSWER_MESSAGES.eventNotFound);
    const [row] = await queryRows<{ questions: Question[]; started: boolean; answers: Answers | null }>(
      this.dataSource,
      `SELECT e.questions, e.starts_at <= $3 AS started, r.answers
         FROM events e LEFT JOIN registrations r ON r.event_id = e.id AND r.user_id = $2
        WHERE e.id = $1`,
      [eventId, viewer.id, this.clock.now()],
    );
    if (!row) throw notFound(ANSWER_MESSAGES.eventNotFound);
    if (!row.answers) throw notFound(ANSWER_MESSAGES.notRegistered);
    return { questions: row.questions ?? [], answers: row.answers, editable: !row.started };
  }

  /** A registrant changes their answers: checked like at registration, until the event starts. */
  async updateMyAnswers(viewer: Viewer, eventId: string, raw: unknown, lang: Language): Promise<{ questions: Question[]; answers: Answers }> {
    if (!isUuid(eventId)) throw notFound(ANSWER_MESSAGES.eventNotFound);
    // The whole set replaces the old one: none sent is a mistake, not "remove them all" (send {} for that).
    if (raw === undefined || raw === null) throw validationError('Answers are required (send {} to clear them)', { answers: 'Answers are required' });
    return this.dataSource.transaction(async (m) => {
      const [event] = await queryRows<{ questions: Question[]; started: boolean }>(m, `SELECT questions, starts_at <= $2 AS started FROM events WHERE id = $1`, [eventId, this.clock.now()]);
      if (!event) throw notFound(ANSWER_MESSAGES.eventNotFound);
      const [registration] = await queryRows<{ id: string }>(m, `SELECT id FROM registrations WHERE event_id = $1 AND user_id = $2 FOR UPDATE`, [eventId, viewer.id]);
      if (!registration) throw notFound(ANSWER_MESSAGES.notRegistered);
      if (event.started) throw new DomainError('EVENT_PAST', ANSWER_MESSAGES.closed);
      const answers = await this.checkAnswers(m, eventId, raw, lang);
      await m.query(`UPDATE registrations SET answers = $2::jsonb WHERE id = $1`, [registration.id, JSON.stringify(answers)]);
      return { questions: event.questions ?? [], answers };
    });
  }

  /** Every registrant's answers to an event, by user id (admin: the registrations page, the CSV). */
  async registrantAnswers(eventId: string): Promise<Map<string, Answers>> {
    if (!isUuid(eventId)) return new Map();
    const rows = await queryRows<{ user_id: string; answers: Answers }>(this.dataSource, `SELECT user_id, answers FROM registrations WHERE event_id = $1`, [eventId]);
    return new Map(rows.map((r) => [r.user_id, r.answers ?? {}]));
  }

  // ---------- question sets (admin) ----------

  listSets(): Promise<QuestionSetEntity[]> {
    return this.dataSource.getRepository(QuestionSetEntity).find({ order: { name: 'ASC' } });
  }

  /** Saves a set; a set of the same name (case-insensitive) is replaced. */
  async saveSet(actor: Viewer | null, raw: unknown): Promise<QuestionSetEntity> {
    const input = (raw && typeof raw === 'object' ? raw : {}) as { name?: unknown; questions?: unknown };
    const name = typeof input.name === 'string' ? input.name.trim() : '';
    if (!name) throw validationError('Name is required', { name: 'Name is required' });
    if (name.length > 120) throw validationError('Name is too long (120 characters at most)', { name: 'Name is too long (120 characters at most)' });
    const questions = this.parseDefinitions(input.questions ?? []);
    if (!questions.length) throw validationError('A question set needs at least one question', { questions: 'A question set needs at least one question' });
    return this.dataSource.transaction(async (m) => {
      const repo = m.getRepository(QuestionSetEntity);
      const existing = await repo.createQueryBuilder('s').where('lower(s.name) = lower(:name)', { name }).setLock('pessimistic_write').getOne();
      const before = existing ? { ...existing } : null;
      const saved = await repo.save(existing ? Object.assign(existing, { name, questions }) : repo.create({ name, questions }));
      await this.audit.record(actor, { action: existing ? 'question-set.update' : 'question-set.create', entityType: 'question-set', entityId: saved.id, before, after: saved }, m);
      return saved;
    });
  }

  async deleteSet(actor: Viewer | null, id: string): Promise<QuestionSetEntity> {
    if (!isUuid(id)) throw notFound(ANSWER_MESSAGES.setNotFound);
    return this.dataSource.transaction(async (m) => {
      const repo = m.getRepository(QuestionSetEntity);
      const found = await repo.findOne({ where: { id } });
      if (!found) throw notFound(ANSWER_MESSAGES.setNotFound);
      await repo.delete({ id });
      await this.audit.record(actor, { action: 'question-set.delete', entityType: 'question-set', entityId: id, before: found, after: null }, m);
      return found;
    });
  }
}
