import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The impact report (reports/impact.sql.ts) under 200 ms for a year of 100,000 registrations (issue 27):
 *
 * 1. Reach facts as integer keys. Grouping a year's registrations per person with max() over the TEXT facts
 *    of migration 1764770000000 was most of the statement; over integers it is about a third cheaper (smaller
 *    index entries, by-value aggregates, integer hash keys in the grouping sets). reach_names numbers each
 *    name once (trimmed, as the facts hold it); each registration keeps
 *      reach_category_key: its category's number;
 *      reach_district_key, reach_school_key: the number of the name, NEGATIVE when it is an answer to the
 *        event's question and positive when it comes from the profile, so that min() over a person's
 *        registrations prefers an answer (the text facts' '2'/'1' first character did this for max()).
 *    Kept by a trigger that runs after registrations_reach (triggers of one kind run in name order), so every
 *    writer stays right. The names already there are numbered in text order, so on the data migrated the
 *    report is unchanged; a name seen later gets the next number.
 * 2. Per-event tallies. event_report_counts holds each event's registrations, those checked in and its
 *    certificates not revoked, kept exact by statement-level triggers (one aggregated upsert per statement, as
 *    user_counts does), so the monthly figures read one row per event instead of every registration again.
 *    No foreign key: an event deleted takes its registrations with it, and their delete trigger must still
 *    find (or make) the event's row; an event without rows counts zero.
 * 3. events_report_period: the events of a period from an index-only scan instead of a pass over events.
 */
export class ImpactReportKeys1764780000000 implements MigrationInterface {
  name = 'ImpactReportKeys1764780000000';

  async up(q: QueryRunner): Promise<void> {
    await this.reachKeys(q);
    await this.eventTallies(q);
    await q.query(`CREATE INDEX events_report_period ON events (date) INCLUDE (id, starts_at, cancelled_at, category)`);
  }

  private async reachKeys(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE reach_names (id serial PRIMARY KEY, name text NOT NULL UNIQUE)`);
    await q.query(`ALTER TABLE registrations ADD COLUMN reach_category_key integer, ADD COLUMN reach_district_key integer, ADD COLUMN reach_school_key integer`);
    // A name's number, added when first seen. Looked up first, so a known name (nearly always) writes nothing;
    // two transactions adding one name at once: ON CONFLICT waits for the first and the look-up again finds it.
    await q.query(`
      CREATE FUNCTION reach_name_id(reach text) RETURNS integer LANGUAGE plpgsql AS $$
      DECLARE
        key integer;
      BEGIN
        IF reach IS NULL THEN RETURN NULL; END IF;
        SELECT id INTO key FROM reach_names WHERE name = reach;
        IF key IS NULL THEN
          INSERT INTO reach_names (name) VALUES (reach) ON CONFLICT (name) DO NOTHING RETURNING id INTO key;
          IF key IS NULL THEN SELECT id INTO key FROM reach_names WHERE name = reach; END IF;
        END IF;
        RETURN key;
      END $$`);
    // A district or school fact ('2' an answer, '1' the profile, then the name) as its key: answers negative.
    await q.query(`
      CREATE FUNCTION reach_fact_key(fact text) RETURNS integer LANGUAGE sql AS $$
        SELECT CASE left(fact, 1) WHEN '2' THEN -1 ELSE 1 END * reach_name_id(substr(fact, 2))
      $$`);
    await q.query(`
      CREATE FUNCTION registrations_reach_keys() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- Recomputed only when the fact changed: a profile edit touches all of a person's registrations.
        IF TG_OP = 'INSERT' OR NEW.reach_category IS DISTINCT FROM OLD.reach_category THEN
          NEW.reach_category_key := reach_name_id(NEW.reach_category);
        END IF;
        IF TG_OP = 'INSERT' OR NEW.reach_district IS DISTINCT FROM OLD.reach_district THEN
          NEW.reach_district_key := reach_fact_key(NEW.reach_district);
        END IF;
        IF TG_OP = 'INSERT' OR NEW.reach_school IS DISTINCT FROM OLD.reach_school THEN
          NEW.reach_school_key := reach_fact_key(NEW.reach_school);
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`
      INSERT INTO reach_names (name)
        SELECT n FROM (SELECT reach_category FROM registrations
                       UNION SELECT substr(reach_district, 2) FROM registrations
                       UNION SELECT substr(reach_school, 2) FROM registrations) s(n)
         WHERE n IS NOT NULL ORDER BY n`);
    await q.query(`
      UPDATE registrations
         SET reach_category_key = (SELECT id FROM reach_names WHERE name = reach_category),
             reach_district_key = CASE left(reach_district, 1) WHEN '2' THEN -1 ELSE 1 END * (SELECT id FROM reach_names WHERE name = substr(reach_district, 2)),
             reach_school_key = CASE left(reach_school, 1) WHEN '2' THEN -1 ELSE 1 END * (SELECT id FROM reach_names WHERE name = substr(reach_school, 2))
       WHERE reach_category IS NOT NULL OR reach_district IS NOT NULL OR reach_school IS NOT NULL`);
    await q.query(`
      CREATE TRIGGER registrations_reach_keys BEFORE INSERT OR UPDATE OF answers, user_id, event_id, reach_category, reach_district, reach_school ON registrations
        FOR EACH ROW EXECUTE FUNCTION registrations_reach_keys()`);
    // IF EXISTS: a test that takes check-in down and up again (dropping checked_in_at drops the index) runs this after.
    await q.query(`DROP INDEX IF EXISTS registrations_event_cover`);
    await q.query(`CREATE INDEX registrations_event_cover ON registrations (event_id) INCLUDE (user_id, checked_in_at, reach_category_key, reach_district_key, reach_school_key)`);
  }

  private async eventTallies(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE event_report_counts (
        event_id uuid PRIMARY KEY,
        registrations integer NOT NULL DEFAULT 0,
        attended integer NOT NULL DEFAULT 0,
        certificates integer NOT NULL DEFAULT 0
      )`);
    // Each statement's change per event, added in event order (so two statements lock rows in one order); a
    // transition table exists only for the operations that have it, hence one branch per operation.
    const apply = (table: string, rows: (side: 'new_rows' | 'old_rows', sign: string) => string, set: string) => `
      CREATE FUNCTION ${table}_report_counts() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO event_report_counts AS c SELECT * FROM (${rows('new_rows', '')}) x ORDER BY 1 ON CONFLICT (event_id) DO UPDATE SET ${set};
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO event_report_counts AS c SELECT * FROM (${rows('old_rows', '-')}) x ORDER BY 1 ON CONFLICT (event_id) DO UPDATE SET ${set};
        ELSE
          INSERT INTO event_report_counts AS c
            SELECT event_id, sum(registrations), sum(attended), sum(certificates) FROM (${rows('new_rows', '')} UNION ALL ${rows('old_rows', '-')}) x
             GROUP BY 1 HAVING sum(registrations) <> 0 OR sum(attended) <> 0 OR sum(certificates) <> 0 ORDER BY 1
            ON CONFLICT (event_id) DO UPDATE SET ${set};
        END IF;
        RETURN NULL;
      END $$`;
    await q.query(
      apply(
        'registrations',
        (side, sign) => `SELECT event_id, ${sign}count(*)::int AS registrations, ${sign}count(checked_in_at)::int AS attended, 0 AS certificates FROM ${side} GROUP BY 1`,
        'registrations = c.registrations + EXCLUDED.registrations, attended = c.attended + EXCLUDED.attended',
      ),
    );
    await q.query(
      apply(
        'certificates',
        (side, sign) => `SELECT event_id, 0 AS registrations, 0 AS attended, ${sign}count(*)::int AS certificates FROM ${side} WHERE revoked_at IS NULL GROUP BY 1`,
        'certificates = c.certificates + EXCLUDED.certificates',
      ),
    );
    await q.query(`
      CREATE FUNCTION report_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_TABLE_NAME = 'registrations' THEN
          UPDATE event_report_counts SET registrations = 0, attended = 0 WHERE registrations <> 0 OR attended <> 0;
        ELSE
          UPDATE event_report_counts SET certificates = 0 WHERE certificates <> 0;
        END IF;
        RETURN NULL;
      END $$`);
    for (const table of ['registrations', 'certificates']) {
      await q.query(`CREATE TRIGGER ${table}_report_counts_insert AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${table}_report_counts()`);
      await q.query(`CREATE TRIGGER ${table}_report_counts_update AFTER UPDATE ON ${table} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${table}_report_counts()`);
      await q.query(`CREATE TRIGGER ${table}_report_counts_delete AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${table}_report_counts()`);
      await q.query(`CREATE TRIGGER ${table}_report_counts_truncate AFTER TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION report_counts_truncated()`);
    }
    await q.query(`
      INSERT INTO event_report_counts (event_id, registrations, attended, certificates)
        SELECT event_id, sum(registrations), sum(attended), sum(certificates) FROM (
            SELECT event_id, count(*) AS registrations, count(checked_in_at) AS attended, 0 AS certificates FROM registrations GROUP BY event_id
            UNION ALL
            SELECT event_id, 0, 0, count(*) FROM certificates WHERE revoked_at IS NULL GROUP BY event_id
          ) x
         GROUP BY event_id`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS events_report_period`);
    for (const table of ['registrations', 'certificates']) {
      for (const t of ['insert', 'update', 'delete', 'truncate']) await q.query(`DROP TRIGGER IF EXISTS ${table}_report_counts_${t} ON ${table}`);
      await q.query(`DROP FUNCTION IF EXISTS ${table}_report_counts()`);
    }
    await q.query(`DROP FUNCTION IF EXISTS report_counts_truncated()`);
    await q.query(`DROP TABLE IF EXISTS event_report_counts`);
    await q.query(`DROP INDEX IF EXISTS registrations_event_cover`);
    await q.query(`DROP TRIGGER IF EXISTS registrations_reach_keys ON registrations`);
    await q.query(`DROP FUNCTION IF EXISTS registrations_reach_keys()`);
    await q.query(`DROP FUNCTION IF EXISTS reach_fact_key(text)`);
    await q.query(`DROP FUNCTION IF EXISTS reach_name_id(text)`);
    await q.query(`ALTER TABLE registrations DROP COLUMN reach_school_key, DROP COLUMN reach_district_key, DROP COLUMN reach_category_key`);
    await q.query(`DROP TABLE IF EXISTS reach_names`);
    await q.query(`CREATE INDEX registrations_event_cover ON registrations (event_id) INCLUDE (user_id, checked_in_at, reach_category, reach_district, reach_school)`);
  }
}
