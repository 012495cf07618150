import {
  SearchType,
  type AdminList,
  type CaseAdminRow,
  type CaseForm,
  type IndexData,
  type NewsAdminRow,
  type NewsForm,
  type Paged,
  type CaseSummary,
  type NewsSummary,
  type CaseDetail,
  type PreviewLinks,
} from '@site/shared-types';
import { PublishSchedule } from '../../src/content/editing/publish-schedule.js';
import { Previews } from '../../src/delivery/pages/previews.js';
import { ContentVersion } from '../../src/delivery/reads/content-version.js';
import { SCHEDULE_IN_PAST, SCHEDULE_NEEDS_TIME, SCHEDULE_TIME_FORMAT } from '../../src/content/editing/publishing.js';
import { adminCall, login } from '../support/admin-session.js';
import { ok, refused } from '../support/envelope.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Drafts and scheduled publishing (docs/behaviour.md#drafts-and-scheduled-publishing): the wire contract of
 * `amendcase`/`amendnews`, an unpublished item nowhere public, publishing on time once across servers, and the
 * link push hearing only of public changes.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t);
});
afterAll(() => t.close());

const call = (path: string, body: object = {}) => adminCall(t, token, path, body);
const inAnHour = () => new Date(Date.now() + 3600_000);
/** `2026-…T…+08:00` for a moment. */
const beijing = (date: Date) => `${new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;

/** A new case's form, pinned and dated today, so that it would lead every public list it is in. */
/** Fields of a case form, the state as any text (a bad one is sent too). */
type CaseChanges = Partial<Omit<CaseForm, 'status'>> & { status?: string };

async function caseForm(changes: CaseChanges = {}) {
  const [first] = await t.sql<{ id: number }>('SELECT id FROM "case" WHERE deleted_at IS NULL ORDER BY id LIMIT 1');
  const base = ok<CaseForm>(await call('/api/getcase', { caseid: first!.id }));
  const { status: _status, publish_at: _at, create_time: _date, ...fields } = base;
  return { ...fields, id: 0, name: `状态测试${Math.random().toString(36).slice(2, 8)}`, top: 1, ...changes };
}

async function newsForm(changes: Partial<NewsForm> = {}) {
  const [first] = await t.sql<{ id: number }>('SELECT id FROM news WHERE deleted_at IS NULL ORDER BY id LIMIT 1');
  const base = ok<NewsForm>(await call('/api/getnews', { newsid: first!.id }));
  const { status: _status, publish_at: _at, create_time: _date, ...fields } = base;
  return { ...fields, id: 0, title: `文章状态测试${Math.random().toString(36).slice(2, 8)}`, ...changes };
}

const saveCase = async (form: object) => ok<{ id: number }>(await call('/api/amendcase', form)).id;
const saveNews = async (form: object) => ok<{ id: number }>(await call('/api/amendnews', form)).id;

/** Everywhere a case shows publicly: its detail, its page, its list, search, the home page and the sitemap. */
async function casePublicly(id: number, name: string, menu: number) {
  const detail = await t.http.post('/api/details').send({ case: id });
  const page = await t.http.get(`/details/${id}.html`);
  const list = ok<Paged<CaseSummary>>(await t.http.post('/api/itemmore').send({ menu, amount: 50, type: 1, page: 0 }));
  const found = ok<Paged<CaseSummary>>(
    await t.http.post('/api/search').send({ keyword: name, type: SearchType.Cases, amount: 10, page: 0 }),
  );
  const home = ok<IndexData>(await t.http.get('/api/index'));
  const sitemap = (await t.http.get('/sitemap-desktop.xml')).text;
  return {
    detail: (detail.body as { code: number }).code === 0,
    page: page.status,
    list: list.data.some((item) => item.id === id),
    search: found.data.some((item) => item.id === id),
    home: home.success.content.some((item) => item.id === id),
    sitemap: sitemap.includes(`/details/${id}.html<`),
  };
}

const SHOWN = { detail: true, page: 200, list: true, search: true, home: true, sitemap: true };
const HIDDEN = { detail: false, page: 404, list: false, search: false, home: false, sitemap: false };

async function pushed(id: number, kind: 'details' | 'news') {
  const rows = await t.sql<{ path: string; reason: string }>(
    `SELECT key AS path, payload->>'reason' AS reason FROM outbox WHERE kind = 'baidu-push' AND key = $1 ORDER BY id`,
    [`/${kind}/${id}.html`],
  );
  return rows.map((row) => row.reason);
}

describe('the state of a case on the wire', () => {
  it('should take a save without a state as published, as every earlier caller sends it', async () => {
    const form = await caseForm();
    const id = await saveCase(form);
    expect(ok<CaseForm>(await call('/api/getcase', { caseid: id }))).toMatchObject({
      status: 'published',
      publish_at: null,
    });
    expect(await casePublicly(id, form.name, form.dict_id)).toEqual(SHOWN);
    expect(await pushed(id, 'details')).toEqual(['create']);
  });

  it('should keep a draft out of every public place, and not push it', async () => {
    const form = await caseForm({ status: 'draft' });
    const id = await saveCase(form);
    expect(ok<CaseForm>(await call('/api/getcase', { caseid: id }))).toMatchObject({
      status: 'draft',
      publish_at: null,
    });
    expect(await casePublicly(id, form.name, form.dict_id)).toEqual(HIDDEN);
    expect(await pushed(id, 'details')).toEqual([]);

    // Published by hand: everywhere at once, and pushed as new.
    ok(await call('/api/amendcase', { ...form, id, status: 'published' }));
    expect(await casePublicly(id, form.name, form.dict_id)).toEqual(SHOWN);
    expect(await pushed(id, 'details')).toEqual(['create']);

    // Withdrawn to a draft: gone again, pushed as gone (in place of the push not yet sent).
    ok(await call('/api/amendcase', { ...form, id, status: 'draft' }));
    expect(await casePublicly(id, form.name, form.dict_id)).toEqual(HIDDEN);
    expect(await pushed(id, 'details')).toEqual(['delete']);
  });

  it('should skip unpublished cases as neighbours (上一篇 / 下一篇)', async () => {
    const older = await saveCase(await caseForm({ create_time: '2030-01-01' }));
    const draft = await saveCase(await caseForm({ create_time: '2030-01-02', status: 'draft' }));
    const newer = await saveCase(await caseForm({ create_time: '2030-01-03' }));
    const detail = ok<CaseDetail>(await t.http.post('/api/details').send({ case: newer }));
    expect(detail.downId).toBe(older);
    expect(detail.downId).not.toBe(draft);
  });

  it('should list the state in the back office, filter by it, and refuse an unknown one', async () => {
    const draft = await saveCase(await caseForm({ status: 'draft' }));
    const at = beijing(inAnHour());
    const scheduled = await saveCase(await caseForm({ status: 'scheduled', publish_at: at }));
    const all = ok<AdminList<CaseAdminRow>>(await call('/api/case', { page: 1 }));
    expect(all.list.data.find((row) => row.id === scheduled)).toMatchObject({ status: 'scheduled', publish_at: at });
    const drafts = ok<AdminList<CaseAdminRow>>(await call('/api/case', { status: 'draft' }));
    expect(drafts.list.data.map((row) => row.status)).toEqual(drafts.list.data.map(() => 'draft'));
    expect(drafts.list.data.some((row) => row.id === draft)).toBe(true);
    const [n] = await t.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM "case" WHERE status = 'draft' AND deleted_at IS NULL`,
    );
    expect(drafts.list.total).toBe(n!.n);
    expect(refused(await call('/api/case', { status: 'hidden' }), 2)).toContain('status');
  });

  it.each([
    [{ status: 'scheduled' }, SCHEDULE_NEEDS_TIME],
    [{ status: 'scheduled', publish_at: null }, SCHEDULE_NEEDS_TIME],
    [{ status: 'scheduled', publish_at: '2030-01-01 09:00' }, SCHEDULE_TIME_FORMAT],
    [{ status: 'scheduled', publish_at: '2030-01-01T09:00:00' }, SCHEDULE_TIME_FORMAT],
    [{ status: 'scheduled', publish_at: '2030-02-30T09:00:00+08:00' }, SCHEDULE_TIME_FORMAT],
    [{ status: 'scheduled', publish_at: '2020-01-01T09:00:00+08:00' }, SCHEDULE_IN_PAST],
  ] as Array<[CaseChanges, string]>)('should refuse %j in words', async (state, message) => {
    expect(refused(await call('/api/amendcase', await caseForm(state)), 2)).toBe(message);
  });

  it('should refuse a state it does not know, naming the field', async () => {
    expect(refused(await call('/api/amendcase', await caseForm({ status: 'hidden' })), 2)).toContain('status');
  });
});

