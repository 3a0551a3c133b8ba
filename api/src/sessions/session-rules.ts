import { indiaDate, indiaInstant, INDIA_OFFSET_MINUTES } from '../common/clock';
import { validationError } from '../common/errors';
import type { Language } from '../i18n/languages';
import type { EventSessionEntity } from './event-session.entity';
import { MAX_SESSIONS, type EventSessionInput, type EventSessionView } from './session.types';

/** A session about to be written: its instants and its own text (null where it has none). */
export interface PlannedSession {
  id?: string;
  startsAt: Date;
  endsAt: Date | null;
  title: string | null;
  titleHi: string | null;
  location: string | null;
  locationHi: string | null;
  /** Its own meeting link (null: the event's stands). */
  meetingLink: string | null;
}

/** The events row's own start and end, kept as the first session's start and the last session's end. */
export interface EventSpan {
  date: string;
  time: string;
  endDate: string | null;
  endTime: string | null;
  startsAt: Date;
}

export const SESSION_MESSAGES = {
  atLeastOne: 'An event has at least one session',
  atMost: `An event has at most ${MAX_SESSIONS} sessions`,
  notList: 'Sessions must be a list of sessions (in a form: JSON text)',
  endAfterStart: 'The end must be after the start',
  order: 'Sessions must be in time order, each starting after the one before has ended',
  minSessions: (n: number) => `Sessions needed for a certificate must be a whole number from 1 to ${n} (the number of sessions)`,
  datesInSessions: 'This event has several sessions: change its dates in its sessions',
  unknownSession: 'This session is not one of this event\'s',
} as const;

/** HH:MM of an instant in India time. */
export function indiaTime(at: Date): string {
  return new Date(at.getTime() + INDIA_OFFSET_MINUTES * 60_000).toISOString().slice(11, 16);
}

/** `sessions` as a multipart form sends it (JSON text) or as JSON and GraphQL do (a list); other values are left for the validator to refuse. */
export function parseSessionsField<T>(raw: T): T {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const body = raw as Record<string, unknown>;
  if (typeof body.sessions !== 'string') return raw;
  try {
    return { ...body, sessions: JSON.parse(body.sessions) } as T;
  } catch {
    throw validationError(SESSION_MESSAGES.notList, { sessions: SESSION_MESSAGES.notList });
  }
}

const orNull = (s: string | undefined | null) => (s ? s : null);

/** Checked sessions (1..50, each ending after it starts, in order without overlap), with field-level messages (`sessions.2.time`). */
export function planSessions(input: EventSessionInput[]): PlannedSession[] {
  if (!input.length) throw validationError(SESSION_MESSAGES.atLeastOne, { sessions: SESSION_MESSAGES.atLeastOne });
  if (input.length > MAX_SESSIONS) throw validationError(SESSION_MESSAGES.atMost, { sessions: SESSION_MESSAGES.atMost });
  const planned = input.map((s, i) => {
    const startsAt = indiaInstant(s.date, s.time);
    const endsAt = s.endTime ? indiaInstant(s.date, s.endTime) : null;
    if (endsAt && endsAt.getTime() <= startsAt.getTime()) throw validationError(SESSION_MESSAGES.endAfterStart, { [`sessions.${i}.endTime`]: SESSION_MESSAGES.endAfterStart });
    return { id: s.id, startsAt, endsAt, title: orNull(s.title), titleHi: orNull(s.titleHi), location: orNull(s.location), locationHi: orNull(s.locationHi), meetingLink: orNull(s.meetingLink) };
  });
  for (let i = 1; i < planned.length; i++) {
    const before = planned[i - 1];
    if (planned[i].startsAt.getTime() < (before.endsAt ?? before.startsAt).getTime() || planned[i].startsAt.getTime() === before.startsAt.getTime()) {
      throw validationError(SESSION_MESSAGES.order, { [`sessions.${i}.time`]: SESSION_MESSAGES.order });
    }
  }
  const ids = planned.map((p) => p.id).filter(Boolean);
  if (new Set(ids).size !== ids.length) throw validationError(SESSION_MESSAGES.unknownSession, { sessions: SESSION_MESSAGES.unknownSession });
  return planned;
}

