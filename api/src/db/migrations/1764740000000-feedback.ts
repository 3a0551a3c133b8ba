import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Feedback after an event (issue 27 part 2): one response per person and event, editable for 7 days
 * after the event's end (the service enforces the window; the unique key enforces "one"). Extra answers
 * to the event's own feedback questions are kept as JSON keyed by question id. On `events`: how long
 * after its end the feedback mail goes to attendees, and the extra questions it asks.
 */
export class Feedback1764740000000 implements MigrationInterface {
  name = 'Feedback1764740000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE events ADD COLUMN feedback_delay_hours smallint NOT NULL DEFAULT 2`);
    await q.query(`ALTER TABLE events ADD COLUMN feedback_questions jsonb NOT NULL DEFAULT '[]'`);
    await q.query(`
      CREATE TABLE event_feedback (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        usefulness smallint NOT NULL CONSTRAINT event_feedback_usefulness CHECK (usefulness BETWEEN 1 AND 5),
        overall smallint NOT NULL CONSTRAINT event_feedback_overall CHECK (overall BETWEEN 1 AND 5),
        improve text,
        answers jsonb NOT NULL DEFAULT '{}',
        language varchar(2) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT event_feedback_event_user_unique UNIQUE (event_id, user_id)
      )`);
    // The admin's summary and the impact report read one event's (or many events') responses.
    await q.query(`CREATE INDEX event_feedback_event ON event_feedback (event_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE event_feedback`);
    await q.query(`ALTER TABLE events DROP COLUMN feedback_questions`);
    await q.query(`ALTER TABLE events DROP COLUMN feedback_delay_hours`);
  }
}