describe('scheduled publishing', () => {
  it('should keep a scheduled case out of sight until its time, then publish it once, pushed as new', async () => {
    const at = inAnHour();
    const form = await caseForm({ status: 'scheduled', publish_at: at.toISOString().replace('Z', '+00:00') });
    const id = await saveCase(form);
    // Written back in Beijing time.
    expect(ok<CaseForm>(await call('/api/getcase', { caseid: id })).publish_at).toBe(beijing(at));
    expect(await casePublicly(id, form.name, form.dict_id)).toEqual(HIDDEN);
    const schedule = t.app.get(PublishSchedule);
    // A look that finds nothing due writes nothing: the caches of every server stay as they are.
    const version = async () => (await t.sql<{ version: string }>('SELECT version FROM content_version'))[0]!.version;
    const before = await version();
    expect(await schedule.publishDue()).toEqual([]);
    expect(await version()).toBe(before);

    // Its time comes (the clock moved on, as after downtime).
    await t.sql(`UPDATE "case" SET publish_at = now() - interval '1 minute' WHERE id = $1`, [id]);
    const second = await createTestApp({}, { reuse: t });
    try {
      // Two servers look at once: one of them publishes it.
      const rounds = await Promise.all([schedule.publishDue(), second.app.get(PublishSchedule).publishDue()]);
      expect(rounds.flat().filter((change) => change.kind === 'case' && change.id === id)).toHaveLength(1);
    } finally {
      await second.close();
    }
    // The other server may have published it: this one hears of it from PostgreSQL (made to look at once here).
    await t.app.get(ContentVersion, { strict: false }).check();
    expect(ok<CaseForm>(await call('/api/getcase', { caseid: id }))).toMatchObject({
      status: 'published',
      publish_at: null,
    });
    expect(await casePublicly(id, form.name, form.dict_id)).toEqual(SHOWN);
    expect(await pushed(id, 'details')).toEqual(['create']);
  });

  it('should publish on time by itself, on the server that scheduled it', async () => {
    const timed = await createTestApp({}, { reuse: t, schedulePublishing: true });
    try {
      const adminToken = await login(timed);
      const form = await newsForm({ status: 'scheduled', publish_at: beijing(new Date(Date.now() + 1500)) });
      const id = ok<{ id: number }>(await adminCall(timed, adminToken, '/api/amendnews', form)).id;
      expect((await timed.http.get(`/news/${id}.html`)).status).toBe(404);
      let status = 0;
      const deadline = Date.now() + 60_000;
      while (status !== 200 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        status = (await timed.http.get(`/news/${id}.html`)).status;
      }
      expect(status).toBe(200);
    } finally {
      await timed.close();
    }
  });
});

