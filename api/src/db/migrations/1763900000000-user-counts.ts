import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dashboard's user figures without scanning users: user_counts holds how many users there are per
 * (category, status, India calendar month of created_at), kept exact by statement-level triggers (one
 * aggregated upsert per INSERT/UPDATE/DELETE statement, nothing written when an update changes none of
 * the three; TRUNCATE resets it). The events_date index also serves count-by-date ranges.
 */
export class UserCounts1763900000000 implements MigrationInterface {
  name = 'UserCounts1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE user_counts (
        category varchar(20) NOT NULL,
        status varchar(20) NOT NULL,
        month date NOT NULL,
        n bigint NOT NULL,
        PRIMARY KEY (category, status, month)
      )`);
    // India time (UTC+05:30, no daylight saving) decides the month, as it does everywhere else.
    await q.query(`
      CREATE FUNCTION user_counts_month(ts timestamptz) RETURNS date
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$ SELECT date_trunc('month', (ts AT TIME ZONE 'UTC') + interval '5 hours 30 minutes')::date $$`);
    await q.query(`
      CREATE FUNCTION user_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO user_counts AS c (category, status, month, n)
            SELECT category, status, user_counts_month(created_at), count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
            ON CONFLICT (category, status, month) DO UPDATE SET n = c.n + EXCLUDED.n;
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO user_counts AS c (category, status, month, n)
            SELECT category, status, user_counts_month(created_at), -count(*) FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
            ON CONFLICT (category, status, month) DO UPDATE SET n = c.n + EXCLUDED.n;
        ELSE
          INSERT INTO user_counts AS c (category, status, month, n)
            SELECT category, status, month, sum(d) FROM (
                SELECT category, status, user_counts_month(created_at) AS month, 1 AS d FROM new_rows
                UNION ALL
                SELECT category, status, user_counts_month(created_at), -1 FROM old_rows
              ) x
             GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
            ON CONFLICT (category, status, month) DO UPDATE SET n = c.n + EXCLUDED.n;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE FUNCTION user_counts_reset() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN DELETE FROM user_counts; RETURN NULL; END $$`);
    await q.query(`CREATE TRIGGER users_counts_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_counts_apply()`);
    await q.query(`CREATE TRIGGER users_counts_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_counts_apply()`);
    await q.query(`CREATE TRIGGER users_counts_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_counts_apply()`);
    await q.query(`CREATE TRIGGER users_counts_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION user_counts_reset()`);
    await q.query(`
      INSERT INTO user_counts (category, status, month, n)
        SELECT category, status, user_counts_month(created_at), count(*) FROM users GROUP BY 1, 2, 3`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['insert', 'update', 'delete', 'truncate']) await q.query(`DROP TRIGGER IF EXISTS users_counts_${t} ON users`);
    await q.query(`DROP FUNCTION IF EXISTS user_counts_reset()`);
    await q.query(`DROP FUNCTION IF EXISTS user_counts_apply()`);
    await q.query(`DROP FUNCTION IF EXISTS user_counts_month(timestamptz)`);
    await q.query(`DROP TABLE IF EXISTS user_counts`);
  }
}
