import type { DataSource } from 'typeorm';
import type { Viewer } from '../common/access';
import { conflict, notFound, validationError } from '../common/errors';
import { isUuid, validateInput } from '../common/validate';
import { indiaDate, type Clock } from '../common/clock';
import { EventEntity } from '../events/event.entity';
import { topics, touched } from '../db/change-feed';
import { EVENT_NOT_FOUND, type EventService } from '../events/event.service';
import { EventSeriesEntity } from './event-series.entity';
import { addDays, daysBetween, MAX_SERIES_DATES, nthDate } from './series-dates';
import { RepeatEventInput } from './series.types';

export interface RepeatResult {
  series: EventSeriesEntity;
  /** The dates created, soonest first (the repeated event not included). */
  events: EventEntity[];
}

/** The two-year horizon of "until": a series is a term's or a year's meetings, not an open-ended one. */
const MAX_UNTIL_DAYS = 2 * 366;

/**
 * Series: an admin repeats an event weekly or monthly; each date becomes its own event (its own
 * registrations, capacity, reminder), linked by `series_id`. Edits of "this and the following ones" are
 * EventService.update's (`applyTo`); deleting or cancelling one date leaves the others.
 */
export class SeriesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly events: EventService,
  ) {}

  /** The dates after `date` that a rule gives, checked against the cap; a clear 400 naming the field otherwise. */
  datesFor(date: string, input: RepeatEventInput): string[] {
    if ((input.until === undefined) === (input.count === undefined)) {
      const message = 'Give either an end date (until) or a number of dates (count)';
      throw validationError(message, { until: message, count: message });
    }
    if (input.count !== undefined) return Array.from({ length: input.count - 1 }, (_, i) => nthDate(date, input.frequency, i + 1));
    const until = input.until!;
    if (until <= date) throw validationError('Until must be after the event date', { until: 'Until must be after the event date' });
    if (daysBetween(date, until) > MAX_UNTIL_DAYS) throw validationError('Until must be within two years of the event', { until: 'Until must be within two years of the event' });
    const dates: string[] = [];
    for (let n = 1; ; n++) {
      const next = nthDate(date, input.frequency, n);
      if (next > until) break;
      dates.push(next);
      if (dates.length + 1 > MAX_SERIES_DATES) {
        const message = `A series has at most ${MAX_SERIES_DATES} dates; choose an earlier end date`;
        throw validationError(message, { until: message });
      }
    }
    if (!dates.length) throw validationError('No date repeats before that end date', { until: 'No date repeats before that end date' });
    return dates;
  }

  /** Repeats an event: the series row, this event linked to it, and one new event per date, in one transaction. */
  async repeat(actor: Viewer | null, eventId: string, rawInput: unknown): Promise<RepeatResult> {
    const input = await validateInput(RepeatEventInput, rawInput ?? {});
    if (!isUuid(eventId)) throw notFound(EVENT_NOT_FOUND);
    return this.dataSource.transaction(async (m) => {
      const source = await m.getRepository(EventEntity).findOne({ where: { id: eventId }, lock: { mode: 'pessimistic_write' } });
      if (!source) throw notFound(EVENT_NOT_FOUND);
      if (source.seriesId) throw conflict('This event is already part of a series');
      if (source.cancelledAt) throw conflict('A cancelled event cannot be repeated');
      const date = typeof source.date === 'string' ? source.date : indiaDate(source.date as unknown as Date);
      const dates = this.datesFor(date, input);
      const series = await m.getRepository(EventSeriesEntity).save(
        m.getRepository(EventSeriesEntity).create({ frequency: input.frequency, until: input.until ?? null, count: input.count ?? null }),
      );
      await m.getRepository(EventEntity).update({ id: source.id }, { seriesId: series.id });
      // Its public answers now name the series.
      touched(m, topics.events, topics.event(source.id));
      // A multi-day event keeps its length on every date.
      const length = source.endDate ? daysBetween(date, source.endDate) : null;
      const created: EventEntity[] = [];
      for (const next of dates) {
        // A several-session event keeps its sessions' pattern on every date (India has no daylight saving).
        const sessions = await this.events.sessionsShifted(m, source.id, daysBetween(date, next));
        created.push(
          await this.events.insert(
            m,
            actor,
            {
            title: source.title,
            description: source.description,
            category: source.category,
            date: next,
            time: source.time,
            endDate: length === null ? null : addDays(next, length),
            endTime: source.endTime,
            location: source.location,
            externalLink: source.externalLink,
            maxParticipants: source.maxParticipants,
            waitlistOfferHours: source.waitlistOfferHours,
            speaker: source.speaker,
            translations: source.translations,
            imageKey: source.imageKey,
            meetingLink: source.meetingLink,
            seriesId: series.id,
            certificateMinSessions: source.certificateMinSessions,
            questions: source.questions,
            feedbackDelayHours: source.feedbackDelayHours,
            feedbackQuestions: source.feedbackQuestions,
          },
            sessions,
          ),
        );
      }
      return { series, events: created };
    });
  }

  /** The other dates of an event's series from today on (cancelled ones included, marked so), soonest first. */
  async otherDates(event: Pick<EventEntity, 'id' | 'seriesId'>): Promise<EventEntity[]> {
    if (!event.seriesId) return [];
    return this.dataSource
      .getRepository(EventEntity)
      .createQueryBuilder('e')
      .where('e.series_id = :seriesId AND e.id <> :id AND e.date >= :today', { seriesId: event.seriesId, id: event.id, today: indiaDate(this.clock.now()) })
      .orderBy('e.starts_at', 'ASC')
      .addOrderBy('e.id', 'ASC')
      .limit(MAX_SERIES_DATES)
      .getMany();
  }
}