describe('the state of an article', () => {
  it('should keep a draft article out of its lists, its neighbours and its page', async () => {
    const form = await newsForm({ status: 'draft', create_time: '2031-01-01' });
    const id = await saveNews(form);
    const list = ok<Paged<NewsSummary>>(
      await t.http.post('/api/newmore').send({ menu: form.dynamic_id, amount: 50, page: 0 }),
    );
    expect(list.data.some((item) => item.id === id)).toBe(false);
    expect((await t.http.get(`/news/${id}.html`)).status).toBe(404);
    refused(await t.http.post('/api/itemnewscut').send({ case: id, state: 0 }), 1);
    const newest = list.data[0]!.id;
    const detail = ok<{ upId: number | null }>(await t.http.post('/api/itemnewscut').send({ case: newest, state: 0 }));
    expect(detail.upId).not.toBe(id);
    const drafts = ok<AdminList<NewsAdminRow>>(await call('/api/news', { status: 'draft' }));
    expect(drafts.list.data.find((row) => row.id === id)).toMatchObject({ status: 'draft', publish_at: null });
    expect(await pushed(id, 'news')).toEqual([]);
  });
});

describe('the bin and the revisions of an unpublished item', () => {
  it('should bring a draft back from the bin as a draft, pushing nothing either way', async () => {
    const form = await caseForm({ status: 'draft' });
    const id = await saveCase(form);
    ok(await call('/api/deletecase', { id }));
    ok(await call('/api/restoretrash', { kind: 'case', id }));
    expect(ok<CaseForm>(await call('/api/getcase', { caseid: id })).status).toBe('draft');
    expect(await casePublicly(id, form.name, form.dict_id)).toEqual(HIDDEN);
    expect(await pushed(id, 'details')).toEqual([]);
  });

  it('should restore a revision’s content and keep the state the item is in now', async () => {
    const form = await caseForm();
    const id = await saveCase(form);
    ok(await call('/api/amendcase', { ...form, id, name: `${form.name}改`, status: 'draft' }));
    ok(await call('/api/restorerevision', { kind: 'case', id, number: 1 }));
    expect(ok<CaseForm>(await call('/api/getcase', { caseid: id }))).toMatchObject({
      name: form.name,
      status: 'draft',
    });
  });
});

