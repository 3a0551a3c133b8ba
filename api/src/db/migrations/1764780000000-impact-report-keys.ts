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
 * 2. (Not built: per-event tallies kept by statement-level triggers. They made the monthly figures cheaper, but
 *    their row per event was locked after the event's own row by some writers and before it by others, and the
 *    registration-count race test deadlocked on Postgres. The monthly counts read the covering index instead.)
 * 3. events_report_period: the events of a period from an index-only scan instead of a pass over events.
 */
export class ImpactReportKeys1764780000000 implements MigrationInterface {
  name = 'ImpactReportKeys1764780000000';

  async up(q: QueryRunner): Promise<void> {
    await this.reachKeys(q);
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

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS events_report_period`);
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
