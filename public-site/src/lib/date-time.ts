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
