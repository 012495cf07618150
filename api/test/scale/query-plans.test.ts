import { jest } from '@jest/globals';
import pg from 'pg';
import { seedLargeSite } from '../../../scripts/scale-site.mjs';
import { login } from '../support/admin-session.js';
import { ok } from '../support/envelope.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The reads of a large site keep the plans they were built for (docs/decisions.md "A large site"). A smaller copy
 * of the benchmark's site (scripts/scale-site.mjs: 20,000 articles, 4,000 cases) is seeded; every statement the
 * server sends for a read is caught and planned again by PostgreSQL with the same values. What is asserted is the
 * plan's shape, never a time: a list step starts in the index where the last one ended, a deep offset reads the
 * index only, a total is read rather than counted, a search finds its rows through the search index, and no read
 * scans a whole table of content.
 */
let t: TestApp;
let db: pg.Client;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ CACHE: 'false' });
  db = new pg.Client({ connectionString: t.databaseUrl });
  await db.connect();
  await seedLargeSite(db, { articles: 20_000, cases: 4_000, leads: 4_000, media: 2_000, revisions: 500 });
  token = await login(t);
}, 240_000);
afterAll(async () => {
  await db.end();
  await t.close();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** Every node of a plan, depth first; `bounded`: under a Limit, so it stops after that many rows. */
function nodes(plan: PlanNode, bounded = false): Array<PlanNode & { bounded: boolean }> {
  const below = bounded || plan['Node Type'] === 'Limit';
  return [{ ...plan, bounded }, ...(plan.Plans ?? []).flatMap((child) => nodes(child, below))];
}

/** One statement the server sent, with the nodes of its plan. */
interface Planned {
  text: string;
  nodes: Array<PlanNode & { bounded: boolean }>;
}

/** The statements of one call (`POST` with a body, else `GET`), each planned again with its values. */
async function plansOf(path: string, body?: object): Promise<Planned[]> {
  const sent: Array<{ text: string; values: unknown[] }> = [];
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  const spy = jest.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args) {
    const [text, values] = args as unknown as [string | { text: string }, unknown[] | undefined];
    if (this !== db) sent.push({ text: typeof text === 'string' ? text : text.text, values: values ?? [] });
    return original.apply(this, args) as never;
  });
  try {
    const res = body
      ? await t.http.post(path).set('token', token).send(body)
      : await t.http.get(path).set('Host', 'www.yunfan.test');
    expect(res.status).toBe(200);
    if (body) ok(res);
  } finally {
    spy.mockRestore();
  }
  const planned: Planned[] = [];
  for (const { text, values } of sent) {
    if (!/^\s*(SELECT|WITH)\b/i.test(text)) continue;
    const { rows } = await db.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
      `EXPLAIN (FORMAT JSON) ${text}`,
      values,
    );
    planned.push({ text, nodes: nodes(rows[0]!['QUERY PLAN'][0]!.Plan) });
  }
  return planned;
}

const CONTENT = ['news', 'case', 'message', 'media'];

/** No statement reads a whole table of content row by row (a scan that stops after so many matches may). */
function expectNoContentScan(planned: Planned[]): void {
  const scans = planned.flatMap(({ text, nodes: all }) =>
    all
      .filter(
        (node) => node['Node Type'] === 'Seq Scan' && !node.bounded && CONTENT.includes(node['Relation Name'] ?? ''),
      )
      .map((node) => `${node['Relation Name']}: ${text.replace(/\s+/g, ' ').slice(0, 160)}`),
  );
  expect(scans).toEqual([]);
}

/** The indexes the statements' plans use. */
const indexesOf = (planned: Planned[]) => new Set(planned.flatMap((p) => p.nodes.map((node) => node['Index Name'])));
/** The node types of the statements' plans. */
const typesOf = (planned: Planned[]) => new Set(planned.flatMap((p) => p.nodes.map((node) => node['Node Type'])));

/** The cursor the step before the last one answers: what a visitor who scrolled to the end sends. */
async function deepestCursor(path: string, body: object): Promise<number> {
  const first = ok<{ sum: number }>(await t.http.post(path).send({ ...body, amount: 10, page: 0 }));
  return ok<{ page: number }>(await t.http.post(path).send({ ...body, amount: 10, page: first.sum - 20 })).page;
}

