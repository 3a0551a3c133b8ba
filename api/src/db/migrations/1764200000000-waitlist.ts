import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The waiting list of a full event, with offers that expire: one row per time a person joins
 * (`waitlist_entries`, at most one live — waiting or offered — per event and person), how long an
 * event holds an offered place (`waitlist_offer_hours`), and the places held by live offers
 * (`offered_count`, kept by the registration ledger like `registered_count`). Held places count
 * against capacity: registered + offered never exceeds max_participants.
 */
export class Waitlist1764200000000 implements MigrationInterface {
  name = 'Waitlist1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE events ADD COLUMN waitlist_offer_hours int NOT NULL DEFAULT 24 CONSTRAINT events_waitlist_offer_hours CHECK (waitlist_offer_hours BETWEEN 1 AND 168)`);
    await q.query(`ALTER TABLE events ADD COLUMN offered_count int NOT NULL DEFAULT 0 CONSTRAINT events_offered_count CHECK (offered_count >= 0)`);
    await q.query(`ALTER TABLE events DROP CONSTRAINT events_capacity`);
    await q.query(`ALTER TABLE events ADD CONSTRAINT events_capacity CHECK (max_participants IS NULL OR registered_count + offered_count <= max_participants)`);
    await q.query(`
      CREATE TABLE waitlist_entries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        status varchar(10) NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'offered', 'accepted', 'expired', 'declined', 'left')),
        created_at timestamptz NOT NULL DEFAULT now(),
        offered_at timestamptz,
        offer_expires_at timestamptz,
        resolved_at timestamptz,
        CONSTRAINT waitlist_entries_offer CHECK (status <> 'offered' OR (offered_at IS NOT NULL AND offer_expires_at IS NOT NULL))
      )`);
    // One live entry per person and event; a person may join again after leaving or an expired offer.
    await q.query(`CREATE UNIQUE INDEX waitlist_entries_live ON waitlist_entries (event_id, user_id) WHERE status IN ('waiting', 'offered')`);
    // The queue: who is next, positions and counts of people waiting.
    await q.query(`CREATE INDEX waitlist_entries_queue ON waitlist_entries (event_id, created_at, id) WHERE status = 'waiting'`);
    // A person's live entries (their event pages; deleting the account).
    await q.query(`CREATE INDEX waitlist_entries_user ON waitlist_entries (user_id) WHERE status IN ('waiting', 'offered')`);
    // The admin's list of an event's waiting list, history included.
    await q.query(`CREATE INDEX waitlist_entries_event ON waitlist_entries (event_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE waitlist_entries`);
    await q.query(`ALTER TABLE events DROP CONSTRAINT events_capacity`);
    await q.query(`ALTER TABLE events ADD CONSTRAINT events_capacity CHECK (max_participants IS NULL OR registered_count <= max_participants)`);
    await q.query(`ALTER TABLE events DROP COLUMN offered_count`);
    await q.query(`ALTER TABLE events DROP COLUMN waitlist_offer_hours`);
  }
}
