import type { DataSource, EntityManager } from 'typeorm';
import type { Viewer } from '../common/access';
import { validationError } from '../common/errors';
import { queryRows } from '../common/sql';
import { isUuid } from '../common/validate';
import type { EventEntity } from '../events/event.entity';
import { EventSessionEntity } from './event-session.entity';
import { SESSION_MESSAGES, singleSession, toSessionView, type PlannedSession } from './session-rules';
import type { EventSessionView } from './session.types';

type EventDates = Pick<EventEntity, 'id' | 'date' | 'time' | 'endDate' | 'endTime'>;

/** How many sessions a registration attended (`r` a registrations row): its session rows, or 1 for a check-in made before sessions existed. */
export const ATTENDED_SESSIONS_SQL = (r: string) =>
  `GREATEST((SELECT count(*) FROM session_attendance sa WHERE sa.registration_id = ${r}.id), CASE WHEN ${r}.checked_in_at IS NOT NULL THEN 1 ELSE 0 END)`;
/** How many sessions the certificate needs at event `e` (K, or all N; at least 1). */
export const REQUIRED_SESSIONS_SQL = (e: string) =>
  `COALESCE(${e}.certificate_min_sessions, GREATEST((SELECT count(*) FROM event_sessions es WHERE es.event_id = ${e}.id), 1))`;
/** The certificate rule: registration `r` of event `e` attended at least K of its N sessions. */
export const ELIGIBLE_SQL = (r: string, e: string) => `(${r}.checked_in_at IS NOT NULL AND ${ATTENDED_SESSIONS_SQL(r)} >= ${REQUIRED_SESSIONS_SQL(e)})`;

export interface MySessionAttendance {
  sessionId: string;
  position: number;
  attended: boolean;
  checkedInAt: Date | null;
}

/**
 * An event's sessions and the attendance at each. The event service writes them in its own transactions
 * (`write`); readers get them for a whole list at once (`sessionsOf`). An event written behind the
 * service's back (seeds, old tests) has no rows: it reads as one session from its own start and end, and
 * the first check-in gives it that row (`ensure`).
 */
export class SessionService {
  constructor(private readonly dataSource: DataSource) {}

  /** Each event's sessions in order (one query for the list). */
  async sessionsOf(events: readonly EventDates[], manager?: EntityManager): Promise<Map<string, EventSessionView[]>> {
    const ids = events.map((e) => e.id).filter(isUuid);
    const rows = ids.length
      ? await (manager ?? this.dataSource.manager).getRepository(EventSessionEntity).createQueryBuilder('s').where('s.event_id IN (:...ids)', { ids }).orderBy('s.event_id').addOrderBy('s.position').getMany()
      : [];
    const byEvent = new Map<string, EventSessionView[]>();
    for (const row of rows) {
      const list = byEvent.get(row.eventId) ?? [];
      list.push(toSessionView(row));
      byEvent.set(row.eventId, list);
    }
    for (const e of events) if (!byEvent.has(e.id)) byEvent.set(e.id, [toSessionView({ id: e.id, eventId: e.id, position: 0, ...singleSession(dateFields(e)) })]);
    return byEvent;
  }

  /** The same by event id (GraphQL's loaders), in the order asked; unknown ids get none. */
  async sessionsOfIds(eventIds: readonly string[]): Promise<EventSessionView[][]> {
    const events = await this.eventDates(eventIds);
    const byEvent = await this.sessionsOf(events);
    return eventIds.map((id) => byEvent.get(id) ?? []);
  }

  /** The viewer's attendance by event id (GraphQL's loaders). */
  async myAttendanceOfIds(viewer: Viewer | null, eventIds: readonly string[]): Promise<(MySessionAttendance[] | null)[]> {
    if (!viewer) return eventIds.map(() => null);
    const events = await this.eventDates(eventIds);
    const mine = await this.myAttendance(viewer, events);
    const byId = new Map(events.map((e, i) => [e.id, mine[i]]));
    return eventIds.map((id) => byId.get(id) ?? null);
  }

