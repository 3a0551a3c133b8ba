import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Mails that the background queue sends, recorded once each (dedupe_key) with when they went out
 * (sent_at), so a retried job or a second worker never mails twice; a person's language and reminder
 * choice; an event's cancellation.
 */
export class MailDeliveriesReminders1764000000000 implements MigrationInterface {
  name = 'MailDeliveriesReminders1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN language varchar(5) NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'hi'))`);
    await q.query(`ALTER TABLE users ADD COLUMN reminders_enabled boolean NOT NULL DEFAULT true`);
    await q.query(`ALTER TABLE events ADD COLUMN cancelled_at timestamptz`);
    await q.query(`
      CREATE TABLE mail_deliveries (
        id uuid PRIMARY KEY DEFAULT uuid_generate_v4(),
        dedupe_key text NOT NULL UNIQUE,
        kind varchar(40) NOT NULL,
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        event_id uuid,
        recipient varchar(254) NOT NULL,
        payload jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        claimed_at timestamptz,
        sent_at timestamptz,
        skipped_reason text,
        attempts int NOT NULL DEFAULT 0,
        last_error text
      )`);
    await q.query(`CREATE INDEX mail_deliveries_event ON mail_deliveries (event_id, kind)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE mail_deliveries`);
    await q.query(`ALTER TABLE events DROP COLUMN cancelled_at`);
    await q.query(`ALTER TABLE users DROP COLUMN reminders_enabled`);
    await q.query(`ALTER TABLE users DROP COLUMN language`);
  }
}
