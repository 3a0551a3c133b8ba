import type { MigrationInterface, QueryRunner } from 'typeorm';
import { newCheckInCodes } from '../../checkin/checkin-code';

/**
 * Check-in at the door: each registration gets a random secret (the QR code) and a short code
 * (XXXX-XXXX, read out), both unique; when and by whom the person was checked in. Existing
 * registrations get their codes here, drawn with node's crypto (pgcrypto's gen_random_bytes is not
 * available on the embedded PGlite). The codes are null only on rows written behind the ledger's back
 * (test fixtures, the bench seed); both are set or neither.
 */
export class CheckIn1764300000000 implements MigrationInterface {
  name = 'CheckIn1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE registrations ADD COLUMN checkin_secret varchar(26)`);
    await q.query(`ALTER TABLE registrations ADD COLUMN checkin_code varchar(8)`);
    await q.query(`ALTER TABLE registrations ADD COLUMN checked_in_at timestamptz`);
    await q.query(`ALTER TABLE registrations ADD COLUMN checked_in_by uuid REFERENCES users(id) ON DELETE SET NULL`);
    await q.query(`ALTER TABLE registrations ADD CONSTRAINT registrations_checkin_codes CHECK ((checkin_secret IS NULL) = (checkin_code IS NULL))`);

    // Codes for the registrations there are, in batches; every code drawn here is distinct from the others.
    const seen = new Set<string>();
    const draw = () => {
      for (;;) {
        const c = newCheckInCodes();
        if (!seen.has(c.code) && !seen.has(c.secret)) {
          seen.add(c.code);
          seen.add(c.secret);
          return c;
        }
      }
    };
    for (;;) {
      const rows: { id: string }[] = await q.query(`SELECT id FROM registrations WHERE checkin_secret IS NULL ORDER BY id LIMIT 1000`);
      if (!rows.length) break;
      const codes = rows.map(() => draw());
      await q.query(
        `UPDATE registrations r SET checkin_secret = v.secret, checkin_code = v.code
           FROM unnest($1::uuid[], $2::text[], $3::text[]) AS v(id, secret, code)
          WHERE r.id = v.id`,
        [rows.map((r) => r.id), codes.map((c) => c.secret), codes.map((c) => c.code)],
      );
    }

    await q.query(`CREATE UNIQUE INDEX registrations_checkin_secret ON registrations (checkin_secret)`);
    await q.query(`CREATE UNIQUE INDEX registrations_checkin_code ON registrations (checkin_code)`);
    // Attendance of an event (who came, counts).
    await q.query(`CREATE INDEX registrations_checked_in ON registrations (event_id, checked_in_at) WHERE checked_in_at IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX registrations_checked_in`);
    await q.query(`DROP INDEX registrations_checkin_code`);
    await q.query(`DROP INDEX registrations_checkin_secret`);
    await q.query(`ALTER TABLE registrations DROP CONSTRAINT registrations_checkin_codes`);
    await q.query(`ALTER TABLE registrations DROP COLUMN checked_in_by`);
    await q.query(`ALTER TABLE registrations DROP COLUMN checked_in_at`);
    await q.query(`ALTER TABLE registrations DROP COLUMN checkin_code`);
    await q.query(`ALTER TABLE registrations DROP COLUMN checkin_secret`);
  }
}
