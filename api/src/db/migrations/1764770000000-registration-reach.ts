import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the impact report needs to know of each registration's person, kept on the registration itself so the
 * report reads it from registrations_event_cover (an index-only scan per event) and never joins users:
 *   reach_category: the person's category;
 *   reach_district, reach_school: their answer to the event's district or school question, in words (a
 *     choice's English label), else their profile's field; trimmed, null when empty. The value's first
 *     character says where it came from, '2' an answer and '1' the profile, so that max() over a person's
 *     registrations prefers any answer they gave to their profile (the report strips it).
 * A district or school question is one whose id or English label is "district" or "school" (as in the
 * "Teacher details" set); the first one answered with a single value counts.
 *
 * Kept exact by triggers, so every writer (the registration ledger, answers edited on 'My events', a place
 * taken from the waiting list, imports, tests' own INSERTs) stays right without knowing of them:
 *   - a registration's facts are computed when it is inserted and whenever its answers, person or event change;
 *   - an event whose questions change, and a person whose category, district or school changes, touch the
 *     answers of their registrations (`answers = answers`), which recomputes them through the first trigger.
 * Measured on the bench year (99,900 registrations) on Postgres, with the report's grouping-sets statement:
 * see docs/programmes-and-messages.md.
 */
export class RegistrationReach1764770000000 implements MigrationInterface {
  name = 'RegistrationReach1764770000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE registrations ADD COLUMN reach_category text, ADD COLUMN reach_district text, ADD COLUMN reach_school text`);
    // A registrant's answer to the first answered question named `what`, in words; null when there is none.
    await q.query(`
      CREATE FUNCTION registration_reach_answer(questions jsonb, answers jsonb, what text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT nullif(btrim(coalesce(
                 (SELECT o->>'label' FROM jsonb_array_elements(CASE WHEN jsonb_typeof(x.q->'options') = 'array' THEN x.q->'options' ELSE '[]'::jsonb END) o
                   WHERE o->>'value' = answers->>(x.q->>'id') LIMIT 1),
                 answers->>(x.q->>'id'))), '')
          FROM jsonb_array_elements(CASE WHEN jsonb_typeof(questions) = 'array' THEN questions ELSE '[]'::jsonb END) WITH ORDINALITY AS x(q, i)
         WHERE (x.q->>'id' = what OR lower(btrim(x.q->>'label')) = what)
           AND jsonb_typeof(answers->(x.q->>'id')) = 'string' AND btrim(answers->>(x.q->>'id')) <> ''
         ORDER BY x.i LIMIT 1
      $$`);
    await q.query(`
      CREATE FUNCTION registrations_reach() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        person record;
        questions jsonb;
      BEGIN
        SELECT category, district, school_name INTO person FROM users WHERE id = NEW.user_id;
        -- Most registrations answer nothing: their event's questions are not read.
        IF NEW.answers IS NOT NULL AND NEW.answers <> '{}'::jsonb THEN
          SELECT e.questions INTO questions FROM events e WHERE e.id = NEW.event_id;
        END IF;
        NEW.reach_category := person.category;
        NEW.reach_district := coalesce('2' || registration_reach_answer(questions, NEW.answers, 'district'), '1' || nullif(btrim(person.district), ''));
        NEW.reach_school := coalesce('2' || registration_reach_answer(questions, NEW.answers, 'school'), '1' || nullif(btrim(person.school_name), ''));
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER registrations_reach BEFORE INSERT OR UPDATE OF answers, user_id, event_id ON registrations
        FOR EACH ROW EXECUTE FUNCTION registrations_reach()`);
    // Only registrations with answers can change with their event's questions.
    await q.query(`
      CREATE FUNCTION events_reach() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE registrations SET answers = answers WHERE event_id = NEW.id AND answers <> '{}'::jsonb;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER events_reach AFTER UPDATE OF questions ON events
        FOR EACH ROW WHEN (OLD.questions IS DISTINCT FROM NEW.questions) EXECUTE FUNCTION events_reach()`);
    await q.query(`
      CREATE FUNCTION users_reach() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE registrations SET answers = answers WHERE user_id = NEW.id;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER users_reach AFTER UPDATE OF category, district, school_name ON users
        FOR EACH ROW WHEN (OLD.category IS DISTINCT FROM NEW.category OR OLD.district IS DISTINCT FROM NEW.district OR OLD.school_name IS DISTINCT FROM NEW.school_name)
        EXECUTE FUNCTION users_reach()`);
    await q.query(`UPDATE registrations SET answers = answers`);
    await q.query(`DROP INDEX registrations_event_cover`);
    await q.query(`CREATE INDEX registrations_event_cover ON registrations (event_id) INCLUDE (user_id, checked_in_at, reach_category, reach_district, reach_school)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS registrations_event_cover`);
    await q.query(`DROP TRIGGER IF EXISTS users_reach ON users`);
    await q.query(`DROP TRIGGER IF EXISTS events_reach ON events`);
    await q.query(`DROP TRIGGER IF EXISTS registrations_reach ON registrations`);
    await q.query(`DROP FUNCTION IF EXISTS users_reach()`);
    await q.query(`DROP FUNCTION IF EXISTS events_reach()`);
    await q.query(`DROP FUNCTION IF EXISTS registrations_reach()`);
    await q.query(`DROP FUNCTION IF EXISTS registration_reach_answer(jsonb, jsonb, text)`);
    await q.query(`ALTER TABLE registrations DROP COLUMN reach_school, DROP COLUMN reach_district, DROP COLUMN reach_category`);
    await q.query(`CREATE INDEX registrations_event_cover ON registrations (event_id) INCLUDE (user_id, checked_in_at)`);
  }
}
