import { promises as fs } from 'node:fs';
import path from 'node:path';
import { SeedService } from '../src/database/seed.service.js';
import { buildSeedContent } from '../seed/content/index.js';
import { createImageRegistry } from '../seed/images/registry.js';
import { ok } from './support/envelope.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function counts() {
  const [row] = await t.sql<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM keyword) AS keyword, (SELECT count(*)::int FROM menu) AS menu,
            (SELECT count(*)::int FROM "case") AS cases, (SELECT count(*)::int FROM news) AS news,
            (SELECT count(*)::int FROM news_category) AS categories, (SELECT count(*)::int FROM site_block) AS blocks`,
  );
  return row!;
}

describe('seed', () => {
  it('should fill an empty database with the demo content', async () => {
    const { img } = createImageRegistry();
    const content = buildSeedContent(img);
    expect(await counts()).toEqual({
      keyword: content.keywords.length,
      menu: content.menus.length,
      cases: content.cases.length,
      news: content.news.length,
      categories: content.newsCategories.length,
      blocks: 5,
    });
  });

  it('should do nothing on a database that already has content', async () => {
    const before = await counts();
    const seed = t.app.get(SeedService);
    const { img } = createImageRegistry();
    expect(await seed.seedIfEmpty(buildSeedContent(img))).toBe(false);
    await seed.onModuleInit();
    expect(await counts()).toEqual(before);
  });

  it('should leave the id sequences ahead of the seeded rows', async () => {
    const [menu] = await t.sql<{ id: number }>(
      `INSERT INTO menu (name, grade, parent_id) VALUES ('测试栏目', 2, 3) RETURNING id`,
    );
    const [max] = await t.sql<{ max: number }>('SELECT max(id)::int AS max FROM menu');
    expect(menu!.id).toBe(max!.max);
  });

  it('should draw every image the content names, and serve it', async () => {
    const { img, images } = createImageRegistry();
    buildSeedContent(img);
    const files = new Set(await fs.readdir(path.join(t.config.uploadsDir, 'seed', 'v1')));
    for (const name of images.keys()) expect(files.has(`${name}.svg`)).toBe(true);
    const [first] = images.keys();
    const res = await t.http.get(`/uploads/seed/v1/${first}.svg`);
    expect(res.status).toBe(200);
    expect(res.text || res.body.toString()).toContain('<svg');
  });

  it('should reference only images that exist', async () => {
    const rows = await t.sql<{ url: string }>(
      `SELECT img AS url FROM "case" UNION SELECT code_img FROM "case" UNION SELECT img FROM news
       UNION SELECT background FROM menu UNION SELECT img FROM menu`,
    );
    const files = new Set(await fs.readdir(path.join(t.config.uploadsDir, 'seed', 'v1')));
    for (const { url } of rows.filter((r) => r.url)) {
      expect(url).toMatch(/^\/uploads\/seed\/v1\/[a-z0-9-]+\.svg$/);
      expect(files.has(url.split('/').pop()!)).toBe(true);
    }
  });

  it('should not seed when SEED=false', async () => {
    const bare = await createTestApp({ SEED: 'false' });
    try {
      expect(ok(await bare.http.post('/api/keyswords'))).toEqual([]);
      const [row] = await bare.sql<{ n: number }>('SELECT count(*)::int AS n FROM case_class');
      expect(row!.n).toBe(5);
    } finally {
      await bare.close();
    }
  });
});
