import { boolean, nullable, object, string, uuid } from '../openapi/schema';
import type { RestContext } from '../rest/route';
import type { EventEntity } from '../events/event.entity';
import { sessionText } from './session-rules';

/** A session in the REST shape: its own title and place in the request's language, null where it has none. */
export interface RestSession {
  id: string;
  date: string;
  time: string;
  endTime: string | null;
  title: string | null;
  location: string | null;
  /** It has an online meeting of its own (public, as the event's isOnline; the link itself never here). */
  isOnline: boolean;
  /** GET /api/events/{id} for a registrant or an admin only (meeting-links/). */
  meetingLink?: string | null;
}

export const restSessionSchema = object({
  id: uuid(),
  date: string('Local (India) date, YYYY-MM-DD'),
  time: string('Local start time, HH:MM (24h)'),
  endTime: nullable(string('Local end time, HH:MM (null: none given)')),
  title: nullable(string("Its own title in the request's language (null: the event's title stands)")),
  location: nullable(string("Its own place in the request's language (null: the event's place)")),
  isOnline: boolean('It has an online meeting of its own (the link itself only for registrants and admins: meetingLink)'),
  meetingLink: nullable(string("GET /api/events/{id} only, and only for a caller registered for the event or an admin: this session's own online meeting (https), instead of the event's; null when it has none (the event's `meetingLink` stands). Absent for everyone else", { format: 'uri' })),
}, { optional: ['meetingLink'] });

/** Each event's sessions for the REST answer (one query for a list). */
export async function restSessions(ctx: RestContext, events: EventEntity[]): Promise<Map<string, RestSession[]>> {
  const byEvent = await ctx.services.sessions.sessionsOf(events);
  return new Map(
    [...byEvent].map(([id, list]) => [id, list.map((s) => ({ id: s.id, date: s.date, time: s.time, endTime: s.endTime, ...sessionText(s, ctx.lang), isOnline: s.isOnline }))]),
  );
}
