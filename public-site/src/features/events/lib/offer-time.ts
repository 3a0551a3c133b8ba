import { todayInIndia } from '@/lib/format';

/** India is UTC+05:30 all year (no daylight saving). */
const INDIA_OFFSET_MS = 330 * 60_000;

/**
 * A moment (ISO date-time) as the India calendar date (YYYY-MM-DD) and wall-clock time (HH:MM), the
 * shape the site formats event dates in: an offer's expiry then reads like the event's own start.
 */
export function indiaDateAndTime(iso: string): { date: string; time: string } | null {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  return { date: todayInIndia(at), time: new Date(at.getTime() + INDIA_OFFSET_MS).toISOString().slice(11, 16) };
}
