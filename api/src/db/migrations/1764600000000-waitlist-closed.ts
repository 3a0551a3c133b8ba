import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A cancelled event's waiting list is closed (RegistrationLedger.closeWaitlist): its live entries become
 * 'closed' and the places their offers held are given back. Events cancelled before this change get the
 * same; going down turns 'closed' entries into 'left' (the status the old code knows that offers nothing).
 */
export class WaitlistClosed1764600000000 implements MigrationInterface {
  name = 'WaitlistClosed1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE waitlist_entries DROP CONSTRAINT IF EXISTS waitlist_entries_status_check`);
    await q.query(`ALTER TABLE waitlist_entries ADD CONSTRAINT waitlist_entries_status_check CHECK (status IN ('waiting', 'offered', 'accepted', 'expired', 'declined', 'left', 'closed'))`);
    await q.query(
      `UPDATE waitlist_entries w SET status = 'closed', resolved_at = e.cancelled_at
         FROM events e WHERE e.id = w.event_id AND e.cancelled_at IS NOT NULL AND w.status IN ('waiting', 'offered')`,
    );
    await q.query(`UPDATE events SET offered_count = 0 WHERE cancelled_at IS NOT NULL AND offered_count <> 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE waitlist_entries SET status = 'left' WHERE status = 'closed'`);
    await q.query(`ALTER TABLE waitlist_entries DROP CONSTRAINT IF EXISTS waitlist_entries_status_check`);
    await q.query(`ALTER TABLE waitlist_entries ADD CONSTRAINT waitlist_entries_status_check CHECK (status IN ('waiting', 'offered', 'accepted', 'expired', 'declined', 'left'))`);
  }
}
