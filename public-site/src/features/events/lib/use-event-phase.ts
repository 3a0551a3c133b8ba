import { useEffect, useState } from 'react';
import { eventEndsAt, eventPhase, indiaInstant, type EventPhase, type EventTimes } from '@/lib/date-time';

/** Only a start or end within this long gets a timer: a page is not left open for days, and a list sets none. */
const WATCH_MS = 24 * 3_600_000;

/**
 * Whether the event is before its start, happening now or over, by the clock; it changes by itself at
 * the start and at the end when that comes within a day (one timer, none for other events).
 */
export function useEventPhase(event: EventTimes): EventPhase {
  const [now, setNow] = useState(() => Date.now());
  const phase = eventPhase(event, now);
  const next = phase === 'before' ? indiaInstant(event.date, event.time) : phase === 'during' ? eventEndsAt(event) : NaN;
  useEffect(() => {
    const wait = next - Date.now();
    if (!(wait <= WATCH_MS)) return; // NaN (over) or far away
    const timer = window.setTimeout(() => setNow(Date.now()), Math.max(0, wait) + 1000);
    return () => window.clearTimeout(timer);
  }, [next]);
  return phase;
}
