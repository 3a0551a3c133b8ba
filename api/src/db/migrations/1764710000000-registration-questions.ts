import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Registration questions (questions/question-rules.ts). An event's questions are a jsonb list on the event:
 * they are always read and written with it (its page, its form, one transaction), kept in the admin's order
 * and never queried by their content, so a table of their own would only add a join. Answers are a jsonb
 * object on the registration ({ questionId: value }): read with it (the registrations page, the CSV in one
 * scan) and rewritten whole when the person edits them. People joining a waiting list answer then; their
 * answers move to the registration when they take up a place. Question sets are saved lists an admin
 * applies to other events (copied, not linked: editing a set changes no event).
 */
export class RegistrationQuestions1764710000000 implements MigrationInterface {
  name = 'RegistrationQuestions1764710000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE events ADD COLUMN questions jsonb NOT NULL DEFAULT '[]'::jsonb`);
    await q.query(`ALTER TABLE registrations ADD COLUMN answers jsonb NOT NULL DEFAULT '{}'::jsonb`);
    await q.query(`ALTER TABLE waitlist_entries ADD COLUMN answers jsonb NOT NULL DEFAULT '{}'::jsonb`);
    await q.query(`
      CREATE TABLE question_sets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(120) NOT NULL,
        questions jsonb NOT NULL DEFAULT '[]'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT question_sets_name_unique UNIQUE (name)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE question_sets`);
    await q.query(`ALTER TABLE waitlist_entries DROP COLUMN answers`);
    await q.query(`ALTER TABLE registrations DROP COLUMN answers`);
    await q.query(`ALTER TABLE events DROP COLUMN questions`);
  }
}
