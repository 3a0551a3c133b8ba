import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A meeting link per session (a hybrid course where one session is online): `event_sessions.meeting_link`,
 * the session's own https address; null means the event's link (if any) stands for that session. Shown
 * by the same rule as the event's (meeting-links/): registrants and admins only.
 */
export class SessionMeetingLinks1764760000000 implements MigrationInterface {
  name = 'SessionMeetingLinks1764760000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE event_sessions ADD COLUMN meeting_link varchar(500)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE event_sessions DROP COLUMN meeting_link`);
  }
}
