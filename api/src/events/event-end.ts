import { indiaInstant } from '../common/clock';

const nextDay = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

/**
 * When an event is over: its end (end date and time) when set; an end date alone is the end of that
 * day; otherwise the end of its start day, all in India time. Event.hasEnded and the certificates'
 * "issued once the event has ended" both read it.
 */
export function eventEndsAt(event: { date: string; endDate: string | null; endTime: string | null }): Date {
  if (event.endTime) return indiaInstant(event.endDate ?? event.date, event.endTime);
  return indiaInstant(nextDay(event.endDate ?? event.date));
}
