// Date, time and number formatting with Intl for the chosen language.
// Event dates are calendar dates (YYYY-MM-DD) and wall-clock times (HH:MM) in India; they are
// formatted in UTC so that the viewer's own time zone never shifts them.

export const INDIA_TIME_ZONE = 'Asia/Kolkata';

function parseDate(date: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!m) return null;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}

export function formatEventDate(date: string, locale: string, style: 'short' | 'long' = 'short'): string {
  const d = parseDate(date);
  if (!d) return date;
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    weekday: style === 'long' ? 'long' : 'short',
    day: 'numeric',
    month: style === 'long' ? 'long' : 'short',
    year: 'numeric',
  }).format(d);
}

export function formatEventTime(time: string, locale: string): string {
  const m = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!m) return time;
  const d = new Date(Date.UTC(1970, 0, 1, Number(m[1]), Number(m[2])));
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' }).format(d);
}

export function formatNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}

export function formatMonthYear(year: number, month: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
}

export function monthName(month: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'long' }).format(new Date(Date.UTC(2024, month - 1, 1)));
}

/** Short weekday names Sun..Sat. */
export function weekdayNames(locale: string, style: 'short' | 'long' = 'short'): string[] {
  // 2024-09-01 was a Sunday.
  return Array.from({ length: 7 }, (_, i) =>
    new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: style }).format(new Date(Date.UTC(2024, 8, 1 + i))),
  );
}

/** Today's calendar date in India as YYYY-MM-DD. */
/** The next midnight in India (UTC+05:30 all year, no daylight saving) after `now`. */
export function nextMidnightInIndia(now: Date = new Date()): Date {
  const today = parseDate(todayInIndia(now)) as Date; // todayInIndia always gives YYYY-MM-DD
  return new Date(today.getTime() + 24 * 3_600_000 - 330 * 60_000);
}

export function todayInIndia(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: INDIA_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
