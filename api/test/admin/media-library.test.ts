import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { describeMediaUse, type AdminList, type MediaItem } from '@site/shared-types';
import { DataSource } from 'typeorm';
import { ImageVariants, variantKeys } from '../../src/content/uploads/image-variants.js';
import { MEDIA_DEMO, MEDIA_NOT_FOUND, MediaLibrary } from '../../src/content/uploads/media-library.service.js';
import { canonicalPictureAddresses, pictureOrigins } from '../../src/content/uploads/media-references.js';
import { loadConfig } from '../../src/config/config.js';
import { adminCall, login } from '../support/admin-session.js';
import { ok, refused } from '../support/envelope.js';
import { fixture } from '../support/images/hostile-images.js';
import { migrations } from '../../src/database/migrations/index.js';
import { MediaUses1764900000000 } from '../../src/database/migrations/1764900000000-media-uses.js';
import { createTestApp, createTestDatabase, type TestApp } from '../support/test-app.js';

let t: TestApp;
let token: string;
const call = (route: string, body: object = {}) => adminCall(t, token, route, body);
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t);
  // The start's own reconciliation (the demo drawings, and what other test files stored) is over.
  await t.app.get(MediaLibrary).settled();
});
afterAll(() => t.close());

/** A picture of its own for each test (the tests' data folder is shared), uploaded under `name`. */
async function upload(name: string, size = { width: 64, height: 48 }, route = '/api/uploader'): Promise<string> {
  const bytes = await sharp({ create: { ...size, channels: 3, background: { r: 9, g: randomByte(), b: 200 } } })
    .png()
    .toBuffer();
  const field = route === '/api/uploader' ? 'file' : 'upload';
  const res = await t.http
    .post(route === '/api/uploader' ? route : `${route}?token=${token}`)
    .set('token', token)
    .attach(field, bytes, { filename: name, contentType: 'image/png' });
  const url = route === '/api/uploader' ? ok<{ url: string }>(res).url : (res.body as { url: string }).url;
  expect(url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
  return url;
}
const randomByte = () => randomBytes(1)[0]!;

const list = async (body: object = {}) => ok<AdminList<MediaItem>>(await call('/api/medialist', body)).list;
/** The library's entry for a URL, found by its (unique) name. */
async function entry(name: string): Promise<MediaItem> {
  const found = (await list({ search: name })).data.filter((item) => item.name === name);
  expect(found).toHaveLength(1);
  return found[0]!;
}
const unique = (label: string) => `${label}-${randomBytes(4).toString('hex')}.png`;

describe('recording uploads', () => {
  it('should record the uploaded name, size and dimensions of a picture field upload', async () => {
    const name = unique('公司 合影');
    const url = await upload(name, { width: 320, height: 200 });
    const item = await entry(name);
    const stored = (await t.http.get(url).buffer(true)).body as Buffer;
    expect(item).toMatchObject({ url, name, width: 320, height: 200, bytes: stored.length, demo: false, uses: [] });
    expect(item.create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it('should record the rich-text editor upload too, keeping only the file name', async () => {
    const name = unique('editor');
    const url = await upload(`C:\\fakepath\\${name}`, { width: 10, height: 30 }, '/api/uploaders');
    expect(await entry(name)).toMatchObject({ url, width: 10, height: 30 });
  });

  it('should record one frame of an animation as its height', async () => {
    const res = await t.http
      .post('/api/uploader')
      .set('token', token)
      .attach('file', fixture('animated.gif'), 'anim-frames.gif');
    const { url } = ok<{ url: string }>(res);
    const meta = await sharp(fixture('animated.gif'), { animated: true }).metadata();
    const [row] = await t.sql<{ width: number; height: number }>('SELECT width, height FROM media WHERE url = $1', [
      url,
    ]);
    expect(row).toEqual({ width: meta.width, height: meta.pageHeight });
  });
});

describe('listing', () => {
  it('should list newest first and search by name, literally and case-insensitively', async () => {
    const tag = randomBytes(4).toString('hex');
    const first = await upload(`Order-${tag}-a.png`);
    const second = await upload(`order-${tag}-b.png`);
    await t.sql(`UPDATE media SET created_at = now() - interval '1 minute' WHERE url = $1`, [first]);
    const found = await list({ search: `ORDER-${tag}` });
    expect(found.data.map((item) => item.url)).toEqual([second, first]);
    expect(found.total).toBe(2);
    expect((await list({ search: `%-${tag}` })).total).toBe(0);
  });

  it('should list the demo drawings with their sizes, marked as demo', async () => {
    const logo = await entry('logo.svg');
    expect(logo).toMatchObject({ url: expect.stringMatching(/^\/uploads\/seed\/v\d+\/logo\.svg$/), demo: true });
    expect(logo.bytes).toBeGreaterThan(0);
    expect(logo.width).toBeGreaterThan(0);
    expect(logo.uses.some((use) => use.kind === 'block')).toBe(true);
  });

  it('should page by 24, newest first over the whole library', async () => {
    const page1 = await list();
    expect(page1.per_page).toBe(24);
    expect(page1.data.length).toBe(Math.min(24, page1.total));
    const times = page1.data.map((item) => item.create_time);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await list({ page: 100_000 })).data).toEqual([]);
  });
});

describe('where a picture is used', () => {
  it('should find a case picture, an article body and a site block, with titles, and filter by them', async () => {
    const name = unique('uses');
    const url = await upload(name);
    const { id: caseId } = ok<{ id: number }>(
      await call('/api/amendcase', { id: 0, name: '媒体库测试案例', top: 2, dict_id: 3, class_id: 1, img: url }),
    );
    const newsId = (await t.sql<{ id: number }>('SELECT id FROM news ORDER BY id LIMIT 1'))[0]!.id;
    const article = ok<Record<string, unknown>>(await call('/api/getnews', { newsid: newsId }));
    ok(
      await call('/api/amendnews', {
        ...article,
        content: `<p>正文</p><figure class="image"><img src="${url}"></figure>`,
      }),
    );
    const about = ok<{ profile: { img: string } }>(await call('/api/getabout'));
    const aboutBefore = about.profile.img;
    ok(await call('/api/amendabout', { ...about, profile: { ...about.profile, img: url } }));

    try {
      const item = await entry(name);
      expect(item.uses).toEqual([
        { kind: 'block', id: 0, title: '关于我们', trashed: false },
        { kind: 'case', id: caseId, title: '媒体库测试案例', trashed: false },
        { kind: 'news', id: newsId, title: article.title, trashed: false },
      ]);
      for (const usage of ['used', 'case', 'news', 'block']) {
        expect((await list({ usage, search: name })).total).toBe(1);
      }
      for (const usage of ['unused', 'menu']) expect((await list({ usage, search: name })).total).toBe(0);

      // A used picture is not deleted, and the refusal says where it is used.
      const msg = refused(await call('/api/deletemedia', { id: item.id }), 1);
      expect(msg).toBe(`图片正在使用中，不能删除：关于我们、案例「媒体库测试案例」、文章「${String(article.title)}」`);
      expect((await t.http.get(url)).status).toBe(200);

      // A case in the recycle bin still uses it (restoring it would bring the picture back).
      ok(await call('/api/amendabout', { ...about, profile: { ...about.profile, img: aboutBefore } }));
      ok(await call('/api/amendnews', article));
      ok(await call('/api/deletecase', { id: caseId }));
      expect((await entry(name)).uses).toEqual([{ kind: 'case', id: caseId, title: '媒体库测试案例', trashed: true }]);
      expect(refused(await call('/api/deletemedia', { id: item.id }), 1)).toBe(
        '图片正在使用中，不能删除：案例「媒体库测试案例」（回收站）',
      );
    } finally {
      ok(await call('/api/amendabout', { ...about, profile: { ...about.profile, img: aboutBefore } }));
    }
  });

  it('should find a picture under the full address of the site or as a variant, and a menu using it', async () => {
    const name = unique('menu');
    const url = await upload(name);
    const [menu] = await t.sql<{ id: number; name: string; background: string }>(
      'SELECT id, name, background FROM menu WHERE id = 3',
    );
    await t.sql('UPDATE menu SET background = $2 WHERE id = $1', [menu!.id, `https://www.yunfan.test${url}?w=640`]);
    try {
      expect((await entry(name)).uses).toEqual([{ kind: 'menu', id: 3, title: menu!.name, trashed: false }]);
      expect((await list({ usage: 'menu', search: name })).total).toBe(1);
    } finally {
      await t.sql('UPDATE menu SET background = $2 WHERE id = $1', [menu!.id, menu!.background]);
    }
    expect((await entry(name)).uses).toEqual([]);
  });

  it('should list an unused picture under 未使用', async () => {
    const name = unique('unused');
    await upload(name);
    expect((await list({ usage: 'unused', search: name })).total).toBe(1);
    expect((await list({ usage: 'used', search: name })).total).toBe(0);
  });
});

describe('deleting', () => {
  it('should delete an unused picture with its file and variants', async () => {
    const name = unique('delete-me');
    const url = await upload(name, { width: 800, height: 600 });
    const variant = await t.http.get(`${url}?w=160`).set('Accept', 'image/webp');
    expect(variant.status).toBe(200);
    const item = await entry(name);

    expect(ok(await call('/api/deletemedia', { id: item.id }))).toBeNull();
    expect((await t.http.get(url)).status).toBe(404);
    expect((await t.http.get(`${url}?w=160`).set('Accept', 'image/webp')).status).toBe(404);
    // The upload's variants were still being made in the background: none outlives the picture.
    const variants = t.app.get(ImageVariants);
    while (variants.stats().running + variants.stats().queued > 0) await new Promise((done) => setTimeout(done, 20));
    for (const key of variantKeys(url.slice('/uploads/'.length))) {
      await expect(fs.stat(path.join(t.config.dataDir, key))).rejects.toThrow();
    }
    expect((await list({ search: name })).total).toBe(0);
    expect(refused(await call('/api/deletemedia', { id: item.id }), 1)).toBe(MEDIA_NOT_FOUND);
  });

  it('should wait for a save under way and then see the use it adds', async () => {
    const name = unique('race');
    const url = await upload(name);
    const item = await entry(name);
    const [target] = await t.sql<{ id: number }>('SELECT id FROM "case" WHERE deleted_at IS NULL ORDER BY id LIMIT 1');
    const [{ img: before } = { img: '' }] = await t.sql<{ img: string }>('SELECT img FROM "case" WHERE id = $1', [
      target!.id,
    ]);
    // A save that has written the picture but not committed yet when the delete comes.
    const saving = new pg.Client({ connectionString: t.databaseUrl });
    await saving.connect();
    try {
      await saving.query('BEGIN');
      await saving.query('UPDATE "case" SET img = $2 WHERE id = $1', [target!.id, url]);
      const deleting = call('/api/deletemedia', { id: item.id }).then((res) => res);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await saving.query('COMMIT');
      expect(refused(await deleting, 1)).toMatch(/^图片正在使用中，不能删除：案例「/);
      expect((await t.http.get(url)).status).toBe(200);
    } finally {
      await saving.end();
      await t.sql('UPDATE "case" SET img = $2 WHERE id = $1', [target!.id, before]);
    }
  });

  it('should not delete a demo drawing, even unused', async () => {
    const [demo] = await t.sql<{ id: number }>(`SELECT id FROM media WHERE url LIKE '/uploads/seed/%' LIMIT 1`);
    expect(refused(await call('/api/deletemedia', { id: demo!.id }), 1)).toBe(MEDIA_DEMO);
  });

  it.each([[{ id: 'x' }], [{ id: -1 }], [{ id: 1.5 }], [{ id: [1] }], [{}], [{ id: 99_999_999_999 }]])(
    'should refuse the delete of %j in words',
    async (body) => {
      expect(refused(await call('/api/deletemedia', body), 2)).toMatch(/参数 id/);
    },
  );

  it.each([[{ usage: 'sometimes' }], [{ usage: 3 }], [{ page: 0 }], [{ page: 'x' }], [{ search: ['a'] }]])(
    'should refuse the list filter %j in words',
    async (body) => {
      refused(await call('/api/medialist', body), 2);
    },
  );
});

/** The refusal of a save naming a picture that is not (or no longer) in the library. */
const missing = (url: string) => `图片不存在或已删除：${url}，请重新选择`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A case of the test's own (filed under 网站建设), and its form as the editor sends it. */
async function testCase(name: string, fields: object = {}): Promise<Record<string, unknown> & { id: number }> {
  const { id } = ok<{ id: number }>(
    await call('/api/amendcase', { id: 0, name, top: 2, dict_id: 3, class_id: 1, ...fields }),
  );
  return ok<Record<string, unknown> & { id: number }>(await call('/api/getcase', { caseid: id }));
}

describe('saves and deletes of the same picture', () => {
  it('should never let both succeed, whichever starts first, over 16 rounds', async () => {
    const form = await testCase('并发删除测试');
    // A long body: the save reads and cleans it for a while before it writes (the delete sent with it then wins).
    const long = `<p>${'云帆科技专注网站建设。'.repeat(15_000)}</p>`;
    const rounds = 16;
    const outcomes = { saved: 0, deleted: 0, both: 0, neither: 0 };
    const broken: string[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const name = unique(`race-${round}`);
      const url = await upload(name);
      const { id } = await entry(name);
      const save = (content: string) => call('/api/amendcase', { ...form, img: url, content });
      const remove = () => call('/api/deletemedia', { id });
      // Even rounds: a quick save sent first; odd rounds: the delete first, with a slow save.
      const [saved, deleted] =
        round % 2 === 0
          ? await Promise.all([save(''), remove()])
          : (await Promise.all([remove(), save(long)])).reverse();
      const savedOk = saved!.body.code === 0;
      const deletedOk = deleted!.body.code === 0;
      if (savedOk && deletedOk) outcomes.both += 1;
      else if (savedOk) outcomes.saved += 1;
      else if (deletedOk) outcomes.deleted += 1;
      else outcomes.neither += 1;
      if (!savedOk) expect(saved!.body.msg).toBe(missing(url));
      if (!deletedOk) expect(deleted!.body.msg).toBe('图片正在使用中，不能删除：案例「并发删除测试」');
      // What the site shows: the case's picture is there to be served, or the case does not name it.
      const [row] = await t.sql<{ img: string }>('SELECT img FROM "case" WHERE id = $1', [form.id]);
      if (row!.img === url && (await t.http.get(url)).status !== 200) broken.push(url);
    }
    expect({ ...outcomes, broken }).toEqual({
      saved: expect.any(Number),
      deleted: expect.any(Number),
      both: 0,
      neither: 0,
      broken: [],
    });
    expect(outcomes.saved + outcomes.deleted).toBe(rounds);
  });

  it('should make a save wait for a delete under way, then refuse it', async () => {
    const form = await testCase('等待删除测试');
    const name = unique('deleting');
    const url = await upload(name);
    const { id } = await entry(name);
    // A delete that holds the picture's row and has removed it, not committed yet when the save comes.
    const deleting = new pg.Client({ connectionString: t.databaseUrl });
    await deleting.connect();
    try {
      await deleting.query('BEGIN');
      await deleting.query('SELECT id FROM media WHERE id = $1 FOR UPDATE', [id]);
      await deleting.query('DELETE FROM media WHERE id = $1', [id]);
      const saving = call('/api/amendcase', { ...form, img: url });
      await sleep(300);
      await deleting.query('COMMIT');
      expect(refused(await saving, 1)).toBe(missing(url));
    } finally {
      await deleting.end();
    }
    const [row] = await t.sql<{ img: string }>('SELECT img FROM "case" WHERE id = $1', [form.id]);
    expect(row!.img).toBe('');
  });

  it('should refuse every save that names a deleted picture, and write nothing', async () => {
    const name = unique('gone');
    const url = await upload(name);
    ok(await call('/api/deletemedia', { id: (await entry(name)).id }));
    const form = await testCase('已删图片测试');
    const revisions = async () =>
      (await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM revision')).map((row) => row.n)[0];
    const before = {
      cases: await t.sql('SELECT * FROM "case" ORDER BY id'),
      news: await t.sql('SELECT * FROM news ORDER BY id'),
      menus: await t.sql('SELECT * FROM menu ORDER BY id'),
      blocks: await t.sql('SELECT * FROM site_block ORDER BY key'),
      revisions: await revisions(),
    };

    const newsId = (await t.sql<{ id: number }>('SELECT id FROM news ORDER BY id LIMIT 1'))[0]!.id;
    const article = ok<Record<string, unknown>>(await call('/api/getnews', { newsid: newsId }));
    const menu = ok<Record<string, unknown>>(await call('/api/getmenu', { menuid: 3 }));
    const about = ok<{ profile: { img: string } }>(await call('/api/getabout'));
    const saves: [string, object][] = [
      ['/api/amendcase', { id: 0, name: '新案例', top: 2, dict_id: 3, class_id: 1, img: url }],
      ['/api/amendcase', { ...form, banner: [{ url }] }],
      ['/api/amendcase', { ...form, content: `<p>图</p><figure class="image"><img src="${url}?w=640"></figure>` }],
      ['/api/amendnews', { ...article, img: url }],
      ['/api/amendnews', { ...article, content: `<p><img src="${url}"></p>` }],
      ['/api/amendmenu', { ...menu, background: url }],
      ['/api/amendabout', { ...about, profile: { ...about.profile, img: url } }],
    ];
    for (const [route, body] of saves)
      expect([route, refused(await call(route, body), 1)]).toEqual([route, missing(url)]);

    expect({
      cases: await t.sql('SELECT * FROM "case" ORDER BY id'),
      news: await t.sql('SELECT * FROM news ORDER BY id'),
      menus: await t.sql('SELECT * FROM menu ORDER BY id'),
      blocks: await t.sql('SELECT * FROM site_block ORDER BY key'),
      revisions: await revisions(),
    }).toEqual(before);
  });
});

describe('pictures a save does not check', () => {
  it('should keep a picture the item already had, even one gone since, but refuse adding another', async () => {
    const kept = await upload(unique('kept'));
    const form = await testCase('旧图片测试', { img: kept });
    // A picture lost before the library kept count: the content names it, the library does not hold it.
    await t.sql('DELETE FROM media WHERE url = $1', [kept]);
    ok(await call('/api/amendcase', { ...form, name: '旧图片测试（改）', banner: [{ url: kept }] }));
    const [row] = await t.sql<{ name: string; img: string }>('SELECT name, img FROM "case" WHERE id = $1', [form.id]);
    expect(row).toEqual({ name: '旧图片测试（改）', img: kept });

    const gone = await upload(unique('gone-too'));
    await t.sql('DELETE FROM media WHERE url = $1', [gone]);
    expect(refused(await call('/api/amendcase', { ...form, code_img: gone }), 1)).toBe(missing(gone));
  });

  it('should take a demo drawing before the library has recorded it', async () => {
    const [demo] = await t.sql<{ url: string }>(`SELECT url FROM media WHERE url LIKE '/uploads/seed/%' LIMIT 1`);
    await t.sql('DELETE FROM media WHERE url = $1', [demo!.url]);
    try {
      const form = await testCase('演示图片测试', { img: demo!.url });
      expect(form.img).toBe(demo!.url);
    } finally {
      await t.app.get(MediaLibrary).reconcile();
    }
    const item = (await list({ search: demo!.url.split('/').pop()! })).data.find((one) => one.url === demo!.url)!;
    expect(item.uses).toContainEqual({ kind: 'case', id: expect.any(Number), title: '演示图片测试', trashed: false });
  });
});

describe('the uses after every kind of write', () => {
  /** The picture's uses and how each filter counts it. */
  async function seen(name: string) {
    const counts: Record<string, number> = {};
    for (const usage of ['used', 'unused', 'case', 'news', 'menu', 'block']) {
      counts[usage] = (await list({ usage, search: name })).total;
    }
    return { uses: (await entry(name)).uses, counts };
  }
  const none = { used: 0, unused: 1, case: 0, news: 0, menu: 0, block: 0 };

  it('should follow saves, revision restores and the recycle bin of a case', async () => {
    const name = unique('case-writes');
    const url = await upload(name);
    const form = await testCase('写入测试案例', { banner: [{ url }] });
    const use = { kind: 'case', id: form.id, title: '写入测试案例', trashed: false };
    const asCase = { ...none, used: 1, unused: 0, case: 1 };
    expect(await seen(name)).toEqual({ uses: [use], counts: asCase });

    ok(await call('/api/amendcase', { ...form, banner: [] }));
    expect(await seen(name)).toEqual({ uses: [], counts: none });
    ok(await call('/api/restorerevision', { kind: 'case', id: form.id, number: 1 }));
    expect(await seen(name)).toEqual({ uses: [use], counts: asCase });

    ok(await call('/api/deletecase', { id: form.id }));
    expect(await seen(name)).toEqual({ uses: [{ ...use, trashed: true }], counts: asCase });
    ok(await call('/api/restoretrash', { kind: 'case', id: form.id }));
    expect(await seen(name)).toEqual({ uses: [use], counts: asCase });
    ok(await call('/api/deletecase', { id: form.id }));
    ok(await call('/api/purgetrash', { kind: 'case', id: form.id }));
    expect(await seen(name)).toEqual({ uses: [], counts: none });
    ok(await call('/api/deletemedia', { id: (await entry(name)).id }));
  });

  it('should follow an article, a menu and a block, and a restored block revision', async () => {
    const name = unique('other-writes');
    const url = await upload(name);
    const newsId = (await t.sql<{ id: number }>('SELECT id FROM news ORDER BY id DESC LIMIT 1'))[0]!.id;
    const article = ok<Record<string, unknown>>(await call('/api/getnews', { newsid: newsId }));
    ok(await call('/api/amendnews', { ...article, content: `${String(article.content)}<p><img src="${url}"></p>` }));
    const { id: menuId } = ok<{ id: number }>(
      await call('/api/amendmenu', {
        id: 0,
        grade: 1,
        menu: 0,
        title: '写入测试栏目',
        intro: '',
        img: url,
        pcmenu: false,
        pcmenusite: 0,
        movemenu: false,
        movemenusite: 0,
      }),
    );
    const contact = ok<{ wechat: { img: string; name: string } }>(await call('/api/getrelation'));
    // The block as it was, kept as a revision to restore.
    ok(await call('/api/amendrelation', contact));
    const blocks = ok<{ list: { number: number }[] }>(await call('/api/revisions', { kind: 'contact' })).list;
    ok(await call('/api/amendrelation', { ...contact, wechat: { ...contact.wechat, img: url } }));
    try {
      expect(await seen(name)).toEqual({
        uses: [
          { kind: 'block', id: 0, title: '联系方式', trashed: false },
          { kind: 'news', id: newsId, title: article.title, trashed: false },
          { kind: 'menu', id: menuId, title: '写入测试栏目', trashed: false },
        ],
        counts: { used: 1, unused: 0, case: 0, news: 1, menu: 1, block: 1 },
      });
      ok(await call('/api/restorerevision', { kind: 'contact', number: blocks[0]!.number }));
      ok(await call('/api/amendnews', article));
      ok(await call('/api/deletemenu', { id: menuId }));
      expect((await seen(name)).uses).toEqual([{ kind: 'menu', id: menuId, title: '写入测试栏目', trashed: true }]);
      ok(await call('/api/purgetrash', { kind: 'menu', id: menuId }));
      expect(await seen(name)).toEqual({ uses: [], counts: none });
    } finally {
      ok(await call('/api/amendrelation', contact));
    }
  });

  it("should list the demo content's drawings with the cases, menus and blocks the seed made", async () => {
    const [seeded] = await t.sql<{ id: number; name: string; img: string }>(
      `SELECT id, name, img FROM "case" WHERE img LIKE '/uploads/seed/%' ORDER BY id LIMIT 1`,
    );
    const drawing = (await list({ search: seeded!.img.split('/').pop()! })).data.find(
      (item) => item.url === seeded!.img,
    );
    expect(drawing?.uses).toContainEqual({ kind: 'case', id: seeded!.id, title: seeded!.name, trashed: false });
  });
});

/** The spellings of one stored address that reach the same file. */
function spellings(url: string): [string, string][] {
  const [, month, stem] = /^\/uploads\/\d{4}\/(\d{2})\/([0-9a-f]{32}\.png)$/.exec(url) as unknown as [
    string,
    string,
    string,
  ];
  const escaped = `%${stem.charCodeAt(0).toString(16)}${stem.slice(1)}`;
  return [
    ['a doubled slash', url.replace(`/${month}/`, `//${month}/`)],
    ['an escaped character', url.replace(stem, escaped)],
    ['an escaped slash', url.replace(`/${month}/`, `%2F${month}/`)],
  ];
}

describe('other spellings of a stored address', () => {
  it.each(['a doubled slash', 'an escaped character', 'an escaped slash'])(
    'should store %s as the address itself, count it as a use, and redirect to the address',
    async (label) => {
      const name = unique('spelled');
      const url = await upload(name);
      const spelled = spellings(url).find(([what]) => what === label)![1];
      const form = await testCase(`拼写测试 ${label}`, {
        img: spelled,
        content: `<p><img src="${spelled}?w=640"></p>`,
      });
      expect(form.img).toBe(url);
      expect(form.content).toContain(`src="${url}?w=640"`);
      const item = await entry(name);
      expect(item.uses).toEqual([{ kind: 'case', id: form.id, title: `拼写测试 ${label}`, trashed: false }]);
      expect(refused(await call('/api/deletemedia', { id: item.id }), 1)).toMatch(/^图片正在使用中/);

      const served = await t.http.get(`${spelled}?w=640`).redirects(0);
      expect({ status: served.status, location: served.headers.location }).toEqual({
        status: 301,
        location: `${url}?w=640`,
      });
    },
  );

  it("should store the site's own full address as the address, and leave another site's alone", async () => {
    const own = unique('origin');
    const url = await upload(own);
    const foreign = `https://cdn.example.com${url}`;
    const form = await testCase('站点地址测试', { img: `https://www.yunfan.test${url}`, code_img: foreign });
    expect({ img: form.img, code_img: form.code_img }).toEqual({ img: url, code_img: foreign });
    // Another site's picture is not looked for in this library, even named like one deleted here.
    const name = unique('elsewhere');
    const deleted = await upload(name);
    ok(await call('/api/deletemedia', { id: (await entry(name)).id }));
    ok(await call('/api/amendcase', { ...form, code_img: `https://cdn.example.com${deleted}` }));
  });

  it('should count a spelling written into the content by hand', async () => {
    const name = unique('by-hand');
    const url = await upload(name);
    const [menu] = await t.sql<{ id: number; name: string; background: string }>(
      'SELECT id, name, background FROM menu WHERE id = 4',
    );
    for (const [label, spelled] of spellings(url)) {
      await t.sql('UPDATE menu SET background = $2 WHERE id = $1', [menu!.id, spelled]);
      try {
        expect([label, (await entry(name)).uses]).toEqual([
          label,
          [{ kind: 'menu', id: 4, title: menu!.name, trashed: false }],
        ]);
      } finally {
        await t.sql('UPDATE menu SET background = $2 WHERE id = $1', [menu!.id, menu!.background]);
      }
    }
  });
});

describe('the spellings the database reads', () => {
  const address = '/uploads/2026/11/d61167e3abf934a8e4ace40d9520ac8a.png';
  const origins = pictureOrigins(loadConfig({ ALLOWED_HOSTS: 'www.yunfan.test' }));
  it.each([
    ['the address', address, true],
    ['a doubled slash', '/uploads/2026//11/d61167e3abf934a8e4ace40d9520ac8a.png', true],
    ['escapes', '/UPLOADS/%32026%2F11/%6461167e3abf934a8e4ace40d9520ac8a%2epng/', true],
    ['a query in markup', `<img src="${address}?w=640">`, true],
    ["the site's own origin", `https://www.yunfan.test${address}`, false],
    ['another origin', `https://cdn.example.com/${address}`, false],
  ])('should find the picture in %s, as a save writes it', async (_what, text, relative) => {
    expect(await t.sql('SELECT url, relative FROM media_refs($1)', [text])).toEqual([{ url: address, relative }]);
    expect(canonicalPictureAddresses(text, origins)).toContain(relative ? address : '/uploads/');
  });

  it.each([
    ['a longer name', `${address}.bak`],
    ['capital hex digits', address.toUpperCase()],
    ['an escaped percent sign', '/uploads/2026/11/%2564161167e3abf934a8e4ace40d9520ac8a.png'],
    ['a name the server never gives', '/uploads/2026/11/photo.png'],
  ])('should find no picture in %s, which the server does not serve either', async (_what, text) => {
    expect(await t.sql('SELECT url FROM media_refs($1)', [text])).toEqual([]);
    expect((await t.http.get(text)).status).toBe(404);
  });
});

describe('a database older than the uses', () => {
  it('should find what its content used before, once upgraded', async () => {
    const database = await createTestDatabase();
    const older = new DataSource({
      type: 'postgres',
      url: database.url,
      migrations: migrations.slice(0, migrations.indexOf(MediaUses1764900000000)),
    });
    await older.initialize();
    const picture = (n: number) => `/uploads/2025/06/${n.toString(16).padStart(32, '0')}.png`;
    try {
      await older.runMigrations();
      await older.query(
        `INSERT INTO media (url, name, bytes, width, height, mime)
         SELECT '/uploads/2025/06/' || lpad(to_hex(n), 32, '0') || '.png', 'old-' || n || '.png', 1, 1, 1, 'image/png'
         FROM generate_series(1, 5) n`,
      );
      const [{ id: menuId }] = await older.query<[{ id: number }]>(
        `INSERT INTO menu (name, grade, img, intro) VALUES ('旧栏目', 1, $1, '') RETURNING id`,
        [picture(1)],
      );
      await older.query(`INSERT INTO news_category (name) VALUES ('旧分类')`);
      const doubled = picture(3).replace('/06/', '//06/');
      const body = `<p><img src="https://www.yunfan.test${picture(2)}?w=640"> <img src="${doubled}"></p>`;
      await older.query(`INSERT INTO news (title, content, dynamic_id) SELECT '旧文章', $1, id FROM news_category`, [
        body,
      ]);
      await older.query(
        `INSERT INTO "case" (name, dict_id, class_id, banner, deleted_at) VALUES ('旧案例', $1, 1, $2, now())`,
        [menuId, JSON.stringify([{ url: picture(4) }])],
      );
      await older.query(`INSERT INTO site_block (key, value) VALUES ('home', $1)`, [
        JSON.stringify({ banner: [{ pic: picture(1) }] }),
      ]);
    } finally {
      await older.destroy();
    }

    const upgraded = await createTestApp({}, { databaseUrl: database.url });
    try {
      const upgradedToken = await login(upgraded);
      const listed = ok<AdminList<MediaItem>>(
        await adminCall(upgraded, upgradedToken, '/api/medialist', { search: 'old-' }),
      ).list.data;
      const uses = Object.fromEntries(listed.map((item) => [item.name, item.uses.map(describeMediaUse)]));
      expect(uses).toEqual({
        'old-1.png': ['首页设置', '栏目「旧栏目」'],
        'old-2.png': ['文章「旧文章」'],
        'old-3.png': ['文章「旧文章」'],
        'old-4.png': ['案例「旧案例」（回收站）'],
        'old-5.png': [],
      });
    } finally {
      await upgraded.close();
      await database.drop();
    }
  });
});

describe('reconciliation', () => {
  it('should record pictures stored without a row, once, even when run twice at once', async () => {
    const folder = path.join(t.config.dataDir, 'uploads', '2025', '01');
    await fs.mkdir(folder, { recursive: true });
    const file = `${randomBytes(16).toString('hex')}.png`;
    const bytes = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    await fs.writeFile(path.join(folder, file), bytes);
    const library = t.app.get(MediaLibrary);
    const added = await Promise.all([library.reconcile(), library.reconcile()]);
    expect(added.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await entry(file)).toMatchObject({
      url: `/uploads/2025/01/${file}`,
      width: 30,
      height: 20,
      bytes: bytes.length,
    });
    await library.reconcile();
    expect(await t.sql('SELECT id FROM media WHERE url = $1', [`/uploads/2025/01/${file}`])).toHaveLength(1);
  });

  it('should leave files the server did not name alone', async () => {
    const folder = path.join(t.config.dataDir, 'uploads', '2025', '01');
    await fs.mkdir(folder, { recursive: true });
    await fs.writeFile(path.join(folder, 'not-ours.png'), 'x');
    await t.app.get(MediaLibrary).reconcile();
    expect((await list({ search: 'not-ours' })).total).toBe(0);
  });
});
