import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The media library (docs/decisions.md "Media library"): one row per picture under `/uploads/`, written by an upload
 * once its object is stored, and by the reconciliation for pictures stored without one (the demo drawings, and every
 * upload of a site older than this table). `url` is the address the content holds; `name` the file name the
 * administrator uploaded (the stored name stays the server's). Where a picture is used is not stored: it is read from
 * the content itself when asked for, so it can never be out of date.
 */
export class MediaLibrary1764700000000 implements MigrationInterface {
  name = 'MediaLibrary1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE media (
        id serial PRIMARY KEY,
        url varchar(255) NOT NULL UNIQUE CHECK (url LIKE '/uploads/%'),
        name varchar(200) NOT NULL,
        bytes integer NOT NULL CHECK (bytes >= 0),
        width integer NOT NULL CHECK (width >= 0),
        height integer NOT NULL CHECK (height >= 0),
        mime varchar(32) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The library's one order: newest first, id as the tie-breaker (pictures reconciled together share a time).
    await q.query(`CREATE INDEX media_order_idx ON media (created_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE media`);
  }
}
