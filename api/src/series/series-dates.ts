import { MoreThan, IsNull, type EntityManager } from 'typeorm';
import { EventEntity } from '../events/event.entity';

/** At most this many dates in one series (the first included): a year of weekly meetings. */
export const MAX_SERIES_DATES = 52;

const MS_DAY = 86_400_000;
const toUtc = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const daysInMonth = (year: number, monthIndex: number) => new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();

/** `date` plus `days` days (YYYY-MM-DD, calendar arithmetic). */
export const addDays = (date: string, days: number) => fromUtc(toUtc(date) + days * MS_DAY);
/** Whole days from `a` to `b`. */
export const daysBetween = (a: string, b: string) => Math.round((toUtc(b) - toUtc(a)) / MS_DAY);

/**
 * The `n`-th monthly date after `date`: the same day of the month, or the month's last day when it has
 * fewer days (31 January → 28/29 February → 31 March: always counted from the first date, never drifting).
 */
export function addMonths(date: string, n: number): string {
  const year = Number(date.slice(0, 4));
  const monthIndex = Number(date.slice(5, 7)) - 1 + n;
  const y = year + Math.floor(monthIndex / 12);
  const m = ((monthIndex % 12) + 12) % 12;
  const day = Math.min(Number(date.slice(8, 10)), daysInMonth(y, m));
  return `${y}-${String(m + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The `n`-th date of a series repeating `date` (n = 1 is the first repeat). */
export const nthDate = (date: string, frequency: 'weekly' | 'monthly', n: number) => (frequency === 'weekly' ? addDays(date, 7 * n) : addMonths(date, n));

/** The dates after `event` in its series ("this and the following ones"), not cancelled, soonest first. */
export async function followingDates(m: EntityManager, event: Pick<EventEntity, 'seriesId' | 'startsAt' | 'id'>): Promise<string[]> {
  if (!event.seriesId) return [];
  const rows = await m.getRepository(EventEntity).find({
    select: { id: true },
    where: { seriesId: event.seriesId, startsAt: MoreThan(new Date(event.startsAt)), cancelledAt: IsNull() },
    order: { startsAt: 'ASC', id: 'ASC' },
  });
  return rows.map((r) => r.id).filter((id) => id !== event.id);
}
