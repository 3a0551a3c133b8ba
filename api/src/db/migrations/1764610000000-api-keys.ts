import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Integrators' API keys: only the key's SHA-256 is kept (the key itself, `gjk_` + 32 random bytes, is
 * shown once), with a short prefix to recognise it in lists, its scopes, an optional expiry, when it was
 * last used and when it was revoked (revoked keys stay listed). A key acts for the admin who made it
 * and stops when that account goes. The audit log names the key that acted.
 */
export class ApiKeys1764610000000 implements MigrationInterface {
  name = 'ApiKeys1764610000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(100) NOT NULL,
        key_prefix varchar(12) NOT NULL,
        key_hash char(64) NOT NULL,
        scopes text[] NOT NULL,
        expires_at timestamptz,
        last_used_at timestamptz,
        revoked_at timestamptz,
        revoked_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_by uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT api_keys_hash_unique UNIQUE (key_hash)
      )`);
    await q.query(`CREATE INDEX api_keys_created_by ON api_keys (created_by)`);
    await q.query(`ALTER TABLE audit_log ADD COLUMN api_key_id uuid, ADD COLUMN api_key_name varchar(100)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE audit_log DROP COLUMN api_key_id, DROP COLUMN api_key_name`);
    await q.query(`DROP TABLE api_keys`);
  }
}
