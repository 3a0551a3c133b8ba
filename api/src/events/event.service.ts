import { containsPattern } from '../common/sql';
import type { DataSource, EntityManager } from 'typeorm';
import type { AuditService } from '../audit/audit.service';
import type { Viewer } from '../common/access';
import { RegistrationEntity } from '../registrations/registration.entity';
import type { RegistrationLedger } from '../registrations/registration-ledger';
import { UserEntity } from '../users/user.entity';
import { indiaDate, indiaInstant, type Clock } from '../common/clock';
import { notFound, validationError } from '../common/errors';
import { topics, touched } from '../db/change-feed';
import { isUuid, validateInput } from '../common/validate';
import type { ImageService } from '../uploads/image.service';
import { imageUrls } from '../uploads/image-urls';
import type { EventCancellation } from './event-cancellation';
import { EventEntity } from './event.entity';
import { PageArgs } from '../common/page';
import { applyTranslationInput, lacksTranslationSql, translationMatchSql } from '../i18n/translations';
import { EVENT_TEXT_COLUMNS, eventText } from './event-text';
import { eventEndsAt } from './event-end';
import type { WebhookPlanner } from '../webhooks/webhook.service';
import type { QuestionService } from '../questions/question.service';
import type { Question } from '../questions/question-rules';
import { eventPayload } from '../webhooks/webhook-payloads';
import type { SessionService } from '../sessions/session.service';
import type { EventSessionView } from '../sessions/session.types';
import { assertMinSessions, parseSessionsField, planSessions, singleSession, spanOf, SESSION_MESSAGES, type PlannedSession } from '../sessions/session-rules';
import { SeriesApplyTo } from '../series/series-apply-to';
import { followingDates } from '../series/series-dates';
import { EVENT_TEXT, EventFilter, EventInput, EventOrder, EventTiming, EventUpdateInput, EventWhen, type DayCount, type EventView } from './event.types';

export const EVENT_NOT_FOUND = 'Event not found';
export const EVENT_CANCELLED = 'Event cancelled';
export const EVENT_ALREADY_CANCELLED = 'This event was already cancelled';

export interface CancelResult {
  event: EventEntity;
  /** False when the event was cancelled already (nothing changed, nobody mailed). */
  changed: boolean;
  /** How many cancellation mails were planned. */
  mailed: number;
  message: string;
}

/** An event's reminder job, kept in step with the event's writes, inside their transactions (reminders/). */
export interface EventReminderSchedule {
  /** Due at the event's (new) reminder moment, or gone when it is cancelled or has started. */
  scheduleFor(m: EntityManager, event: Pick<EventEntity, 'id' | 'startsAt' | 'cancelledAt'>): Promise<void>;
  /** No reminder any more (the event is cancelled or deleted). */
  unschedule(m: EntityManager, eventId: string): Promise<void>;
}

export interface EventListResult {
  items: EventEntity[];
  total: number;
  offset: number;
  limit: number;
}

function monthRange(year: number, month: number): [string, string] {
  const from = `${year}-${String(month).padStart(2, '0')}-01`;
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return [from, next];
}


