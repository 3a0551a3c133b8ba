// Which session the door checks people in for by default: the one running now, else the next one today
// (India time, as the event's dates are), else the first — the API's own default (sessions/session-rules.ts).

export interface DoorSession {
  id: string;
  date: string;
  time: string;
  endTime?: string | null;
}

const INDIA_OFFSET_MS = 330 * 60_000;

/** Today's date and the time now in India, as YYYY-MM-DD and HH:MM. */
export function indiaNow(now: Date): { date: string; time: string } {
  const iso = new Date(now.getTime() + INDIA_OFFSET_MS).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

export function defaultSessionId(sessions: readonly DoorSession[], now: Date): string | undefined {
  if (!sessions.length) return undefined;
  const { date, time } = indiaNow(now);
  const today = sessions.filter((s) => s.date === date);
  const running = today.find((s) => s.time <= time && time < (s.endTime || '24:00'));
  const next = today.find((s) => s.time > time);
  return (running ?? next ?? sessions[0]).id;
}
