import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Messages from admins to the people of events (issue 27): the message (both languages, the segment and
 * events it goes to, service or news, when it goes), one delivery row per person (UNIQUE (message_id,
 * user_id): a person gets a message once, whatever retries or workers do), and the people who turned
 * news off (a row of its own, so the users table is untouched; deleting the account deletes it).
 */
export class Messages1764730000000 implements MigrationInterface {
  name = 'Messages1764730000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        subject varchar(200) NOT NULL,
        text text NOT NULL,
        subject_hi varchar(200),
        text_hi text,
        segment varchar(12) NOT NULL CONSTRAINT messages_segment CHECK (segment IN ('registered', 'waiting', 'attended', 'absent')),
        event_ids uuid[] NOT NULL,
        kind varchar(8) NOT NULL CONSTRAINT messages_kind CHECK (kind IN ('service', 'news')),
        send_at timestamptz NOT NULL,
        recipients int NOT NULL DEFAULT 0,
        expanded_at timestamptz,
        cancelled_at timestamptz,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_by_email varchar(254),
        api_key_id uuid,
        created_at timestamptz NOT NULL
      )`);
    // The list (newest first) and the hourly limit (an admin's messages of the last hour).
    await q.query(`CREATE INDEX messages_created ON messages (created_at DESC)`);
    await q.query(`CREATE INDEX messages_created_by ON messages (created_by, created_at)`);
    await q.query(`
      CREATE TABLE message_deliveries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        message_id uuid NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        recipient varchar(254) NOT NULL,
        name varchar(100),
        language varchar(5) NOT NULL,
        status varchar(8) NOT NULL DEFAULT 'queued' CONSTRAINT message_deliveries_status CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'skipped')),
        attempts int NOT NULL DEFAULT 0,
        claimed_at timestamptz,
        error varchar(500),
        created_at timestamptz NOT NULL,
        sent_at timestamptz,
        CONSTRAINT message_deliveries_once UNIQUE (message_id, user_id)
      )`);
    await q.query(`CREATE INDEX message_deliveries_message ON message_deliveries (message_id, status)`);
    await q.query(`
      CREATE TABLE news_opt_outs (
        user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE news_opt_outs`);
    await q.query(`DROP TABLE message_deliveries`);
    await q.query(`DROP TABLE messages`);
  }
}
