// Month layout of the Events Calendar: 7 columns Sun..Sat, week rows.

export type EventType = 'upcoming' | 'past' | 'all';
export const eventTypes: readonly EventType[] = ['upcoming', 'past', 'all'];
export type EventWhenValue = 'UPCOMING' | 'PAST' | 'ALL';

export interface DayCell {
  day: number;
  /** YYYY-MM-DD */
  date: string;
  count: number;
  isToday: boolean;
}

/** A week row of 7 cells; null is a blank outside the month. */
export type Week = (DayCell | null)[];

export interface DayCountInput {
  date: string;
  count: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function isoDate(year: number, month: number, day: number): string {
  return `${year}-${pad(month)}-${pad(day)}`;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** 0 = Sunday ... 6 = Saturday for the first day of the month (month 1-12). */
export function firstWeekday(year: number, month: number): number {
  return new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
}

/**
 * Weeks of a month: leading blanks before the first day, trailing blanks after the last, each
 * day carrying the count of its events (counts for other months are ignored).
 */
export function buildMonthGrid(
  year: number,
  month: number,
  counts: readonly DayCountInput[] = [],
  today?: string,
): Week[] {
  const countByDate = new Map<string, number>();
  for (const c of counts) {
    const key = c.date.slice(0, 10);
    countByDate.set(key, (countByDate.get(key) ?? 0) + c.count);
  }
  const cells: (DayCell | null)[] = Array.from({ length: firstWeekday(year, month) }, () => null);
  const total = daysInMonth(year, month);
  for (let day = 1; day <= total; day++) {
    const date = isoDate(year, month, day);
    cells.push({ day, date, count: countByDate.get(date) ?? 0, isToday: date === today });
  }
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: Week[] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** Year selector: two years before the current year through two after. */
export function yearOptions(currentYear: number): number[] {
  return [-2, -1, 0, 1, 2].map((d) => currentYear + d);
}

export function whenForType(type: EventType): EventWhenValue {
  return type === 'upcoming' ? 'UPCOMING' : type === 'past' ? 'PAST' : 'ALL';
}

export function isEventType(value: unknown): value is EventType {
  return typeof value === 'string' && (eventTypes as readonly string[]).includes(value);
}

/** In the all view a selected day narrows the list to that day; otherwise the list is unchanged. */
export function filterByDay<T extends { date: string }>(
  events: readonly T[],
  type: EventType,
  selectedDate: string | null,
): T[] {
  if (type !== 'all' || !selectedDate) return [...events];
  return events.filter((e) => e.date.slice(0, 10) === selectedDate);
}

/** Clicking the selected day again clears the selection. */
export function toggleDay(selected: string | null, clicked: string): string | null {
  return selected === clicked ? null : clicked;
}

/** Keep only events of the selected month and year (a guard in case the server sends more). */
export function inMonth<T extends { date: string }>(events: readonly T[], year: number, month: number): T[] {
  const prefix = `${year}-${pad(month)}-`;
  return events.filter((e) => e.date.startsWith(prefix));
}