describe('previews (POST /api/preview)', () => {
  const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
  const BANNER = '预览：此内容尚未发布';

  it('should show a draft on its desktop and mobile pages, as saved, never cached and never indexed', async () => {
    const form = await caseForm({ status: 'draft' });
    const id = await saveCase(form);
    const links = ok<PreviewLinks>(await call('/api/preview', { kind: 'case', id }));
    expect(links.desktop).toMatch(new RegExp(`^/details/${id}\\.html\\?preview=\\d+\\.\\d+\\.[A-Za-z0-9_-]{43}$`));
    expect(links.mobile).toBe(`/move${links.desktop}`);
    expect(new Date(links.expires_at).getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    for (let round = 0; round < 2; round += 1) {
      const page = await t.http.get(links.desktop);
      expect(page.status).toBe(200);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(page.headers['x-cache']).toBeUndefined();
      expect(page.text).toContain(form.name);
      expect(page.text).toContain(BANNER);
      expect(page.text).toContain('<meta name="robots" content="noindex, nofollow" />');
    }
    const phone = await t.http.get(links.mobile).set('User-Agent', PHONE);
    expect(phone.status).toBe(200);
    expect(phone.text).toContain(form.name);
    // The public page is still not found, and so is the preview with a changed token or for another item.
    expect((await t.http.get(`/details/${id}.html`)).status).toBe(404);
    expect((await t.http.get(links.desktop.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))).status).toBe(404);
    const [other] = await t.sql<{ id: number }>('SELECT max(id)::int AS id FROM "case"');
    expect((await t.http.get(links.desktop.replace(`/${id}.html`, `/${other!.id + 1}.html`))).status).toBe(404);

    // Saved again: the preview shows the new text.
    ok(await call('/api/amendcase', { ...form, id, status: 'draft', name: `${form.name}（修改）` }));
    expect((await t.http.get(links.desktop)).text).toContain(`${form.name}（修改）`);

    // Published: the address is the public page now, without the notice; a preview is refused.
    ok(await call('/api/amendcase', { ...form, id, status: 'published' }));
    const published = await t.http.get(links.desktop);
    expect(published.status).toBe(200);
    expect(published.text).not.toContain(BANNER);
    expect(refused(await call('/api/preview', { kind: 'case', id }), 1)).toBe('已发布的内容无需预览，请直接查看页面');
  });

  it('should stop working after an hour, and once the item is deleted', async () => {
    const form = await newsForm({ status: 'draft' });
    const id = await saveNews(form);
    const old = await t.app.get(Previews).links('news', id, Date.now() - 2 * 3600_000);
    expect((await t.http.get(old.desktop)).status).toBe(404);
    const links = ok<PreviewLinks>(await call('/api/preview', { kind: 'news', id }));
    expect((await t.http.get(links.desktop)).status).toBe(200);
    ok(await call('/api/deletenews', { id }));
    expect((await t.http.get(links.desktop)).status).toBe(404);
    refused(await call('/api/preview', { kind: 'news', id }), 1);
    expect(refused(await call('/api/preview', { kind: 'menu', id }), 2)).toContain('kind');
  });
});

