import type { MigrationInterface, QueryRunner } from 'typeorm';

const TABLES = ['events', 'team_members'] as const;

/**
 * Content in more than one language (i18n/translations.ts): English stays in the existing columns, so
 * every existing record is English as it was; other languages go into one `translations jsonb` per
 * record ({ "hi": { "title": ... } }), where a later language is new keys, not new columns.
 *
 * Nothing is lost either way: going down keeps the translations in `content_translations_archive`,
 * and coming back up restores them from there.
 */
export class ContentTranslations1764500000000 implements MigrationInterface {
  name = 'ContentTranslations1764500000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'::jsonb
        CONSTRAINT ${table}_translations_object CHECK (jsonb_typeof(translations) = 'object')`);
    }
    const [{ archived }] = await q.query(`SELECT to_regclass('content_translations_archive') IS NOT NULL AS archived`);
    if (archived) {
      for (const table of TABLES) {
        await q.query(`UPDATE ${table} t SET translations = a.translations FROM content_translations_archive a WHERE a.table_name = $1 AND a.id = t.id`, [table]);
      }
      await q.query(`DROP TABLE content_translations_archive`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE IF NOT EXISTS content_translations_archive (table_name text NOT NULL, id uuid NOT NULL, translations jsonb NOT NULL, PRIMARY KEY (table_name, id))`);
    for (const table of TABLES) {
      await q.query(
        `INSERT INTO content_translations_archive (table_name, id, translations)
         SELECT $1, id, translations FROM ${table} WHERE translations <> '{}'::jsonb
         ON CONFLICT (table_name, id) DO UPDATE SET translations = EXCLUDED.translations`,
        [table],
      );
      await q.query(`ALTER TABLE ${table} DROP COLUMN translations`);
    }
  }
}
