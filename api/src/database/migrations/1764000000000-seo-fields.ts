import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A case's and an article's own search-engine fields (docs/behaviour.md#cases-and-articles): the page's title as
 * written, its keywords and its description. Empty means "not set": the page derives them (name or title, intro,
 * the site's keywords). Their lengths are the API's to check (SEO_MAX_LENGTH), as for the other texts.
 */
export class SeoFields1764000000000 implements MigrationInterface {
  name = 'SeoFields1764000000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['"case"', 'news']) {
      await q.query(`
        ALTER TABLE ${table}
          ADD COLUMN seo_title text NOT NULL DEFAULT '',
          ADD COLUMN seo_keywords text NOT NULL DEFAULT '',
          ADD COLUMN seo_description text NOT NULL DEFAULT ''`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['news', '"case"']) {
      await q.query(
        `ALTER TABLE ${table} DROP COLUMN seo_description, DROP COLUMN seo_keywords, DROP COLUMN seo_title`,
      );
    }
  }
}
