import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Events with several sessions. `event_sessions` holds each session's start and end (the end is null
 * when the event never had an end time: it ends with its day) and optional title and place per
 * language; every existing event gets one session from its own start and end. `session_attendance`
 * is attendance per session; every existing check-in becomes attendance at its event's only session.
 * `events.certificate_min_sessions`: the certificate's "attended at least K of N" (null: all of them);
 * certificates keep how many sessions and hours the person attended.
 */
export class EventSessions1764700000000 implements MigrationInterface {
  name = 'EventSessions1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE event_sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
        position int NOT NULL,
        starts_at timestamptz NOT NULL,
        ends_at timestamptz,
        title varchar(200),
        title_hi varchar(200),
        location varchar(200),
        location_hi varchar(200),
        CONSTRAINT event_sessions_position UNIQUE (event_id, position),
        CONSTRAINT event_sessions_end_after_start CHECK (ends_at IS NULL OR ends_at > starts_at)
      )`);
    await q.query(`
      CREATE TABLE session_attendance (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        registration_id uuid NOT NULL REFERENCES registrations(id) ON DELETE CASCADE,
        session_id uuid NOT NULL REFERENCES event_sessions(id) ON DELETE CASCADE,
        checked_in_at timestamptz NOT NULL,
        checked_in_by uuid REFERENCES users(id) ON DELETE SET NULL,
        CONSTRAINT session_attendance_once UNIQUE (registration_id, session_id)
      )`);
    await q.query(`CREATE INDEX session_attendance_session ON session_attendance (session_id)`);
    await q.query(`ALTER TABLE events ADD COLUMN certificate_min_sessions int`);
    // What a certificate says of the sessions (snapshot at issue; null on those issued before sessions existed).
    await q.query(`ALTER TABLE certificates ADD COLUMN sessions_attended int, ADD COLUMN sessions_total int, ADD COLUMN hours_attended numeric(7,2)`);
    // The end as the events row says it (India time, UTC+05:30, no daylight saving) when it has an end time;
    // otherwise null (the event ends with its day, as events/event-end.ts reads it). An end not after the
    // start (old rows allowed it) is dropped.
    await q.query(`
      INSERT INTO event_sessions (event_id, position, starts_at, ends_at)
      SELECT id, 0, starts_at, CASE WHEN ends_at > starts_at THEN ends_at END
        FROM (SELECT e.id, e.starts_at,
                     CASE WHEN e.end_time IS NOT NULL
                       THEN ((COALESCE(e.end_date, e.date)::text || ' ' || e.end_time)::timestamp - interval '330 minutes') AT TIME ZONE 'UTC'
                     END AS ends_at
                FROM events e) AS x`);
    // Every check-in so far was at the event's only session.
    await q.query(`
      INSERT INTO session_attendance (registration_id, session_id, checked_in_at, checked_in_by)
      SELECT r.id, s.id, r.checked_in_at, r.checked_in_by
        FROM registrations r JOIN event_sessions s ON s.event_id = r.event_id AND s.position = 0
       WHERE r.checked_in_at IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE certificates DROP COLUMN sessions_attended, DROP COLUMN sessions_total, DROP COLUMN hours_attended`);
    await q.query(`ALTER TABLE events DROP COLUMN certificate_min_sessions`);
    await q.query(`DROP TABLE session_attendance`);
    await q.query(`DROP TABLE event_sessions`);
  }
}
