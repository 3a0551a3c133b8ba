import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Series and online events. `event_series` keeps the rule an admin repeated an event by (weekly or
 * monthly, until a date or for a count); each date is its own event (its own registrations and
 * capacity), linked by `events.series_id`. Deleting one date leaves the others; deleting the series row
 * (never done by the API today) would unlink them. `events.meeting_link`: the online meeting's https
 * address, shown only to registrants and admins (meeting-links/).
 */
export class SeriesOnline1764720000000 implements MigrationInterface {
  name = 'SeriesOnline1764720000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE event_series (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        frequency varchar(10) NOT NULL CONSTRAINT event_series_frequency CHECK (frequency IN ('weekly', 'monthly')),
        until date,
        count int,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`ALTER TABLE events ADD COLUMN series_id uuid REFERENCES event_series(id) ON DELETE SET NULL`);
    await q.query(`ALTER TABLE events ADD COLUMN meeting_link varchar(500)`);
    // The other dates of a series, in order.
    await q.query(`CREATE INDEX events_series ON events (series_id, starts_at) WHERE series_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX events_series`);
    await q.query(`ALTER TABLE events DROP COLUMN meeting_link`);
    await q.query(`ALTER TABLE events DROP COLUMN series_id`);
    await q.query(`DROP TABLE event_series`);
  }
}
