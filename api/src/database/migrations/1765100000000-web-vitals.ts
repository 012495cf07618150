import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What real visitors' browsers measured (docs/behaviour.md#visitor-experience): one row per metric of a sampled page
 * view, with the page's route name, the device class and how the page was reached; nothing that names the visitor
 * (no address, no user agent). Read over the last 7 days by `created_at` (the index carries the rest, so the
 * summary reads the index only); rows older than 30 days are deleted.
 */
export class WebVitals1765100000000 implements MigrationInterface {
  name = 'WebVitals1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE web_vital (
        id bigserial PRIMARY KEY,
        page varchar(16) NOT NULL,
        device varchar(8) NOT NULL,
        navigation varchar(24) NOT NULL,
        metric varchar(4) NOT NULL,
        value double precision NOT NULL CHECK (value >= 0 AND value < 'Infinity'),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX web_vital_recent ON web_vital (created_at) INCLUDE (page, device, metric, value)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE web_vital');
  }
}