describe('the plans of a large site', () => {
  it('should start a deep step of the article list in the index, and read its total', async () => {
    const page = await deepestCursor('/api/newmore', { menu: 0 });
    const planned = await plansOf('/api/newmore', { menu: 0, amount: 10, page });
    expectNoContentScan(planned);
    const step = planned.find((p) => /FROM news n WHERE/.test(p.text) && /LIMIT \$2/.test(p.text))!;
    expect(step.nodes.find((node) => node['Index Name'] === 'news_public_idx')?.['Node Type']).toBe('Index Scan');
    expect(planned.some((p) => /FROM list_count/.test(p.text))).toBe(true);
    // Nothing counts the articles.
    expect(planned.filter((p) => /count\(\*\)/.test(p.text) && /FROM news/.test(p.text))).toEqual([]);

    const category = await deepestCursor('/api/newmore', { menu: 1 });
    expect(indexesOf(await plansOf('/api/newmore', { menu: 1, amount: 10, page: category }))).toContain(
      'news_public_category_idx',
    );
  });

  it('should reach a deep offset through the index alone', async () => {
    const { sum } = ok<{ sum: number }>(await t.http.post('/api/newmore').send({ menu: 0, amount: 10, page: 0 }));
    const planned = await plansOf('/api/newmore', { menu: 0, amount: 10, page: sum - 10 });
    expectNoContentScan(planned);
    const walk = planned.flatMap((p) => p.nodes).find((node) => node['Index Name'] === 'news_public_idx');
    expect(walk?.['Node Type']).toBe('Index Only Scan');
  });

  it('should start a deep step of a case list in the index of its menu or tab', async () => {
    const menu = (
      await db.query<{ dict_id: number }>('SELECT dict_id FROM "case" GROUP BY 1 ORDER BY count(*) DESC LIMIT 1')
    ).rows[0]!.dict_id;
    const byMenu = await plansOf('/api/itemmore', {
      menu,
      amount: 10,
      page: await deepestCursor('/api/itemmore', { menu }),
    });
    expectNoContentScan(byMenu);
    expect(indexesOf(byMenu)).toContain('case_public_dict_idx');
    const tab = { menu: 2, type: 2 };
    const byTab = await plansOf('/api/itemmore', {
      ...tab,
      amount: 10,
      page: await deepestCursor('/api/itemmore', tab),
    });
    expectNoContentScan(byTab);
    expect(indexesOf(byTab)).toContain('case_public_class_idx');
  });

  it("should find a detail's neighbours in the index, without numbering its list", async () => {
    const [article] = (await db.query<{ id: number }>(`SELECT id FROM news ORDER BY id LIMIT 1 OFFSET 10000`)).rows;
    const [item] = (await db.query<{ id: number }>(`SELECT id FROM "case" ORDER BY id LIMIT 1 OFFSET 2000`)).rows;
    for (const planned of [
      await plansOf('/api/itemnewscut', { case: article!.id }),
      await plansOf('/api/details', { case: item!.id }),
      await plansOf('/api/details', { case: item!.id, casemenu: 2 }),
      await plansOf(`/news/${article!.id}.html`),
    ]) {
      expectNoContentScan(planned);
      expect(typesOf(planned).has('WindowAgg')).toBe(false);
    }
  });

  it('should look a rare keyword up in the search index, and walk the list for a common one', async () => {
    for (const keyword of ['做好企业官网', '龘', 'kubernetes', 'react']) {
      for (const type of [1, 2]) {
        const planned = await plansOf('/api/search', { keyword, type, amount: 10, page: 0 });
        expectNoContentScan(planned);
        expect(indexesOf(planned)).toContain(type === 2 ? 'news_search_idx' : 'case_search_idx');
      }
    }
    const common = await plansOf('/api/search', { keyword: '网', type: 2, amount: 10, page: 0 });
    expectNoContentScan(common);
    expect(indexesOf(common)).toContain('news_public_idx');
  });

  it("should find the back office's last pages in the index", async () => {
    const first = ok<{ list: { last_page: number } }>(await t.http.post('/api/news').set('token', token).send({}));
    const news = await plansOf('/api/news', { page: first.list.last_page });
    expectNoContentScan(news);
    expect(
      news
        .flatMap((p) => p.nodes)
        .some((n) => n['Index Name'] === 'news_admin_idx' && n['Node Type'] === 'Index Only Scan'),
    ).toBe(true);
    const cases = ok<{ list: { last_page: number } }>(await t.http.post('/api/case').set('token', token).send({}));
    const caseList = await plansOf('/api/case', { page: cases.list.last_page });
    expectNoContentScan(caseList);
    expect(indexesOf(caseList)).toContain('case_admin_idx');
    const leads = ok<{ list: { last_page: number } }>(
      await t.http.post('/api/leavewords').set('token', token).send({}),
    );
    expectNoContentScan(await plansOf('/api/leavewords', { page: leads.list.last_page }));
    // A search of the leads reads the rows their search index names.
    const searched = await plansOf('/api/leavewords', { search: '朱建华' });
    expectNoContentScan(searched);
    expect(indexesOf(searched)).toContain('message_search_idx');
    // The library's page is read in its order's index; its total counts the 2,000 pictures, as it must.
    const media = await plansOf('/api/medialist', {});
    expect(indexesOf(media.filter((p) => /WITH page/.test(p.text)))).toContain('media_order_idx');
  });
});