  private async eventDates(eventIds: readonly string[]): Promise<EventDates[]> {
    const ids = eventIds.filter(isUuid);
    if (!ids.length) return [];
    return queryRows<EventDates>(
      this.dataSource,
      `SELECT id, to_char(date, 'YYYY-MM-DD') AS date, time, to_char(end_date, 'YYYY-MM-DD') AS "endDate", end_time AS "endTime" FROM events WHERE id = ANY($1::uuid[])`,
      [ids],
    );
  }

  async rowsOf(m: EntityManager, eventId: string): Promise<EventSessionEntity[]> {
    return m.getRepository(EventSessionEntity).find({ where: { eventId }, order: { position: 'ASC' } });
  }

  /**
   * Replaces an event's sessions (in the caller's transaction): a session given with its id keeps its
   * row and attendance; the others are new; sessions left out go, with their attendance.
   */
  async write(m: EntityManager, eventId: string, planned: PlannedSession[]): Promise<EventSessionEntity[]> {
    const repo = m.getRepository(EventSessionEntity);
    const current = await this.rowsOf(m, eventId);
    const known = new Set(current.map((s) => s.id));
    planned.forEach((p, i) => {
      if (p.id && !known.has(p.id)) throw validationError(SESSION_MESSAGES.unknownSession, { [`sessions.${i}.id`]: SESSION_MESSAGES.unknownSession });
    });
    const kept = new Set(planned.map((p) => p.id).filter(Boolean));
    const gone = current.filter((s) => !kept.has(s.id)).map((s) => s.id);
    if (gone.length) await repo.delete(gone);
    // Out of the way of (event_id, position) first: kept rows may swap places.
    await m.query(`UPDATE event_sessions SET position = -1 - position WHERE event_id = $1`, [eventId]);
    const saved: EventSessionEntity[] = [];
    for (const [position, p] of planned.entries()) {
      const fields = { eventId, position, startsAt: p.startsAt, endsAt: p.endsAt, title: p.title, titleHi: p.titleHi, location: p.location, locationHi: p.locationHi, meetingLink: p.meetingLink };
      saved.push(await repo.save(p.id ? { id: p.id, ...fields } : repo.create(fields)));
    }
    return saved;
  }

  /** The event's session rows, making its one session first when it has none (an event seeded without them). */
  async ensure(m: EntityManager, event: EventDates): Promise<EventSessionEntity[]> {
    const rows = await this.rowsOf(m, event.id);
    if (rows.length) return rows;
    const one = singleSession(dateFields(event));
    // Its id is the event's, the id it was read under until now (public answers and cached pages do not change).
    await m.query(`INSERT INTO event_sessions (id, event_id, position, starts_at, ends_at) VALUES ($1, $1, 0, $2, $3) ON CONFLICT DO NOTHING`, [event.id, one.startsAt, one.endsAt]);
    // Check-ins made before it had its row were at that one session (as the migration does).
    await m.query(
      `INSERT INTO session_attendance (registration_id, session_id, checked_in_at, checked_in_by)
       SELECT r.id, s.id, r.checked_in_at, r.checked_in_by FROM registrations r JOIN event_sessions s ON s.event_id = r.event_id AND s.position = 0
        WHERE r.event_id = $1 AND r.checked_in_at IS NOT NULL
       ON CONFLICT (registration_id, session_id) DO NOTHING`,
      [event.id],
    );
    return this.rowsOf(m, event.id);
  }

  /** Attendance at one session; once per person and session (the earliest time stands). Returns whether this call recorded it. */
  async recordAttendance(m: EntityManager, registrationId: string, sessionId: string, at: Date, by: string | null): Promise<{ recorded: boolean; checkedInAt: Date }> {
    const [row] = await queryRows<{ checked_in_at: Date; inserted: boolean }>(
      m,
      `INSERT INTO session_attendance (registration_id, session_id, checked_in_at, checked_in_by) VALUES ($1, $2, $3, $4)
       ON CONFLICT (registration_id, session_id) DO UPDATE SET checked_in_at = LEAST(session_attendance.checked_in_at, EXCLUDED.checked_in_at)
       RETURNING checked_in_at, (xmax = 0) AS inserted`,
      [registrationId, sessionId, at, by],
    );
    return { recorded: !!row.inserted, checkedInAt: new Date(row.checked_in_at) };
  }

