import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The public content: keywords, menus, customer-case tabs, cases, news and the editable site blocks. */
export class InitialSchema1763700000000 implements MigrationInterface {
  name = 'InitialSchema1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE keyword (
        id serial PRIMARY KEY,
        keywords varchar(32) NOT NULL UNIQUE,
        content text NOT NULL DEFAULT '',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE menu (
        id serial PRIMARY KEY,
        name varchar(50) NOT NULL,
        grade smallint NOT NULL CHECK (grade BETWEEN 1 AND 3),
        parent_id integer REFERENCES menu (id) ON DELETE RESTRICT,
        intro text NOT NULL DEFAULT '',
        img varchar(255) NOT NULL DEFAULT '',
        background varchar(255) NOT NULL DEFAULT '',
        pc boolean NOT NULL DEFAULT true,
        pcsite integer NOT NULL DEFAULT 0,
        move boolean NOT NULL DEFAULT true,
        movesite integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((grade = 1) = (parent_id IS NULL))
      )`);
    await q.query(`CREATE INDEX menu_parent_idx ON menu (parent_id)`);

    // The five customer-case tabs are fixed (ids 1-5, docs/behaviour.md#list-pages); they are reference data, not
    // demo content.
    await q.query(`
      CREATE TABLE case_class (
        id integer PRIMARY KEY,
        name varchar(50) NOT NULL,
        position integer NOT NULL
      )`);
    await q.query(`
      INSERT INTO case_class (id, name, position) VALUES
        (1, 'PC网站', 1), (2, '手机网站', 2), (3, '微信公众号', 3), (4, '小程序', 4), (5, '软件系统', 5)`);

    await q.query(`
      CREATE TABLE "case" (
        id serial PRIMARY KEY,
        name varchar(100) NOT NULL,
        intro text NOT NULL DEFAULT '',
        scene varchar(50) NOT NULL DEFAULT '',
        site varchar(255) NOT NULL DEFAULT '',
        img varchar(255) NOT NULL DEFAULT '',
        code_img varchar(255) NOT NULL DEFAULT '',
        banner jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(banner) = 'array'),
        top smallint NOT NULL DEFAULT 2 CHECK (top IN (1, 2)),
        dict_id integer NOT NULL REFERENCES menu (id) ON DELETE RESTRICT,
        class_id integer NOT NULL REFERENCES case_class (id) ON DELETE RESTRICT,
        content text NOT NULL DEFAULT '',
        create_time date NOT NULL DEFAULT CURRENT_DATE,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // List order everywhere: pinned first, newest first, id as the tie-breaker (a total order for cursors).
    await q.query(`CREATE INDEX case_dict_order_idx ON "case" (dict_id, top, create_time DESC, id DESC)`);
    await q.query(`CREATE INDEX case_class_order_idx ON "case" (class_id, top, create_time DESC, id DESC)`);

    await q.query(`
      CREATE TABLE news_category (
        id serial PRIMARY KEY,
        name varchar(50) NOT NULL,
        position integer NOT NULL DEFAULT 0
      )`);

    await q.query(`
      CREATE TABLE news (
        id serial PRIMARY KEY,
        title varchar(120) NOT NULL,
        intro text NOT NULL DEFAULT '',
        img varchar(255) NOT NULL DEFAULT '',
        content text NOT NULL DEFAULT '',
        create_time date NOT NULL DEFAULT CURRENT_DATE,
        dynamic_id integer NOT NULL REFERENCES news_category (id) ON DELETE RESTRICT,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX news_order_idx ON news (create_time DESC, id DESC)`);
    await q.query(`CREATE INDEX news_category_order_idx ON news (dynamic_id, create_time DESC, id DESC)`);

    // Singleton blocks edited as a whole in the back office: header, footer, home, about, contact.
    await q.query(`
      CREATE TABLE site_block (
        key varchar(32) PRIMARY KEY,
        value jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE site_block, news, news_category, "case", case_class, menu, keyword`);
  }
}
