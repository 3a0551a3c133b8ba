import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Certificates of participation: one per event and person who attended (registrations.checked_in_at),
 * with a random verification code (80 bits, XXXX-XXXX-XXXX-XXXX) that the public verification page
 * looks up. What the certificate says (the name, the event's title, day and place, its language) is
 * kept as it was when it was issued, so a later edit of the event or the account never changes a
 * certificate already in someone's hands. Revoking keeps the row (verification then says so).
 */
export class Certificates1764400000000 implements MigrationInterface {
  name = 'Certificates1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE certificates (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        code varchar(19) NOT NULL,
        event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        language varchar(2) NOT NULL CONSTRAINT certificates_language CHECK (language IN ('en', 'hi')),
        participant_name varchar(200) NOT NULL,
        event_title varchar(200) NOT NULL,
        event_starts_at timestamptz NOT NULL,
        event_place varchar(200) NOT NULL,
        issued_at timestamptz NOT NULL,
        issued_by uuid REFERENCES users(id) ON DELETE SET NULL,
        revoked_at timestamptz,
        revoked_by uuid REFERENCES users(id) ON DELETE SET NULL,
        revoke_reason varchar(500),
        CONSTRAINT certificates_code_unique UNIQUE (code),
        CONSTRAINT certificates_event_user_unique UNIQUE (event_id, user_id)
      )`);
    // A person's certificates (the "My events" page; deleting the account).
    await q.query(`CREATE INDEX certificates_user ON certificates (user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE certificates`);
  }
}