  /** Undoes attendance at one session; whether there was one. */
  async clearAttendance(m: EntityManager, registrationId: string, sessionId: string): Promise<boolean> {
    const rows = await queryRows(m, `DELETE FROM session_attendance WHERE registration_id = $1 AND session_id = $2 RETURNING id`, [registrationId, sessionId]);
    return rows.length > 0;
  }

  /** How many sessions the registration still has attendance at. */
  async attendedCount(m: EntityManager, registrationId: string): Promise<number> {
    const [row] = await queryRows<{ n: number | string }>(m, `SELECT count(*)::int AS n FROM session_attendance WHERE registration_id = $1`, [registrationId]);
    return Number(row.n);
  }

  /** Per person registered for an event (user id), the sessions they attended (ids). */
  async attendedByUser(eventId: string): Promise<Map<string, string[]>> {
    const rows = await queryRows<{ user_id: string; session_id: string }>(
      this.dataSource,
      `SELECT r.user_id, sa.session_id FROM session_attendance sa JOIN registrations r ON r.id = sa.registration_id WHERE r.event_id = $1`,
      [eventId],
    );
    const out = new Map<string, string[]>();
    for (const r of rows) out.set(r.user_id, [...(out.get(r.user_id) ?? []), r.session_id]);
    return out;
  }

  /** The viewer's attendance at every session of each event (null where not registered): one query for a list. */
  async myAttendance(viewer: Viewer | null, events: readonly EventDates[]): Promise<(MySessionAttendance[] | null)[]> {
    if (!viewer || !events.length) return events.map(() => null);
    const sessions = await this.sessionsOf(events);
    const rows = await queryRows<{ event_id: string; session_id: string | null; checked_in_at: Date | string | null; reg_checked_in_at: Date | string | null }>(
      this.dataSource,
      `SELECT r.event_id, sa.session_id, sa.checked_in_at, r.checked_in_at AS reg_checked_in_at
         FROM registrations r LEFT JOIN session_attendance sa ON sa.registration_id = r.id
        WHERE r.user_id = $1 AND r.event_id = ANY($2::uuid[])`,
      [viewer.id, events.map((e) => e.id).filter(isUuid)],
    );
    const registered = new Map<string, { regAt: Date | null; at: Map<string, Date> }>();
    for (const r of rows) {
      const entry = registered.get(r.event_id) ?? { regAt: r.reg_checked_in_at ? new Date(r.reg_checked_in_at) : null, at: new Map<string, Date>() };
      if (r.session_id && r.checked_in_at) entry.at.set(r.session_id, new Date(r.checked_in_at));
      registered.set(r.event_id, entry);
    }
    return events.map((e) => {
      const mine = registered.get(e.id);
      if (!mine) return null;
      const list = sessions.get(e.id) ?? [];
      return list.map((s) => {
        // An event without session rows (seeded): its check-in is the one session's.
        const at = mine.at.get(s.id) ?? (list.length === 1 && !mine.at.size ? mine.regAt : null);
        return { sessionId: s.id, position: s.position, attended: at !== null && at !== undefined, checkedInAt: at ?? null };
      });
    });
  }
}

function dateFields(e: EventDates) {
  const date = typeof e.date === 'string' ? e.date : new Date(e.date as unknown as Date).toISOString().slice(0, 10);
  const endDate = e.endDate ? (typeof e.endDate === 'string' ? e.endDate : new Date(e.endDate as unknown as Date).toISOString().slice(0, 10)) : null;
  return { date, time: e.time, endDate, endTime: e.endTime };
}