/** Events: listing with the timing rules (upcoming, active, future, past by the India date), the calendar counts, admin writes and cancelling. */
export class EventService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly images: ImageService,
    private readonly audit: AuditService,
    /** Reminder scheduling, inside the event's writes. */
    private readonly reminders: EventReminderSchedule,
    /** Who is told of a cancellation (or a deletion before the start), and their mail. */
    private readonly cancellation: EventCancellation,
    /** Raising the capacity offers the new places to the waiting list. */
    private readonly ledger: RegistrationLedger,
    /** event.created, event.updated and event.cancelled webhooks, planned in the same transactions. */
    private readonly webhooks: WebhookPlanner,
    /** The event's sessions, written in its transactions; the row's start and end follow the first and last. */
    private readonly sessions: SessionService,
    /** Checks the registration questions an admin writes (questions/question-rules.ts). */
    private readonly questions: Pick<QuestionService, 'parseDefinitions'>,
  ) {}

  private get repo() {
    return this.dataSource.getRepository(EventEntity);
  }

  today(): string {
    return indiaDate(this.clock.now());
  }

  async list(rawFilter: unknown = {}, rawPage: unknown = {}): Promise<EventListResult> {
    const filter = await validateInput(EventFilter, rawFilter ?? {});
    const page = await validateInput(PageArgs, rawPage ?? {});
    const limit = page.limit;
    const qb = this.repo.createQueryBuilder('e');
    this.applyFilter(qb, filter);
    const when = filter.when ?? EventWhen.ALL;
    if (filter.order === EventOrder.UPCOMING_FIRST) {
      // Today and later first, soonest first; then earlier events, latest first (one signed sort key per group).
      qb.orderBy('CASE WHEN e.date >= :orderToday THEN 0 ELSE 1 END', 'ASC')
        .addOrderBy('CASE WHEN e.date >= :orderToday THEN EXTRACT(EPOCH FROM e.starts_at) ELSE -EXTRACT(EPOCH FROM e.starts_at) END', 'ASC')
        .addOrderBy('e.id', 'ASC')
        .setParameter('orderToday', this.today());
    } else {
      const dir = when === EventWhen.PAST ? 'DESC' : 'ASC';
      qb.orderBy('e.date', dir).addOrderBy('e.time', dir).addOrderBy('e.id', 'ASC');
    }
    qb.offset(page.offset).limit(limit);
    const [items, total] = await qb.getManyAndCount();
    return { items, total, offset: page.offset, limit };
  }

  private applyFilter(qb: ReturnType<EventService['repo']['createQueryBuilder']>, filter: EventFilter): void {
    const today = this.today();
    switch (filter.when ?? EventWhen.ALL) {
      case EventWhen.UPCOMING: qb.andWhere('e.date >= :today', { today }); break;
      case EventWhen.ACTIVE: qb.andWhere('e.date = :today', { today }); break;
      case EventWhen.FUTURE: qb.andWhere('e.date > :today', { today }); break;
      case EventWhen.PAST: qb.andWhere('e.date < :today', { today }); break;
      default: break;
    }
    if (filter.year !== undefined && filter.month !== undefined) {
      const [from, to] = monthRange(filter.year, filter.month);
      qb.andWhere('e.date >= :from AND e.date < :to', { from, to });
    } else if (filter.year !== undefined) {
      qb.andWhere('e.date >= :from AND e.date < :to', { from: `${filter.year}-01-01`, to: `${filter.year + 1}-01-01` });
    } else if (filter.month !== undefined) {
      qb.andWhere('EXTRACT(MONTH FROM e.date) = :month', { month: filter.month });
    }
    if (filter.category) qb.andWhere('e.category = :category', { category: filter.category });
    if (filter.search) {
      const pattern = containsPattern(filter.search);
      qb.andWhere(`(e.title ILIKE :pattern OR e.speaker ILIKE :pattern OR e.id::text ILIKE :pattern OR ${translationMatchSql('e', ['title', 'speaker'], 'pattern')})`, { pattern });
    }
    if (filter.missingLanguage) qb.andWhere(lacksTranslationSql('e', EVENT_TEXT, EVENT_TEXT_COLUMNS, 'missingLanguage'), { missingLanguage: filter.missingLanguage });
  }

  /** One grouped query: how many events fall on each day of a month. */
  async countsByDay(year: number, month: number, when: EventWhen = EventWhen.ALL, category?: string): Promise<DayCount[]> {
    const filter = await validateInput(EventFilter, { year, month, when, category });
    const qb = this.repo.createQueryBuilder('e').select(`to_char(e.date, 'YYYY-MM-DD')`, 'date').addSelect('COUNT(*)::int', 'count');
    this.applyFilter(qb, filter);
    const rows = await qb.groupBy('e.date').orderBy('e.date', 'ASC').getRawMany<{ date: string; count: number }>();
    return rows.map((r) => ({ date: r.date, count: Number(r.count) }));
  }

  async get(id: string, manager?: EntityManager): Promise<EventEntity> {
    if (!isUuid(id)) throw notFound(EVENT_NOT_FOUND);
    const event = await (manager ?? this.dataSource.manager).getRepository(EventEntity).findOne({ where: { id } });
    if (!event) throw notFound(EVENT_NOT_FOUND);
    return event;
  }

  /** The event's sessions in order (one for a single-session event). */
  async sessionsOf(event: EventEntity): Promise<EventSessionView[]> {
    return (await this.sessions.sessionsOf([event])).get(event.id) ?? [];
  }

  /**
   * An event's sessions moved by whole days, for another date of its series (each keeps its time, title and
   * place and link); undefined for a one-session event with nothing of its own, whose one session follows the
   * new date and time.
   */
  async sessionsShifted(m: EntityManager, eventId: string, days: number): Promise<PlannedSession[] | undefined> {
    const rows = await this.sessions.rowsOf(m, eventId);
    // One with its own title, place or link is copied like several (it was lost on every later date before).
    const ownFields = (r: (typeof rows)[number]) => r.title || r.titleHi || r.location || r.locationHi || r.meetingLink;
    if (rows.length === 0 || (rows.length === 1 && !ownFields(rows[0]))) return undefined;
    const shift = (at: Date | null) => (at ? new Date(new Date(at).getTime() + days * 86_400_000) : null);
    return rows.map((r) => ({ startsAt: shift(r.startsAt)!, endsAt: shift(r.endsAt), title: r.title, titleHi: r.titleHi, location: r.location, locationHi: r.locationHi, meetingLink: r.meetingLink }));
  }

  /** Admin create; the image is a just-uploaded file or the key of one uploaded earlier (POST /api/uploads). */
  async create(actor: Viewer | null, rawInput: unknown, image?: Buffer): Promise<EventEntity> {
    const input = await validateInput(EventInput, parseSessionsField(rawInput));
    // With sessions, the row's date, time and end are theirs (first start, last end).
    const sessions = input.sessions ? planSessions(input.sessions) : null;
    if (sessions) Object.assign(input, spanOf(sessions));
    const questions = input.questions === undefined ? [] : this.questions.parseDefinitions(input.questions);
    this.assertEndAfterStart(input.date, input.time, input.endDate ?? null, input.endTime ?? null);
    const planned = sessions ?? [singleSession({ date: input.date, time: input.time, endDate: input.endDate ?? null, endTime: input.endTime ?? null })];
    assertMinSessions(input.certificateMinSessions, planned.length);
    if (!image && input.imageKey) await this.images.assertUsableKey(input.imageKey);
    const imageKey = image ? await this.images.save(image) : input.imageKey ?? null;
    try {
      return await this.dataSource.transaction((m) =>
        this.insert(
          m,
          actor,
          {
            title: input.title,
            description: input.description,
            category: input.category,
            date: input.date,
            time: input.time,
            endDate: input.endDate ?? null,
            endTime: input.endTime ?? null,
            location: input.location,
            externalLink: input.externalLink ?? null,
            maxParticipants: input.maxParticipants ?? null,
            waitlistOfferHours: input.waitlistOfferHours ?? 24,
            feedbackDelayHours: input.feedbackDelayHours ?? 2,
            speaker: input.speaker ?? null,
            translations: applyTranslationInput({}, input, EVENT_TEXT),
            imageKey,
            meetingLink: input.meetingLink ?? null,
            certificateMinSessions: input.certificateMinSessions ?? null,
            questions,
          },
          planned,
        ),
      );
    } catch (err) {
      if (image && imageKey) await this.images.remove(imageKey);
      throw err;
    }
  }

  /**
   * Saves a new event inside `m` with everything a new event brings: its audit entry, its reminder, the
   * public cache's topics and the event.created webhook (create, and the dates a series repeat adds).
   */
  async insert(m: EntityManager, actor: Viewer | null, fields: Omit<Partial<EventEntity>, 'startsAt'> & Pick<EventEntity, 'date' | 'time'>, sessions?: PlannedSession[]): Promise<EventEntity> {
    const repo = m.getRepository(EventEntity);
    const saved = await repo.save(repo.create({ ...fields, startsAt: indiaInstant(fields.date, fields.time) }));
    // Its sessions before its reminders, which go out per session.
    await this.sessions.write(m, saved.id, sessions ?? [singleSession({ date: fields.date, time: fields.time, endDate: fields.endDate ?? null, endTime: fields.endTime ?? null })]);
    await this.audit.record(actor, { action: 'event.create', entityType: 'event', entityId: saved.id, before: null, after: saved }, m);
    await this.reminders.scheduleFor(m, saved);
    touched(m, topics.events, topics.event(saved.id));
    await this.webhooks.plan(m, 'event.created', eventPayload(saved));
    return saved;
  }

  async update(actor: Viewer | null, id: string, rawInput: unknown, image?: Buffer): Promise<{ before: EventEntity; after: EventEntity }> {
    const input = await validateInput(EventUpdateInput, parseSessionsField(rawInput ?? {}));
    const sessions = input.sessions ? planSessions(input.sessions) : null;
    const questions = input.questions === undefined || input.questions === null ? undefined : this.questions.parseDefinitions(input.questions);
    await this.get(id);
    if (!image && input.imageKey) await this.images.assertUsableKey(input.imageKey);
    const newKey = image ? await this.images.save(image) : undefined;
    const oldKeys: (string | null)[] = [];
    let result: { before: EventEntity; after: EventEntity };
    try {
      result = await this.dataSource.transaction(async (m) => {
        const one = await this.updateIn(m, actor, id, input, newKey, { sessions, questions });
        oldKeys.push(one.oldKey);
        // "This and the following ones": the later dates of its series take the changed fields, keeping their own
        // dates (and so their own sessions).
        if (input.applyTo === SeriesApplyTo.FOLLOWING && one.before.seriesId) {
          const { date: _date, endDate: _endDate, applyTo: _applyTo, sessions: _sessions, ...shared } = input;
          for (const nextId of await followingDates(m, one.before)) oldKeys.push((await this.updateIn(m, actor, nextId, shared, newKey, { sessions: null, questions }, true)).oldKey);
        }
        return { before: one.before, after: one.after };
      });
    } catch (err) {
      // Rolled back: the stored row still names the old image; only the just-uploaded file goes.
      if (newKey) await this.images.remove(newKey);
      throw err;
    }
    // Committed: the replaced image's files go, unless another record uses the same key.
    await this.images.releaseUnused(this.dataSource, oldKeys);
    return result;
  }

  /** One event's edit inside `m` (update, and each date of "this and the following ones"). */
  private async updateIn(
    m: EntityManager,
    actor: Viewer | null,
    id: string,
    input: Omit<EventUpdateInput, 'applyTo'>,
    newKey: string | undefined,
    parsed: { sessions: PlannedSession[] | null; questions: Question[] | undefined },
    inSeries = false,
  ) {
    let oldKey: string | null = null;
    const event = await m.getRepository(EventEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!event) throw notFound(EVENT_NOT_FOUND);
    const before = { ...event };
    const set = <K extends keyof EventEntity>(key: K, value: EventEntity[K] | undefined) => {
      if (value !== undefined) event[key] = value;
    };
    set('title', input.title);
    set('description', input.description);
    set('category', input.category);
    set('date', input.date);
    set('time', input.time);
    set('location', input.location);
    set('questions', parsed.questions);
    if (input.endDate !== undefined) event.endDate = input.endDate || null;
    if (input.endTime !== undefined) event.endTime = input.endTime || null;
    if (input.externalLink !== undefined) event.externalLink = input.externalLink || null;
    if (input.speaker !== undefined) event.speaker = input.speaker || null;
    if (input.meetingLink !== undefined) event.meetingLink = input.meetingLink || null;
    event.translations = applyTranslationInput(event.translations ?? {}, input, EVENT_TEXT);
    if (input.maxParticipants !== undefined) event.maxParticipants = input.maxParticipants ?? null;
    if (input.waitlistOfferHours !== undefined) event.waitlistOfferHours = input.waitlistOfferHours;
    if (input.feedbackDelayHours !== undefined) event.feedbackDelayHours = input.feedbackDelayHours;
    const free = this.ledger.placesFree(event);
    if (free !== null && free < 0) {
      const taken = event.offeredCount ? `${event.registeredCount + event.offeredCount} places already taken (registered, or held for people from the waiting list)` : `${event.registeredCount} people already registered`;
      throw validationError(`Max participants cannot be below the ${taken}${inSeries ? ` (the date ${event.date} of the series)` : ''}`, { maxParticipants: 'Too low' });
    }
    if (input.certificateMinSessions !== undefined) event.certificateMinSessions = input.certificateMinSessions ?? null;
    const planned = await this.plannedSessions(m, event, before, parsed.sessions);
    this.assertEndAfterStart(event.date, event.time, event.endDate, event.endTime);
    event.startsAt = indiaInstant(event.date, event.time);
    if (newKey) event.imageKey = newKey;
    else if (input.imageKey !== undefined) event.imageKey = input.imageKey || null;
    if (event.imageKey !== before.imageKey) oldKey = before.imageKey;
    const after = await m.getRepository(EventEntity).save(event);
    await this.sessions.write(m, id, planned);
    await this.audit.record(actor, { action: 'event.update', entityType: 'event', entityId: id, before, after }, m);
    // Moving the event moves its reminder (one keyed job).
    await this.reminders.scheduleFor(m, after);
    touched(m, topics.events, topics.event(id));
    await this.webhooks.plan(m, 'event.updated', eventPayload(after));
    // Moved earlier: no place offered from the waiting list is held past the new start.
    if (after.startsAt.getTime() < new Date(before.startsAt).getTime()) await this.ledger.endOffersBy(m, id, after.startsAt);
    // More places (or no limit any more): the waiting list is offered them, in this transaction.
    if (after.maxParticipants === null ? before.maxParticipants !== null : before.maxParticipants !== null && after.maxParticipants > before.maxParticipants) {
      await this.ledger.capacityRaised(m, id);
    }
    return { before, after, oldKey };
  }

  async delete(actor: Viewer | null, id: string): Promise<EventEntity> {
    await this.get(id);
    const event = await this.dataSource.transaction(async (m) => {
      const found = await m.getRepository(EventEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!found) throw notFound(EVENT_NOT_FOUND);
      // Before the registrations cascade away: no reminder, and the registrants told (once) if it has not
      // started (the same keys as cancel's, so a cancelled event deleted later mails nobody again).
      await this.reminders.unschedule(m, id);
      if (new Date(found.startsAt).getTime() > this.clock.now().getTime()) await this.cancellation.plan(m, found);
      // Its waiting list closes (the people waiting were told in that mail): no offer job runs for it.
      await this.ledger.closeWaitlist(m, id, this.clock.now());
      await m.getRepository(EventEntity).delete({ id });
      await this.audit.record(actor, { action: 'event.delete', entityType: 'event', entityId: id, before: found, after: null }, m);
      touched(m, topics.events, topics.event(id));
      return found;
    });
    await this.images.releaseUnused(this.dataSource, [event.imageKey]);
    return event;
  }

  /**
   * An admin cancels an event: once (again changes nothing and mails nobody). Registration closes, the
   * reminder job goes, and before the start the registrants and people waiting are mailed.
   */
  async cancel(actor: Viewer | null, id: string): Promise<CancelResult> {
    if (!isUuid(id)) throw notFound(EVENT_NOT_FOUND);
    const now = this.clock.now();
    return this.dataSource.transaction(async (m) => {
      const repo = m.getRepository(EventEntity);
      const event = await repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!event) throw notFound(EVENT_NOT_FOUND);
      if (event.cancelledAt) return { event, changed: false, mailed: 0, message: EVENT_ALREADY_CANCELLED };
      const before = { ...event };
      event.cancelledAt = now;
      const after = await repo.save(event);
      await this.reminders.unschedule(m, id);
      const mailed = event.startsAt.getTime() > now.getTime() ? await this.cancellation.plan(m, event) : 0;
      // The waiting list closes: no count shown, no offer made; the people waiting were told in the mail just planned.
      await this.ledger.closeWaitlist(m, id, now);
      await this.audit.record(actor, { action: 'event.cancel', entityType: 'event', entityId: id, before, after: { ...after, mailed } }, m);
      touched(m, topics.events, topics.event(id));
      await this.webhooks.plan(m, 'event.cancelled', eventPayload(after));
      return { event: after, changed: true, mailed, message: EVENT_CANCELLED };
    });
  }

  /** The users registered for an event (admin view), in registration order. */
  async registeredUsers(eventId: string): Promise<UserEntity[]> {
    await this.get(eventId);
    return this.dataSource
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .innerJoin(RegistrationEntity, 'r', 'r.user_id = u.id AND r.event_id = :eventId', { eventId })
      .leftJoinAndSelect('u.primaryUser', 'pu')
      .leftJoinAndSelect('u.createdBy', 'cb')
      .orderBy('r.created_at', 'ASC')
      .addOrderBy('u.id', 'ASC')
      .getMany();
  }

  /**
   * An edit's sessions: those given (the row's start and end follow them); else, for a one-session event,
   * that session follows the row's (possibly changed) date and time, keeping its own title and place. A
   * several-session event's dates change only through its sessions. K stays within 1..N.
   */
  private async plannedSessions(m: EntityManager, event: EventEntity, before: EventEntity, given: PlannedSession[] | null): Promise<PlannedSession[]> {
    const current = await this.sessions.rowsOf(m, event.id);
    let planned: PlannedSession[];
    if (given) {
      Object.assign(event, spanOf(given));
      planned = given;
    } else if (current.length > 1) {
      const moved = (['date', 'time', 'endDate', 'endTime'] as const).find((k) => (event[k] ?? null) !== (before[k] ?? null));
      if (moved) throw validationError(SESSION_MESSAGES.datesInSessions, { [moved]: SESSION_MESSAGES.datesInSessions });
      planned = current;
    } else {
      const [one] = current;
      planned = [singleSession(event, one ? { id: one.id, title: one.title, titleHi: one.titleHi, location: one.location, locationHi: one.locationHi, meetingLink: one.meetingLink } : {})];
    }
    assertMinSessions(event.certificateMinSessions, planned.length);
    return planned;
  }

  private assertEndAfterStart(date: string, time: string, endDate: string | null, endTime: string | null): void {
    if (!endDate && !endTime) return;
    const start = indiaInstant(date, time);
    const end = indiaInstant(endDate ?? date, endTime ?? (endDate ? '23:59' : time));
    if (end < start) throw validationError('The end must not be before the start', { endDate: 'The end must not be before the start' });
  }

  /** The GraphQL view of an event; computed fields use the service clock. */
  toView(e: EventEntity): EventView {
    const now = this.clock.now();
    const today = indiaDate(now);
    const date = typeof e.date === 'string' ? e.date : indiaDate(e.date as unknown as Date);
    const free = this.ledger.placesFree(e);
    return {
      id: e.id,
      text: eventText(e),
      questionDefs: e.questions ?? [],
      date,
      time: e.time,
      endDate: e.endDate,
      endTime: e.endTime,
      startsAt: e.startsAt,
      category: e.category,
      externalLink: e.externalLink,
      maxParticipants: e.maxParticipants,
      ...imageUrls(e.imageKey),
      registeredCount: e.registeredCount,
      offeredCount: e.offeredCount ?? 0,
      // Places held for people from the waiting list are taken too.
      isFull: free !== null && free <= 0,
      waitlistOfferHours: e.waitlistOfferHours ?? 24,
      feedbackDelayHours: e.feedbackDelayHours ?? 2,
      isUpcoming: date >= today,
      hasStarted: e.startsAt.getTime() <= now.getTime(),
      hasEnded: eventEndsAt({ date, endDate: e.endDate, endTime: e.endTime }).getTime() <= now.getTime(),
      timing: date > today ? EventTiming.UPCOMING : date === today ? EventTiming.ACTIVE : EventTiming.PAST,
      cancelled: !!e.cancelledAt,
      cancelledAt: e.cancelledAt ?? null,
      certificateMinSessions: e.certificateMinSessions ?? null,
      createdAt: e.createdAt,
      seriesId: e.seriesId ?? null,
      isOnline: !!e.meetingLink,
    };
  }
}