/** The one session of an event written the old way (date, time, end date and time). */
export function singleSession(event: { date: string; time: string; endDate: string | null; endTime: string | null }, keep?: Partial<PlannedSession>): PlannedSession {
  const startsAt = indiaInstant(event.date, event.time);
  const end = event.endTime ? indiaInstant(event.endDate ?? event.date, event.endTime) : null;
  return { title: null, titleHi: null, location: null, locationHi: null, meetingLink: null, ...keep, startsAt, endsAt: end && end.getTime() > startsAt.getTime() ? end : null };
}

/** The events row's start and end for its sessions (several sessions: from the first's start to the last's end). */
export function spanOf(sessions: PlannedSession[]): EventSpan {
  const first = sessions[0];
  const last = sessions[sessions.length - 1];
  const date = indiaDate(first.startsAt);
  const lastDate = indiaDate(last.startsAt);
  return {
    date,
    time: indiaTime(first.startsAt),
    endDate: lastDate !== date ? lastDate : null,
    endTime: last.endsAt ? indiaTime(last.endsAt) : null,
    startsAt: first.startsAt,
  };
}

/** K of N: an explicit K must be 1..N. */
export function assertMinSessions(min: number | null | undefined, count: number): void {
  if (min === null || min === undefined) return;
  if (!Number.isInteger(min) || min < 1 || min > count) throw validationError(SESSION_MESSAGES.minSessions(count), { certificateMinSessions: SESSION_MESSAGES.minSessions(count) });
}

/**
 * The session the door checks people in for by default: the one running now, else the next one today
 * (India date), else the first.
 */
export function defaultSession<T extends { startsAt: Date; endsAt: Date | null }>(sessions: T[], now: Date): T {
  const today = indiaDate(now);
  const t = now.getTime();
  const endOf = (s: T) => (s.endsAt ?? indiaInstant(indiaDate(new Date(s.startsAt.getTime() + 86_400_000)))).getTime();
  const running = sessions.find((s) => s.startsAt.getTime() <= t && t < endOf(s) && indiaDate(s.startsAt) === today);
  if (running) return running;
  const next = sessions.find((s) => s.startsAt.getTime() > t && indiaDate(s.startsAt) === today);
  return next ?? sessions[0];
}

/** A session row (or the event's own start and end, for an event written behind the service's back) as the API shows it. */
export function toSessionView(s: Pick<EventSessionEntity, 'id' | 'eventId' | 'position' | 'startsAt' | 'endsAt' | 'title' | 'titleHi' | 'location' | 'locationHi' | 'meetingLink'>): EventSessionView {
  const startsAt = new Date(s.startsAt);
  const endsAt = s.endsAt ? new Date(s.endsAt) : null;
  return {
    id: s.id,
    eventId: s.eventId,
    position: s.position,
    date: indiaDate(startsAt),
    time: indiaTime(startsAt),
    endTime: endsAt ? indiaTime(endsAt) : null,
    startsAt,
    endsAt,
    titleEn: s.title,
    titleHi: s.titleHi,
    locationEn: s.location,
    locationHi: s.locationHi,
    // Public, as Event.isOnline is: that it is online, never the link.
    isOnline: !!s.meetingLink,
  };
}

/**
 * Whether an event is online: its own meeting link, or any session's (a course whose sessions each have one).
 * The one rule REST and GraphQL answer `isOnline` by; the link itself stays for registrants and admins.
 */
export function isOnlineEvent(event: { isOnline: boolean }, sessions: readonly { isOnline: boolean }[]): boolean {
  return event.isOnline || sessions.some((s) => s.isOnline);
}

/** A session's own title and place in a language (English where it has no Hindi; null where it has none). */
export function sessionText(s: EventSessionView, lang: Language): { title: string | null; location: string | null } {
  return lang === 'hi' ? { title: s.titleHi ?? s.titleEn, location: s.locationHi ?? s.locationEn } : { title: s.titleEn, location: s.locationEn };
}

/** Hours between start and end of the sessions that have an end, to a quarter hour. */
export function hoursOf(sessions: { startsAt: Date; endsAt: Date | null }[]): number {
  const ms = sessions.reduce((sum, s) => sum + (s.endsAt ? new Date(s.endsAt).getTime() - new Date(s.startsAt).getTime() : 0), 0);
  return Math.round(ms / 900_000) / 4;
}
