import { formatEventDate, formatEventTime, INDIA_OFFSET_MS, todayInIndia } from './format';

/** A moment (ISO date-time) as the calendar date (YYYY-MM-DD) and wall-clock time (HH:MM) in India. */
export function indiaParts(iso: string): { date: string; time: string } | null {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  return { date: todayInIndia(at), time: new Date(at.getTime() + INDIA_OFFSET_MS).toISOString().slice(11, 16) };
}

/** A moment's date in India, formatted for the language (long: with the weekday). */
export function formatMomentDate(iso: string, locale: string, style: 'short' | 'long' = 'long'): string {
  const parts = indiaParts(iso);
  return parts ? formatEventDate(parts.date, locale, style) : iso;
}

/** A moment's date and time in India, as separate formatted strings. */
export function formatMoment(iso: string, locale: string, style: 'short' | 'long' = 'long'): { date: string; time: string } {
  const parts = indiaParts(iso);
  if (!parts) return { date: iso, time: '' };
  return { date: formatEventDate(parts.date, locale, style), time: formatEventTime(parts.time, locale) };
}

/** The moment (ms since 1970) of a calendar date (YYYY-MM-DD) and wall-clock time (HH:MM) in India; NaN when malformed. */
export function indiaInstant(date: string, time = '00:00'): number {
  const d = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  const t = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!d || !t) return NaN;
  return Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2])) - INDIA_OFFSET_MS;
}

/** An event's times as the API gives them: start date and time, and the optional end date and time (India). */
export interface EventTimes {
  date: string;
  time: string;
  endDate?: string | null;
  endTime?: string | null;
}

/**
 * When an event is over (as the API's certificates read it): its end time on its end date (or its start
 * date); an end date alone is the end of that day; otherwise the end of its start day.
 */
export function eventEndsAt(event: EventTimes): number {
  if (event.endTime) return indiaInstant(event.endDate ?? event.date, event.endTime);
  return indiaInstant(event.endDate ?? event.date) + 24 * 3_600_000;
}

/** Before its start, between its start and its end ("happening now"), or over. */
export type EventPhase = 'before' | 'during' | 'after';

export function eventPhase(event: EventTimes, now: number): EventPhase {
  if (now < indiaInstant(event.date, event.time)) return 'before';
  return now < eventEndsAt(event) ? 'during' : 'after';
}

/**
 * The events of an upcoming list that are not over yet: the API's UPCOMING is by date (today and later), so an
 * event that ended earlier today would otherwise be listed under "Coming up" with a Past badge.
 */
export function notOver<T extends EventTimes>(events: readonly T[], now: number = Date.now()): T[] {
  return events.filter((event) => eventPhase(event, now) !== 'after');
}