describe('a preview link made for one state of its item', () => {
  const BANNER = '预览：此内容尚未发布';

  it('should end at the next publish and withdrawal, and at a deletion and restore', async () => {
    const form = await caseForm({ status: 'draft' });
    const id = await saveCase(form);
    const beforePublish = ok<PreviewLinks>(await call('/api/preview', { kind: 'case', id }));
    expect((await t.http.get(beforePublish.desktop)).text).toContain(BANNER);
    ok(await call('/api/amendcase', { ...form, id, status: 'published' }));
    // 撤回: a draft again, but not the link's draft.
    ok(await call('/api/amendcase', { ...form, id, status: 'draft' }));
    expect((await t.http.get(beforePublish.desktop)).status).toBe(404);

    const beforeDelete = ok<PreviewLinks>(await call('/api/preview', { kind: 'case', id }));
    expect((await t.http.get(beforeDelete.desktop)).text).toContain(BANNER);
    ok(await call('/api/deletecase', { id }));
    ok(await call('/api/restoretrash', { kind: 'case', id }));
    expect((await t.http.get(beforeDelete.desktop)).status).toBe(404);
    expect((await t.http.get(beforeDelete.mobile)).status).not.toBe(200);

    // A link made now shows the draft, and keeps showing it through a save.
    const fresh = ok<PreviewLinks>(await call('/api/preview', { kind: 'case', id }));
    ok(await call('/api/amendcase', { ...form, id, status: 'draft', name: `${form.name}再改` }));
    const page = await t.http.get(fresh.desktop);
    expect(page.text).toContain(BANNER);
    expect(page.text).toContain(`${form.name}再改`);
  });

  it('should end when the scheduler publishes the item', async () => {
    const form = await newsForm({ status: 'draft' });
    const id = await saveNews(form);
    const links = ok<PreviewLinks>(await call('/api/preview', { kind: 'news', id }));
    await t.sql(`UPDATE news SET status = 'scheduled', publish_at = now() - interval '1 second' WHERE id = $1`, [id]);
    await t.app.get(PublishSchedule).publishDue();
    await t.sql(`UPDATE news SET status = 'draft', publish_at = NULL WHERE id = $1`, [id]);
    expect((await t.http.get(links.desktop)).status).toBe(404);
  });

  it('should let only a link the server signed past the page cache', async () => {
    const [published] = await t.sql<{ id: number }>(
      `SELECT id FROM "case" WHERE status = 'published' AND deleted_at IS NULL ORDER BY id LIMIT 1`,
    );
    const address = `/details/${published!.id}.html`;
    // The earlier tests' writes are taken in first, so that no late announcement empties the cache meanwhile.
    await t.app.get(ContentVersion).check();
    // Pages are kept for the site's own names (test-app.ts).
    const get = (route: string) => t.http.get(route).set('Host', 'www.yunfan.test');
    await get(address);
    const forged = `${Math.floor(Date.now() / 1000) + 3600}.0.${'A'.repeat(43)}`;
    for (const query of [`?preview=${forged}`, '?preview=1', '?utm_campaign=preview=1', `?x=1&preview=${forged}`]) {
      const res = await get(`${address}${query}`);
      expect({ query, cache: res.headers['x-cache'] }).toEqual({ query, cache: 'HIT' });
    }
    const form = await caseForm({ status: 'draft' });
    const id = await saveCase(form);
    const links = ok<PreviewLinks>(await call('/api/preview', { kind: 'case', id }));
    const res = await get(links.desktop);
    expect(res.headers['x-cache']).toBeUndefined();
    expect(res.text).toContain(BANNER);
  });
});

describe('a preview on a computer', () => {
  it('should show the mobile page it was made for, not the desktop home', async () => {
    const form = await caseForm({ status: 'draft' });
    const id = await saveCase(form);
    const { mobile } = ok<PreviewLinks>(await call('/api/preview', { kind: 'case', id }));
    const page = await t.http.get(mobile);
    expect(page.status).toBe(200);
    expect(page.text).toContain(form.name);
    // Without a preview, a computer on a mobile address goes to the desktop home as before.
    expect((await t.http.get(`/move/details/${id}.html`)).status).toBe(302);
  });
});
