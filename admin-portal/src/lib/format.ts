// Dates and numbers. Event dates are calendar dates (YYYY-MM-DD) and wall-clock times (HH:MM) in
// India; they are formatted in UTC so that the viewer's own time zone never shifts them.
const LOCALE = 'en-IN';

function parseDate(date: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!m) return null;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}

export function formatEventDate(date: string): string {
  const d = parseDate(date);
  if (!d) return date;
  return new Intl.DateTimeFormat(LOCALE, { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(d);
}

/** An event's date as the public site's cards write it in their language ('Fri, 1 May 2030' / 'शुक्र, 1 मई 2030'). */
export function formatCardDate(date: string, locale: string): string {
  const d = parseDate(date);
  if (!d) return date;
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(d);
}

export function formatEventTime(time: string | null | undefined, locale: string = LOCALE): string {
  if (!time) return '';
  const m = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!m) return time;
  const d = new Date(Date.UTC(1970, 0, 1, Number(m[1]), Number(m[2])));
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' }).format(d);
}

/** A moment (ISO date-time) in India time. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALE, {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(d);
}

export function formatDay(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALE, { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric' }).format(d);
}

export function formatNumber(value: number): string {
  return new Intl.NumberFormat(LOCALE).format(value);
}

/** Whole days between a past moment and now (0 for today), never negative. */
export function daysAgo(iso: string, now: Date = new Date()): number {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return 0;
  return Math.max(0, Math.floor((now.getTime() - then) / 86_400_000));
}

/** A rate between 0 and 1 as a whole percentage ("64%"). */
export function formatPercent(rate: number): string {
  return new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 0 }).format(Number.isFinite(rate) ? rate : 0);
}
