/** A clock the tests can move; services never call Date.now() directly. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class ManualClock implements Clock {
  constructor(private current = new Date()) {}
  now() {
    return new Date(this.current.getTime());
  }
  set(date: Date) {
    this.current = new Date(date.getTime());
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/** The organisation works in India (UTC+05:30, no daylight saving): "today" and event times are local. */
export const INDIA_OFFSET_MINUTES = 330;

export function indiaDate(at: Date): string {
  return new Date(at.getTime() + INDIA_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}

/** The instant at which a local India date (YYYY-MM-DD) and time (HH:MM) happen. */
export function indiaInstant(date: string, time = '00:00'): Date {
  return new Date(`${date}T${time}:00+05:30`);
}
