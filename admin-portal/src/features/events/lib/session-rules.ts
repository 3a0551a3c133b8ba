// The event form's sessions: one row per session (empty list: a one-session event, made from the form's
// own date and time, as before), the K-of-N certificate rule, their checks and the API input.
import type { AdminEventSessionFieldsFragment, EventSessionInput } from '@/gql/graphql';
import { en } from '@/i18n/en';
import { isMeetingLink } from '@/features/online/meeting-link-field';

const v = en.sessions.validation;
export const MAX_SESSIONS = 50;

export interface SessionRow {
  /** An existing session (keeps its attendance); absent for a new one. */
  sessionId?: string;
  date: string;
  time: string;
  endTime: string;
  title: string;
  titleHi: string;
  location: string;
  locationHi: string;
  /** Its own online meeting (https); blank: the event's link stands. */
  meetingLink: string;
}

export const emptySessionRow = (date = '', time = ''): SessionRow => ({ date, time, endTime: '', title: '', titleHi: '', location: '', locationHi: '', meetingLink: '' });

/** An event's sessions as rows: none for a one-session event without its own title, place or link (the form's date and time are it). */
export function sessionRowsOf(e: Partial<AdminEventSessionFieldsFragment>): SessionRow[] {
  const sessions = e.sessions ?? [];
  const plain = sessions.length === 1 && !sessions[0].titleEn && !sessions[0].titleHi && !sessions[0].locationEn && !sessions[0].locationHi && !sessions[0].meetingLink;
  if (plain) return [];
  return sessions.map((s) => ({
    sessionId: s.id,
    date: s.date,
    time: s.time,
    endTime: s.endTime ?? '',
    title: s.titleEn ?? '',
    titleHi: s.titleHi ?? '',
    location: s.locationEn ?? '',
    locationHi: s.locationHi ?? '',
    meetingLink: s.meetingLink ?? '',
  }));
}

const startOf = (r: SessionRow) => `${r.date}T${r.time}`;
const endOf = (r: SessionRow) => `${r.date}T${r.endTime || r.time}`;

/** Field errors keyed as the form names them (`sessions.2.time`), and the K field's. */
export function validateSessions(rows: readonly SessionRow[], minSessions: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (rows.length > MAX_SESSIONS) errors.sessions = v.tooMany(MAX_SESSIONS);
  rows.forEach((r, i) => {
    if (!r.date) errors[`sessions.${i}.date`] = v.dateRequired;
    if (!r.time) errors[`sessions.${i}.time`] = v.timeRequired;
    else if (r.endTime && r.endTime <= r.time) errors[`sessions.${i}.endTime`] = v.endAfterStart;
    if (i > 0 && r.date && r.time && rows[i - 1].date && rows[i - 1].time && startOf(r) < endOf(rows[i - 1])) errors[`sessions.${i}.time`] = v.order;
    if (i > 0 && startOf(r) === startOf(rows[i - 1])) errors[`sessions.${i}.time`] = v.order;
    if (r.meetingLink?.trim() && !isMeetingLink(r.meetingLink.trim())) errors[`sessions.${i}.meetingLink`] = en.online.meetingLinkInvalid;
  });
  const k = minSessions.trim();
  const n = Math.max(rows.length, 1);
  if (k && !(/^\d+$/.test(k) && Number(k) >= 1 && Number(k) <= n)) errors.certificateMinSessions = v.minSessions(n);
  return errors;
}

/** The API's sessions input (undefined: a one-session event from the form's date and time). */
export function toSessionsInput(rows: readonly SessionRow[]): EventSessionInput[] | undefined {
  if (!rows.length) return undefined;
  return rows.map((r) => ({
    id: r.sessionId,
    date: r.date,
    time: r.time,
    endTime: r.endTime || undefined,
    title: r.title.trim() || undefined,
    titleHi: r.titleHi.trim() || undefined,
    location: r.location.trim() || undefined,
    locationHi: r.locationHi.trim() || undefined,
    meetingLink: r.meetingLink?.trim() || undefined,
  }));
}

export const minSessionsOf = (value: string): number | null => (value.trim() ? Number(value.trim()) : null);
